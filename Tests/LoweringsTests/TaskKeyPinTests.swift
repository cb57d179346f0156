import Cache
import Foundation
import Tasks
import XCTest
@testable import Lowerings

/// Every task key of the example Plans, pinned as one digest per Plan: a refactor of how tasks are
/// built (ids, families, paths, modes, inputs) must not move a key.
final class TaskKeyPinTests: XCTestCase {
    static let pinned = [
        "movie-catalog.plan.json": "2b22b6e3398ea55e8d15aed321c7c23a102c25a5ee934e3149ce618a53ad9807",
        "notes.plan.json": "51a9b5394e5884bf8b759281ac25fdf3850c470556bad49636027bafbc1777f0",
        "studio-ops.plan.json": "0c5f2c42252ecbd52e7c304e38144b1b7330d1178755face4f83bb4cb3cbb4fd",
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
