import Foundation
import XCTest
@testable import Tasks

/// `DirectoryWalker`'s memory of a missing directory: paths below it are missing without another
/// look, only below it (a whole component), and never after a call that may have made it.
final class DirectoryWalkerTests: XCTestCase {
    private var dir: String!
    private var rootFD: Int32 = -1

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("walker-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: dir + "/abc/deep", withIntermediateDirectories: true)
        rootFD = open(dir, O_RDONLY | O_DIRECTORY)
        XCTAssertGreaterThanOrEqual(rootFD, 0)
    }

    override func tearDownWithError() throws {
        close(rootFD)
        try? FileManager.default.removeItem(atPath: dir)
    }

    private func isDirectory(_ fd: Int32?, _ path: String) -> Bool {
        guard let fd else { return false }
        var a = stat(), b = stat()
        return fstat(fd, &a) == 0 && stat(dir + "/" + path, &b) == 0 && a.st_ino == b.st_ino
    }

    func testBelowAMissingDirectoryEverythingIsMissingAndOnlyBelowIt() throws {
        let w = DirectoryWalker(rootFD: rootFD)
        XCTAssertNil(try w.parent(of: "ab/x.txt", create: false))
        XCTAssertNil(try w.parent(of: "ab/deeper/y.txt", create: false))
        // "abc" starts with "ab" but is another component: it is looked up, and found.
        XCTAssertTrue(isDirectory(try w.parent(of: "abc/x.txt", create: false), "abc"))
        XCTAssertTrue(isDirectory(try w.parent(of: "abc/deep/x.txt", create: false), "abc/deep"))
        XCTAssertNil(try w.parent(of: "abc/missing/x.txt", create: false))
        XCTAssertTrue(isDirectory(try w.parent(of: "abc/deep/z.txt", create: false), "abc/deep"))
        XCTAssertEqual(try w.parent(of: "top.txt", create: false), rootFD)
    }

    func testACreatingCallOrAResetForgetsIt() throws {
        let w = DirectoryWalker(rootFD: rootFD)
        XCTAssertNil(try w.parent(of: "new/x.txt", create: false))
        XCTAssertTrue(isDirectory(try w.parent(of: "new/x.txt", create: true), "new"))
        XCTAssertEqual(try w.parent(of: "other.txt", create: false), rootFD)
        XCTAssertTrue(isDirectory(try w.parent(of: "new/y.txt", create: false), "new"), "made by the walker itself")

        XCTAssertNil(try w.parent(of: "later/x.txt", create: false))
        try FileManager.default.createDirectory(atPath: dir + "/later", withIntermediateDirectories: false)
        XCTAssertNil(try w.parent(of: "later/y.txt", create: false), "one pass's snapshot")
        w.reset()
        XCTAssertTrue(isDirectory(try w.parent(of: "later/y.txt", create: false), "later"), "seen after a reset")
    }
}
