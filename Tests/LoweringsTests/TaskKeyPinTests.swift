import Cache
import Foundation
import Tasks
import XCTest
@testable import Lowerings

/// Every task key of the example Plans, pinned as one digest per Plan: a refactor of how tasks are
/// built (ids, families, paths, modes, inputs) must not move a key.
final class TaskKeyPinTests: XCTestCase {
    // Every key moved with the releases …-2026-11.1 (a key carries its release): see the Lowerings
    // README's "Releases".
    // Issue 17 moved: ios.identity_xcconfig and android.application_properties (they read
    // release_version and push), rails.routes and rails.readme (their projections list the push
    // clients), rails.android_workflow (it reads Android's push flag); studio-ops gained push and a
    // version, so its push tasks are new.
    static let pinned = [
        // Moved in issue 17: new seams (bridge, links), the xcconfig and application.properties read
        // links.scheme, each `_form` and the account edit view read `bridge`, the README `app_links`;
        // merged with push17 (push, release_version) and one entitlements file for both.
        "movie-catalog.plan.json": "518dd949459e54c041d98ea2c78e01571b5e32ceb31a3317a7c7f8cd774a5307",
        "notes.plan.json": "759b68b3221c97fec3172465c7058dc4d6e67d1928fa60c4ad1ae93088f90006",
        "studio-ops.plan.json": "0d8b8e4b5f3dceb696170f5bda5f5b1fed0ff5138950727099f01482e0d8f4b0",
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
