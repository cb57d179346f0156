import StoreModel
import Foundation
import XCTest
@testable import Tasks

/// `Materializer.stage` and `FileContent.staged`: bytes written ahead into an unnamed file that
/// no one sees until a run names it, mended in place, named with the mode they were staged with,
/// and copied where they cannot be linked.
final class StagedFileTests: XCTestCase {
    private var dir: String!
    private var out: String { dir + "/out" }
    private var objects: [Digest: [UInt8]] = [:]

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("staged-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private func file(_ path: String, _ text: String, mode: FileMode = .regular) -> TreeFile {
        let b = Array(text.utf8)
        objects[Digest.of(b)] = b
        return TreeFile(path: path, digest: Digest.of(b), mode: mode, size: UInt64(b.count))
    }

    /// A tree applied, with its state older than its files (so they are trusted on their stat).
    private func settled(_ root: String, _ files: [TreeFile]) throws {
        _ = try Materializer(root: root).apply(files) { self.objects[$0]! }
        let when = timespec(tv_sec: time(nil) + 60, tv_nsec: 0)
        var t = [when, when]
        XCTAssertEqual(utimensat(AT_FDCWD, root + "/" + Materializer.stateFile, &t, 0), 0)
    }

    private func names(_ path: String) throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }

    private func stage(_ m: Materializer, _ path: String, _ bytes: [UInt8], mode: FileMode = .regular) -> StagedFile? {
        m.stage(path, mode: mode) { emit in
            // In two pieces, as a patched document comes.
            bytes.withUnsafeBytes { b in
                emit(UnsafeRawBufferPointer(rebasing: b[..<(b.count / 2)]))
                emit(UnsafeRawBufferPointer(rebasing: b[(b.count / 2)...]))
            }
        }
    }

    func testAStagedFileIsSeenOnlyOnceARunNamesItWithItsMode() throws {
        let tree = [file("d/a.txt", "a\n"), file("d/run.sh", "old\n", mode: .executable), file("e/b.txt", "b\n")]
        try settled(out, tree)
        let m = Materializer(root: out)
        let before = try names(out + "/d")

        // Staged with a placeholder, mended in place: nothing new in the directory meanwhile.
        let text = Array("#!/bin/sh\necho XXXX\n".utf8)
        let staged = try XCTUnwrap(stage(m, "d/run.sh", text, mode: .executable))
        XCTAssertEqual(staged.count, text.count)
        XCTAssertTrue(staged.overwrite(Array("done".utf8), at: 15))
        XCTAssertFalse(staged.overwrite(Array("too long".utf8), at: text.count - 2), "past its end")
        XCTAssertEqual(try names(out + "/d"), before, "an unnamed file shows in no listing")
        XCTAssertEqual(try String(contentsOfFile: out + "/d/run.sh", encoding: .utf8), "old\n")

        let changed = file("d/run.sh", "#!/bin/sh\necho done\n", mode: .executable)
        let report = try m.applyChanges([changed], previous: m.loadPrevious(digesting: true), available: { _ in true }) { _ in .staged(staged) }
        XCTAssertEqual(report.written, ["d/run.sh"])
        XCTAssertEqual(try String(contentsOfFile: out + "/d/run.sh", encoding: .utf8), "#!/bin/sh\necho done\n")
        var st = stat()
        XCTAssertEqual(stat(out + "/d/run.sh", &st), 0)
        XCTAssertEqual(st.st_mode & 0o7777, 0o755)
        XCTAssertEqual(try names(out + "/d"), before, "named over the old file; no temp name left")
        // The state records the bytes now there, and the tree is as it records.
        let when = timespec(tv_sec: time(nil) + 120, tv_nsec: 0)
        var t = [when, when]
        XCTAssertEqual(utimensat(AT_FDCWD, out + "/" + Materializer.stateFile, &t, 0), 0)
        XCTAssertEqual(m.unchanged(stateDigest: try XCTUnwrap(report.stateDigest)), 3)
    }

    func testAStagedFileNoRunNamesLeavesNothing() throws {
        try settled(out, [file("d/a.txt", "a\n")])
        let m = Materializer(root: out)
        let before = try names(out + "/d")
        var staged = stage(m, "d/new.txt", Array(repeating: 0x41, count: 100_000))
        XCTAssertNotNil(staged)
        staged = nil
        XCTAssertEqual(try names(out + "/d"), before)
        XCTAssertNil(stage(m, "missing/new.txt", [1]), "its directory must be there: nothing is made")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out + "/missing"))
        XCTAssertNil(stage(m, ".orchestrate/x", [1]), "not in the state directory")
    }

    /// Staged in one tree and given to a run on another file system: its bytes are copied.
    func testAStagedFileOnAnotherFileSystemIsCopied() throws {
        let shm = "/dev/shm"
        var a = stat(), b = stat()
        guard stat(shm, &a) == 0, stat(dir, &b) == 0, a.st_dev != b.st_dev else {
            throw XCTSkip("needs \(shm) on another file system than \(dir!)")
        }
        let other = shm + "/staged-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: other) }
        try settled(other, [file("d/a.txt", "a\n")])
        try settled(out, [file("d/a.txt", "a\n"), file("d/b.txt", "b\n")])
        let big = (0 ..< 3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let staged = try XCTUnwrap(stage(Materializer(root: other), "d/a.txt", big))
        objects[Digest.of(big)] = big
        let changed = TreeFile(path: "d/a.txt", digest: Digest.of(big), mode: .regular, size: UInt64(big.count))
        let m = Materializer(root: out)
        let report = try m.applyChanges([changed], previous: m.loadPrevious(digesting: true), available: { _ in true }) { _ in .staged(staged) }
        XCTAssertEqual(report.written, ["d/a.txt"])
        XCTAssertEqual(FileManager.default.contents(atPath: out + "/d/a.txt").map(Array.init), big)
        XCTAssertEqual(try names(out + "/d"), ["a.txt", "b.txt"])
        XCTAssertEqual(try names(other + "/d"), ["a.txt"], "nothing named where it was staged")
    }
}
