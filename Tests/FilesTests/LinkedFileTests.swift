import Files
import Foundation
import XCTest

final class LinkedFileTests: XCTestCase {
    private var dir: String!
    private var dirFD: Int32 = -1

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("linked-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        dirFD = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(dirFD, 0)
    }

    override func tearDownWithError() throws {
        LinkedFile.enabled = true
        close(dirFD)
        try? FileManager.default.removeItem(atPath: dir)
    }

    private func write(_ name: String, _ text: String, mode: mode_t = 0o600, chmodTo: mode_t? = nil, durable: Bool = false) -> LinkedFile.Outcome {
        Array(text.utf8).withUnsafeBytes { LinkedFile.write(name, in: dirFD, bytes: $0, mode: mode, chmodTo: chmodTo, durable: durable) }
    }

    private func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: dir + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }

    private func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: dir).sorted() }

    private func permissions(_ name: String) throws -> mode_t {
        var st = stat()
        XCTAssertEqual(lstat(dir + "/" + name, &st), 0)
        return st.st_mode & 0o7777
    }

    func testANewNameGetsEveryByteAndTheModeAndNothingElseAppears() throws {
        // Larger than one write on most systems' pipes, and not a multiple of a page.
        let big = String(repeating: "0123456789abcdef", count: 40_000) + "end"
        XCTAssertEqual(write("a.txt", big), .linked)
        XCTAssertEqual(write("b.txt", "", durable: true), .linked)
        XCTAssertEqual(read("a.txt"), big)
        XCTAssertEqual(read("b.txt"), "")
        XCTAssertEqual(try permissions("a.txt"), 0o600)
        XCTAssertEqual(try names(), ["a.txt", "b.txt"], "no temporary name is ever made")
    }

    func testChmodToSetsTheBitsTheCreationModeLeftOut() throws {
        XCTAssertEqual(write("run", "#!/bin/sh\n", mode: 0o600, chmodTo: 0o755), .linked)
        XCTAssertEqual(try permissions("run"), 0o755)
    }

    func testAnExistingNameIsLeftAsItIsAndTheBytesCanBeLinkedElsewhere() throws {
        XCTAssertEqual(write("x", "old"), .linked)
        guard case .exists(let held) = write("x", "new") else { return XCTFail("expected .exists") }
        XCTAssertEqual(read("x"), "old")
        XCTAssertEqual(try names(), ["x"], "the new bytes are not linked anywhere yet")
        XCTAssertEqual(LinkedFile.link(held, as: "y", in: dirFD), 0)
        XCTAssertEqual(LinkedFile.link(held, as: "x", in: dirFD), EEXIST)
        LinkedFile.discard(held)
        XCTAssertEqual(read("y"), "new")
        XCTAssertEqual(try names(), ["x", "y"])
    }

    func testAnExistingDirectoryOrLinkIsNeverWrittenThrough() throws {
        try FileManager.default.createDirectory(atPath: dir + "/d", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: dir + "/l", withDestinationPath: dir + "/target")
        for name in ["d", "l"] {
            guard case .exists(let held) = write(name, "bytes") else { return XCTFail("expected .exists for \(name)") }
            LinkedFile.discard(held)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/target"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/d"), [])
    }

    func testTurnedOffItIsUnsupportedAndCreatesNothing() throws {
        LinkedFile.enabled = false
        XCTAssertEqual(write("a", "bytes"), .unsupported)
        XCTAssertEqual(try names(), [])
    }

    func testAMissingDirectoryFailsOrIsUnsupportedAndCreatesNothing() throws {
        let gone = dir + "/gone"
        try FileManager.default.createDirectory(atPath: gone, withIntermediateDirectories: false)
        let fd = open(gone, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(fd) }
        try FileManager.default.removeItem(atPath: gone)
        let outcome = Array("x".utf8).withUnsafeBytes { LinkedFile.write("a", in: fd, bytes: $0, mode: 0o600) }
        XCTAssertTrue(outcome == .unsupported || outcome == .failed(errno: ENOENT), "\(outcome)")
        XCTAssertEqual(try names(), [])
    }
}
