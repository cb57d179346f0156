import Cache
import Foundation
import XCTest
@testable import Tasks

final class MaterializerTests: XCTestCase {
    private var dir: String!
    private var objects: [Digest: [UInt8]] = [:]

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("mat-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private func file(_ path: String, _ text: String, _ mode: FileMode = .regular) -> TreeFile {
        let b = Array(text.utf8)
        objects[Digest.of(b)] = b
        return TreeFile(path: path, digest: Digest.of(b), mode: mode, size: UInt64(b.count))
    }

    private func apply(_ files: [TreeFile], root: String? = nil) throws -> MaterializeReport {
        try Materializer(root: root ?? dir + "/out").apply(files) { d in self.objects[d]! }
    }

    private func read(_ p: String) -> String? { FileManager.default.contents(atPath: dir + "/out/" + p).map { String(decoding: $0, as: UTF8.self) } }
    private func mtime(_ p: String) throws -> Date { try FileManager.default.attributesOfItem(atPath: dir + "/out/" + p)[.modificationDate] as! Date }
    private func perms(_ p: String) throws -> Int { try FileManager.default.attributesOfItem(atPath: dir + "/out/" + p)[.posixPermissions] as! Int }

    func testWritesOnlyChangedFilesAndKeepsMtimes() throws {
        let r1 = try apply([file("a.txt", "A"), file("sub/b.txt", "B"), file("bin/run", "#!/bin/sh\n", .executable)])
        XCTAssertEqual(r1.written.sorted(), ["a.txt", "bin/run", "sub/b.txt"])
        XCTAssertEqual(try perms("bin/run"), 0o755)
        XCTAssertEqual(try perms("a.txt"), 0o644)
        let before = try mtime("a.txt")
        usleep(20_000)
        let r2 = try apply([file("a.txt", "A"), file("sub/b.txt", "B2"), file("bin/run", "#!/bin/sh\n", .executable)])
        XCTAssertEqual(r2.written, ["sub/b.txt"])
        XCTAssertEqual(r2.unchanged, 2)
        XCTAssertEqual(try mtime("a.txt"), before)
        XCTAssertEqual(read("sub/b.txt"), "B2")
    }

    func testModeOnlyChangeIsAChmodNotAWrite() throws {
        _ = try apply([file("x", "X")])
        let r = try apply([file("x", "X", .executable)])
        XCTAssertEqual(r.modeChanged, ["x"])
        XCTAssertEqual(r.written, [])
        XCTAssertEqual(try perms("x"), 0o755)
    }

    func testRemovesStaleOwnedFilesButNeverForeignOrEditedOnes() throws {
        _ = try apply([file("keep", "K"), file("old/stale", "S"), file("edited", "E")])
        try "mine".write(toFile: dir + "/out/foreign.txt", atomically: true, encoding: .utf8)
        try "changed by hand".write(toFile: dir + "/out/edited", atomically: true, encoding: .utf8)
        let r = try apply([file("keep", "K")])
        XCTAssertEqual(r.removed, ["old/stale"])
        XCTAssertEqual(r.keptModified, ["edited"])
        XCTAssertNil(read("old/stale"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out/old"), "empty parent removed")
        XCTAssertEqual(read("foreign.txt"), "mine")
        XCTAssertEqual(read("edited"), "changed by hand")
    }

    func testRewritesAFileEditedByHand() throws {
        _ = try apply([file("a", "A")])
        try "tampered".write(toFile: dir + "/out/a", atomically: false, encoding: .utf8)
        let r = try apply([file("a", "A")])
        XCTAssertEqual(r.written, ["a"])
        XCTAssertEqual(read("a"), "A")
    }

    func testRefusesToWriteThroughSymlinks() throws {
        let outside = dir + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/out/link", withDestinationPath: outside)
        XCTAssertThrowsError(try apply([file("link/evil", "E")])) { error in
            guard case .unsafePath = error as? TaskError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside), [])
        try FileManager.default.createSymbolicLink(atPath: dir + "/out/f", withDestinationPath: outside + "/target")
        XCTAssertThrowsError(try apply([file("f", "E")]))
        XCTAssertFalse(FileManager.default.fileExists(atPath: outside + "/target"))
    }

    func testRejectsEscapingPaths() {
        for bad in ["../x", "/etc/x", "a/../../x", ".orchestrate/outputs.json"] {
            XCTAssertThrowsError(try apply([file(bad, "x")]), bad)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/x"))
    }

    func testNoTempFilesLeftBehind() throws {
        _ = try apply((0..<30).map { file("d/f\($0)", "v\($0)") })
        let names = try FileManager.default.subpathsOfDirectory(atPath: dir + "/out")
        XCTAssertFalse(names.contains { $0.contains("orchestrate-tmp") })
    }

    func testWriteFailureIsAnIOError() throws {
        _ = try apply([file("a", "A")])
        // A file where a directory is needed.
        XCTAssertThrowsError(try apply([file("a/b", "B")])) { error in
            guard case .unsafePath = error as? TaskError else { return XCTFail("\(error)") }
        }
    }
}
