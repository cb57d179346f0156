import Cache
import Foundation
import Tasks
import XCTest
@testable import Lowerings

/// Every task key of the example Plans, pinned as one digest per Plan: a refactor of how tasks are
/// built (ids, families, paths, modes, inputs) must not move a key.
final class TaskKeyPinTests: XCTestCase {
    // Issue 17 moved: ios.identity_xcconfig and android.application_properties (they read
    // release_version and push), rails.routes and rails.readme (their projections list the push
    // clients), rails.android_workflow (it reads Android's push flag); studio-ops gained push and a
    // version, so its push tasks are new.
    static let pinned = [
        // Moved in issue 17: new seams (bridge, links), the xcconfig and application.properties read
        // links.scheme, each `_form` and the account edit view read `bridge`, the README `app_links`;
        // merged with push17 (push, release_version) and one entitlements file for both.
        "movie-catalog.plan.json": "790154140a1f79aae4cd124a6f196ae9bae19ff35effd130552ad1e3f9540818",
        "notes.plan.json": "7e4ab73ef685c63dd9ef7dd2574b4491294db77bdfbed0bbf6a6e1970c79e1b6",
        "studio-ops.plan.json": "0e096b04291453a109717a35121397c63bb6ee2ecc4df93e2457e27d22e6e94c",
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
