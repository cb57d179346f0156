import Cache
import Foundation
import Tasks
import XCTest
@testable import Lowerings

/// Every task key of the example Plans, pinned as one digest per Plan: a refactor of how tasks are
/// built (ids, families, paths, modes, inputs) must not move a key.
final class TaskKeyPinTests: XCTestCase {
    static let pinned = [
        // Moved in issue 17: new seams (bridge, links), the xcconfig and application.properties read
        // links.scheme, each `_form` and the account edit view read `bridge`, the README `app_links`.
        "movie-catalog.plan.json": "a69f765dec440d2f2e7d22518af6e8e38309c12f000fcfa3989c42a469254834",
        "notes.plan.json": "9de1580eeb9761eb88ee3830cfd2f0c64adb841766f4054ee54ec324241ffbe3",
        "studio-ops.plan.json": "696205f893c58ecf2fee598941b2fd28631329313228d2a96f84973e3c5b816b",
    ]

    func testExampleTaskKeysArePinned() throws {
        for name in Fixture.names {
            let loaded = try XCTUnwrap(load(try Fixture.text(name), file: name).loadedPlan)
            let lowerings = PlanLowering.lower(loaded)
            let tasks = lowerings.flatMap(\.tasks) + [GapSetFile.task(GapSetFile.sorted(lowerings.flatMap(\.gaps)))]
            let lines = tasks.map { "\($0.id) \(TaskKey(task: $0, dependencyDigests: [:]).digest.hex)\n" }.sorted().joined()
            XCTAssertEqual(Digest.of(lines).hex, Self.pinned[name], "\(name): task keys moved:\n\(lines)")
        }
    }
}
