import StoreModel
import XCTest
@testable import Tasks

final class TaskGraphTests: XCTestCase {
    func testTopologicalOrderPutsDependenciesFirst() throws {
        let g = try TaskGraph([
            textTask("c", "c", deps: ["in": "b"]),
            textTask("b", "b", deps: ["in": "a"]),
            textTask("a", "a"),
            textTask("d", "d"),
        ])
        let ids = g.order.map { g.tasks[$0].id }
        XCTAssertEqual(ids, ["a", "b", "c", "d"])
        XCTAssertEqual(Set(ids).count, 4)
    }

    func testCycleNamesItsPath() {
        XCTAssertThrowsError(try TaskGraph([
            textTask("a", "a", deps: ["x": "c"]),
            textTask("b", "b", deps: ["x": "a"]),
            textTask("c", "c", deps: ["x": "b"]),
            textTask("z", "z"),
        ])) { error in
            guard case let TaskError.cycle(path) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(path.first, path.last)
            XCTAssertEqual(Set(path), ["a", "b", "c"])
            XCTAssertEqual(path.count, 4)
            XCTAssertTrue("\(error)".contains("->"))
        }
    }

    func testSelfCycle() {
        XCTAssertThrowsError(try TaskGraph([textTask("a", "a", deps: ["x": "a"])])) { error in
            XCTAssertEqual(error as? TaskError, .cycle(["a", "a"]))
        }
    }

    func testDuplicateOutputNamesBoth() {
        XCTAssertThrowsError(try TaskGraph([textTask("a", "a", path: "same.txt"), textTask("b", "b", path: "same.txt")])) { error in
            XCTAssertEqual(error as? TaskError, .duplicateOutput(path: "same.txt", first: "a", second: "b"))
        }
    }

    func testDuplicateIDAndUnknownDependency() {
        XCTAssertThrowsError(try TaskGraph([textTask("a", "a", path: "1"), textTask("a", "b", path: "2")])) {
            XCTAssertEqual($0 as? TaskError, .duplicateTaskID("a"))
        }
        XCTAssertThrowsError(try TaskGraph([textTask("a", "a", deps: ["x": "nope"])])) {
            XCTAssertEqual($0 as? TaskError, .unknownDependency(taskID: "a", input: "x", missing: "nope"))
        }
    }

    func testBadOutputPaths() {
        for bad in ["", "/abs", "a/../b", "./a", "a//b", "a/", "..", "a\\b"] {
            XCTAssertThrowsError(try TaskGraph([textTask("a", "a", path: bad)]), bad) { error in
                guard case .invalidOutputPath(taskID: "a", path: bad, reason: _) = error as? TaskError else {
                    return XCTFail("\(bad): \(error)")
                }
            }
        }
    }
}
