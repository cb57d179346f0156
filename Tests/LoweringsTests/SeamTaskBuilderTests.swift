import Cache
import Tasks
import XCTest
@testable import Lowerings

/// The one way every lowering builds a file task: id and family from the seam, path and mode from
/// its declaration, inputs from the projections read.
final class SeamTaskBuilderTests: XCTestCase {
    private let a = Projection(name: "a", fields: ["x": .int(1)])
    private let b = Projection(name: "b", fields: ["y": .string("z")])

    func testATaskTakesEverythingButItsInputsFromTheSeam() throws {
        var builder = SeamTaskBuilder(release: "r-1")
        builder.add(.command(for: .android), reads: [a, b]) { Array("x".utf8) }
        let task = try XCTUnwrap(builder.tasks.first)
        XCTAssertEqual(task.id, "rails.android_command")
        XCTAssertEqual(task.family, "rails.android_command")
        XCTAssertEqual(task.platform, "rails")
        XCTAssertEqual(task.path, "bin/android")
        XCTAssertEqual(task.mode, .executable)
        XCTAssertEqual(task.release, "r-1")
        XCTAssertEqual(task.inputs, ["a": a.digest, "b": b.digest])
        XCTAssertEqual(Set(builder.projections.keys), ["a", "b"])
    }

    func testAPatternSeamGivesOneTaskPerInstanceUnderItsMount() throws {
        var builder = SeamTaskBuilder(release: "r-1")
        for token in ["film", "star"] {
            builder.add(.androidTabIcons, instance: token, values: ["token": token], reads: [a]) { [] }
        }
        XCTAssertEqual(builder.tasks.map(\.id), ["android.tab_icons.film", "android.tab_icons.star"])
        XCTAssertEqual(Set(builder.tasks.map(\.family)), ["android.tab_icons"])
        XCTAssertEqual(builder.tasks.map(\.path), ["android/app/src/main/res/drawable/ic_tab_film.xml",
                                                   "android/app/src/main/res/drawable/ic_tab_star.xml"])
        XCTAssertEqual(builder.tasks.map(\.platform), ["android", "android"])
    }

    /// What composition checks holds by construction for every task of the three lowerings.
    func testEveryLoweredTaskSitsOnItsSeam() throws {
        for name in Fixture.names {
            let lowerings = PlanLowering.lower(try XCTUnwrap(load(try Fixture.text(name), file: name).loadedPlan))
            for lowering in lowerings {
                for task in lowering.tasks {
                    let seam = try XCTUnwrap(SeamID(rawValue: task.family), task.id)
                    let declared = CoreCatalog.seam(seam)
                    XCTAssertEqual(seam.platform, lowering.platform, task.id)
                    XCTAssertEqual(task.platform, lowering.platform.rawValue, task.id)
                    XCTAssertEqual(task.mode, declared.mode, task.id)
                    XCTAssertTrue(task.path.hasPrefix(lowering.platform.mount.isEmpty ? "" : lowering.platform.mount + "/"), task.path)
                    XCTAssertTrue(declared.matches(String(task.path.dropFirst(lowering.platform.mount.isEmpty ? 0 : lowering.platform.mount.count + 1))),
                                  "\(task.path) is not \(declared.path)")
                }
            }
        }
    }
}
