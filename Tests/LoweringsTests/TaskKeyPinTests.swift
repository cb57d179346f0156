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
        // links.scheme, each `_form` and the account edit view read `bridge`.
        "movie-catalog.plan.json": "e283754b497f7dec55ba2db73070290361aacc7236de47099f9143f27b846915",
        "notes.plan.json": "69cc959dfe39b01b63a8853203f44806932a34e210cc461846183d9f8719995b",
        "studio-ops.plan.json": "68ab481d453b8217290168b90e8c0ddb8e34fcf6749b6a9a7298bab242eb5dcd",
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
