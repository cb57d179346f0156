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
        "movie-catalog.plan.json": "216973dc102c651397cacbe9ac942e1e7952798c52b08ec7e22d3447ecc4d868",
        "notes.plan.json": "c2a28b3f8926bf35f3a33353f008b764ed391c482ecf19567dbaa397da350236",
        "studio-ops.plan.json": "91820f9d6b76c3442ad8f48493f5342715428ed29a46e346ef627ede546878d8",
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
