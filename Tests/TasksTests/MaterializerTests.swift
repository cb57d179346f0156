import Files
import StoreModel
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

    /// Past `parallelWrites` files the writes go on two threads: every file must still get its
    /// bytes and mode, the report must list each one once, in order, and a failure in either
    /// half must fail the run naming the path.
    func testManyFilesAreWrittenOnTwoThreadsWithTheSameOutcome() throws {
        let n = Materializer.parallelWrites * 3
        func files(_ round: Int) -> [TreeFile] {
            (0..<n).map { i in
                file("d\(i % 7)/e\(i % 5)/f\(i).txt", "file \(i) round \(i % 3 == 0 ? round : 0)", i % 4 == 0 && round > 0 ? .executable : .regular)
            }
        }
        let r1 = try apply(files(0))
        XCTAssertEqual(r1.written.count, n)
        XCTAssertEqual(r1.written, r1.written.sorted())
        for i in 0..<n { XCTAssertEqual(read("d\(i % 7)/e\(i % 5)/f\(i).txt"), "file \(i) round 0") }
        let r2 = try apply(files(1))
        let rewritten = (0..<n).filter { $0 % 3 == 0 }, chmodded = (0..<n).filter { $0 % 4 == 0 && $0 % 3 != 0 }
        XCTAssertEqual(Set(r2.written), Set(rewritten.map { "d\($0 % 7)/e\($0 % 5)/f\($0).txt" }))
        XCTAssertEqual(Set(r2.modeChanged), Set(chmodded.map { "d\($0 % 7)/e\($0 % 5)/f\($0).txt" }))
        XCTAssertEqual(r2.unchanged, n - rewritten.count - chmodded.count)
        for i in 0..<n {
            let path = "d\(i % 7)/e\(i % 5)/f\(i).txt"
            XCTAssertEqual(read(path), "file \(i) round \(i % 3 == 0 ? 1 : 0)")
            XCTAssertEqual(try perms(path), i % 4 == 0 ? 0o755 : 0o644, path)
        }
        XCTAssertEqual(try apply(files(1)).unchanged, n, "a second run changes nothing")
        // A directory in the way of a file late in the list: the run fails and names it.
        var broken = files(2)
        try FileManager.default.removeItem(atPath: dir + "/out/d6/e4")
        try FileManager.default.createDirectory(atPath: dir + "/out/d6/e4/f\(n - 1).txt/x", withIntermediateDirectories: true)
        broken[n - 1] = file("d6/e4/f\(n - 1).txt", "late")
        XCTAssertThrowsError(try apply(broken)) { error in
            XCTAssertTrue("\(error)".contains("f\(n - 1).txt"), "\(error)")
        }
    }

    /// More files than one probe chunk (256), so targets are stat'ed by several walkers through
    /// their directories' descriptors: an edit, a symbolic link and a missing directory are each
    /// found wherever they fall.
    func testProbesInChunksFindEditsLinksAndMissingDirectories() throws {
        let n = 900
        let files = (0..<n).map { i in file("p\(i % 3)/q\(i % 11)/f\(i).txt", "probe \(i)") }
        XCTAssertEqual(try apply(files).written.count, n)
        XCTAssertEqual(try apply(files).unchanged, n)
        // An edit late in the list is kept (and said) like one early in it.
        let late = "p\((n - 2) % 3)/q\((n - 2) % 11)/f\(n - 2).txt"
        try Data("edited".utf8).write(to: URL(fileURLWithPath: dir + "/out/" + late))
        usleep(20_000)
        var next = files
        next[n - 2] = file(late, "probe again")
        let r = try apply(next)
        XCTAssertEqual(r.keptEdited, [late])
        XCTAssertEqual(read(late), "edited")
        // A missing directory: its files are written again.
        try FileManager.default.removeItem(atPath: dir + "/out/p1/q7")
        let again = try apply(next)
        let inMissing: [Int] = (0..<n).filter { (i: Int) -> Bool in i % 3 == 1 && i % 11 == 7 }
        XCTAssertEqual(Set(again.written), Set(inMissing.map { (i: Int) -> String in "p1/q7/f\(i).txt" }))
        // A symbolic link at a target in a later chunk fails the run naming it, and nothing is written.
        let lastInDir: Int = (0..<n).last { (i: Int) -> Bool in i % 3 == 2 && i % 11 == 3 }!
        let linked = "p2/q3/f\(lastInDir).txt"
        try FileManager.default.removeItem(atPath: dir + "/out/" + linked)
        try FileManager.default.createSymbolicLink(atPath: dir + "/out/" + linked, withDestinationPath: dir + "/elsewhere")
        next[0] = file("p0/q0/f0.txt", "changed first")
        XCTAssertThrowsError(try apply(next)) { error in
            XCTAssertTrue("\(error)".contains(linked) && "\(error)".contains("symbolic link"), "\(error)")
        }
        XCTAssertEqual(read("p0/q0/f0.txt"), "probe 0", "nothing written before the check")
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

    /// Like a file the Plan dropped: an edit is kept, and said.
    func testAFileEditedByHandThatThePlanStillProducesIsKept() throws {
        _ = try apply([file("a", "A"), file("b", "B")])
        try "edited".write(toFile: dir + "/out/a", atomically: false, encoding: .utf8)
        try "edited".write(toFile: dir + "/out/b", atomically: false, encoding: .utf8)
        // `a` unchanged in the Plan, `b` changed: both edits are kept.
        let r = try apply([file("a", "A"), file("b", "B2")])
        XCTAssertEqual(r.written, [])
        XCTAssertEqual(r.keptModified, [])
        XCTAssertEqual(read("a"), "edited")
        XCTAssertEqual(read("b"), "edited")
        XCTAssertEqual(r.keptEdited, ["a", "b"])
        // Still recorded as ours-then-edited: found again next time, and a no-op otherwise.
        XCTAssertEqual(try apply([file("a", "A"), file("b", "B2")]).keptEdited, ["a", "b"])
        // Told to, it overwrites them and says so.
        let forced = try Materializer(root: dir + "/out", overwriteEdited: true).apply([file("a", "A"), file("b", "B2")]) { d in self.objects[d]! }
        XCTAssertEqual(forced.written, ["a", "b"])
        XCTAssertEqual(forced.overwrittenEdited, ["a", "b"])
        XCTAssertEqual(read("a"), "A")
        XCTAssertEqual(read("b"), "B2")
        XCTAssertEqual(try apply([file("a", "A"), file("b", "B2")]).keptEdited, [])
    }

    func testAForeignFileAtAPathThePlanNowProducesIsReplaced() throws {
        try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: true)
        try "before orchestrate".write(toFile: dir + "/out/a", atomically: false, encoding: .utf8)
        XCTAssertEqual(try apply([file("a", "A")]).written, ["a"], "never recorded: not an edit of ours")
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

    /// New files are linked in unnamed (`LinkedFile`), replaced ones go through a temp name; where
    /// unnamed files cannot be made, every write takes a temp name. Both end the same.
    func testWithAndWithoutUnnamedFilesTheTreeModesAndStateAreTheSame() throws {
        defer { LinkedFile.enabled = true }
        var trees: [[String: String]] = []
        for enabled in [true, false] {
            LinkedFile.enabled = enabled
            let root = dir + "/out-\(enabled)"
            func run(_ files: [TreeFile]) throws -> MaterializeReport {
                try Materializer(root: root).apply(files) { d in self.objects[d]! }
            }
            let first = try run((0..<40).map { file("d\($0 % 3)/f\($0)", "v\($0)") } + [file("bin/run", "#!/bin/sh\n", .executable)])
            XCTAssertEqual(first.written.count, 41)
            let second = try run((0..<40).map { file("d\($0 % 3)/f\($0)", $0 == 7 ? "changed" : "v\($0)") }
                + [file("bin/run", "#!/bin/sh\n", .executable)])
            XCTAssertEqual(second.written, ["d1/f7"])
            let names = try FileManager.default.subpathsOfDirectory(atPath: root)
            XCTAssertFalse(names.contains { $0.contains("orchestrate-tmp") }, "\(names)")
            let perm = try FileManager.default.attributesOfItem(atPath: root + "/bin/run")[.posixPermissions] as! Int
            XCTAssertEqual(perm, 0o755)
            var tree: [String: String] = [:]
            for n in names where !n.hasPrefix(".orchestrate") {
                var isDir: ObjCBool = false
                if FileManager.default.fileExists(atPath: root + "/" + n, isDirectory: &isDir), !isDir.boolValue {
                    tree[n] = String(decoding: FileManager.default.contents(atPath: root + "/" + n)!, as: UTF8.self)
                }
            }
            XCTAssertEqual(tree["d1/f7"], "changed")
            trees.append(tree)
            // The state records what is on disk: the next run changes nothing.
            XCTAssertEqual(try run((0..<40).map { file("d\($0 % 3)/f\($0)", $0 == 7 ? "changed" : "v\($0)") }
                + [file("bin/run", "#!/bin/sh\n", .executable)]).written, [])
        }
        XCTAssertEqual(trees[0], trees[1])
        XCTAssertEqual(trees[0].count, 41)
    }

    /// Content in pieces (`FileContent.pieces`) is written whole, new or replacing a file, with
    /// unnamed files and without; a producer that throws names nothing: no new file, the old bytes
    /// kept, no temp name left, and its error is the one thrown.
    func testContentInPiecesIsWrittenWholeOrNotAtAll() throws {
        struct Stop: Error {}
        defer { LinkedFile.enabled = true }
        for enabled in [true, false] {
            LinkedFile.enabled = enabled
            let root = dir + "/pieces-\(enabled)"
            let text = (0 ..< 500).map { "line \($0)\n" }.joined()
            // Each file's object in pieces of 7 bytes (and an empty one), stopping before piece `stopAfter`.
            func pieces(stopAfter: Int? = nil) -> (Digest) throws -> FileContent {
                { d in
                    let b = self.objects[d]!
                    return .pieces { emit in
                        emit(UnsafeRawBufferPointer(start: nil, count: 0))
                        for (n, i) in stride(from: 0, to: b.count, by: 7).enumerated() {
                            if n == stopAfter { throw Stop() }
                            b[i ..< min(i + 7, b.count)].withUnsafeBytes(emit)
                        }
                    }
                }
            }
            let m = Materializer(root: root)
            let first = try m.apply([file("doc.json", text), file("other", "x")], previous: nil, content: pieces())
            XCTAssertEqual(first.written, ["doc.json", "other"])
            XCTAssertEqual(try String(contentsOfFile: root + "/doc.json", encoding: .utf8), text)
            // A producer that throws: a new file is not made, a replaced one keeps its bytes.
            let changed = text + "more\n"
            XCTAssertThrowsError(try m.apply([file("doc.json", changed), file("new.json", changed)], previous: nil,
                                             content: pieces(stopAfter: 250))) { XCTAssertTrue($0 is Stop, "\($0)") }
            XCTAssertEqual(try String(contentsOfFile: root + "/doc.json", encoding: .utf8), text)
            XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/new.json"))
            let names = try FileManager.default.subpathsOfDirectory(atPath: root)
            XCTAssertFalse(names.contains { $0.contains("orchestrate-tmp") }, "\(names)")
            // Then the whole of it replaces the file.
            XCTAssertEqual(try m.apply([file("doc.json", changed)], previous: nil, content: pieces()).written, ["doc.json"])
            XCTAssertEqual(try String(contentsOfFile: root + "/doc.json", encoding: .utf8), changed)
        }
    }

    func testWriteFailureIsAnIOError() throws {
        _ = try apply([file("a", "A")])
        // A file where a directory is needed.
        XCTAssertThrowsError(try apply([file("a/b", "B")])) { error in
            guard case .unsafePath = error as? TaskError else { return XCTFail("\(error)") }
        }
    }

    func testAFileAsTheRootIsAClearError() throws {
        XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/plain", contents: Data("x".utf8)))
        XCTAssertThrowsError(try apply([file("a", "A")], root: dir + "/plain")) { error in
            guard case let .unsafePath(path, reason) = error as? TaskError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, dir + "/plain")
            XCTAssertTrue(reason.contains("not a directory"))
        }
        XCTAssertEqual(FileManager.default.contents(atPath: dir + "/plain"), Data("x".utf8))
    }
}

final class MaterializerStateTests: XCTestCase {
    private var dir: String!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("matstate-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private func tree(_ texts: [String: String]) -> ([TreeFile], [Digest: [UInt8]]) {
        var objects: [Digest: [UInt8]] = [:]
        let files = texts.map { path, text -> TreeFile in
            let b = Array(text.utf8)
            objects[Digest.of(b)] = b
            return TreeFile(path: path, digest: Digest.of(b), mode: .regular, size: UInt64(b.count))
        }
        return (files, objects)
    }

    private func stateStat() -> stat {
        var st = stat()
        XCTAssertEqual(lstat(dir + "/out/" + Materializer.stateFile, &st), 0)
        return st
    }

    func testANoOpLeavesTheStateFileAloneAndAChangeRewritesIt() throws {
        let m = Materializer(root: dir + "/out")
        let (files, objects) = tree(["a/1.txt": "one", "a/2.txt": "two", "b/3.txt": "three"])
        _ = try m.apply(files) { objects[$0]! }
        // Files as recent as the state file are hashed once more and the state written again,
        // after which the recorded facts are trusted.
        usleep(20_000)
        _ = try m.apply(files) { objects[$0]! }
        let before = stateStat()
        let r = try m.apply(files) { objects[$0]! }
        XCTAssertEqual(r.unchanged, 3)
        let after = stateStat()
        XCTAssertEqual(after.st_ino, before.st_ino, "a no-op does not replace the state file")

        // An edit of the same size is found (by hashing) and kept; told to, the materializer
        // rewrites it and records the new stat.
        try "TWO".write(toFile: dir + "/out/a/2.txt", atomically: false, encoding: .utf8)
        XCTAssertEqual(try m.apply(files) { objects[$0]! }.keptEdited, ["a/2.txt"])
        XCTAssertEqual(try Materializer(root: dir + "/out", overwriteEdited: true).apply(files) { objects[$0]! }.written, ["a/2.txt"])
        XCTAssertNotEqual(stateStat().st_ino, before.st_ino)
        XCTAssertEqual(try m.apply(files) { objects[$0]! }.unchanged, 3)
    }

    func testAStateFileWrittenByJSONEncoderWithWhitespaceStillLoads() throws {
        let m = Materializer(root: dir + "/out")
        let (files, objects) = tree(["x.txt": "x", "y/z.txt": "zz"])
        _ = try m.apply(files) { objects[$0]! }
        // Re-write the state pretty-printed (what another JSON writer might leave): the fast reader
        // declines it, the full decoder reads it, and stale files are still recognised as ours.
        let path = dir + "/out/" + Materializer.stateFile
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted]).write(to: URL(fileURLWithPath: path))
        XCTAssertNil(OutputStateCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))))
        let r = try m.apply(files.filter { $0.path == "x.txt" }) { objects[$0]! }
        XCTAssertEqual(r.removed, ["y/z.txt"], "the previous state was read, so our stale file is removed")
        XCTAssertEqual(r.unchanged, 1)
    }
}

extension MaterializerStateTests {
    func testASameSizeEditRightAfterAWriteIsStillFound() throws {
        // No sleeps: the edit lands in the same clock tick as our write, so size, inode and mtime
        // can all match what was recorded; only the racily-clean rule catches it.
        let m = Materializer(root: dir + "/out")
        let force = Materializer(root: dir + "/out", overwriteEdited: true)
        let (files, objects) = tree(["f.txt": "abc"])
        for round in 0..<20 {
            _ = try force.apply(files) { objects[$0]! }
            let fd = open(dir + "/out/f.txt", O_WRONLY)
            XCTAssertEqual(pwrite(fd, "xyz", 3, 0), 3)
            close(fd)
            XCTAssertEqual(try m.apply(files) { objects[$0]! }.keptEdited, ["f.txt"], "round \(round)")
        }
    }
}

extension MaterializerStateTests {
    private func setMtime(_ path: String, _ ns: Int64) {
        let t = timespec(tv_sec: Int(ns / 1_000_000_000), tv_nsec: Int(ns % 1_000_000_000))
        var times = [t, t]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
    }

    private func mtimeNs(_ path: String) -> Int64 {
        var st = stat()
        XCTAssertEqual(lstat(path, &st), 0)
        return Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
    }

    func testAnEditInTheStateFilesClockTickIsNotTrustedAway() throws {
        // Simulates a coarse clock: a same-size edit that leaves size, inode and mtime as recorded,
        // with the state file written in the same tick as the file. It must be found by hashing.
        let m = Materializer(root: dir + "/out")
        let (files, objects) = tree(["f.txt": "abc"])
        _ = try m.apply(files) { objects[$0]! }
        let file = dir + "/out/f.txt"
        let recorded = mtimeNs(file)
        try "xyz".write(toFile: file, atomically: false, encoding: .utf8)
        setMtime(file, recorded)
        setMtime(dir + "/out/" + Materializer.stateFile, recorded)
        XCTAssertEqual(try m.apply(files) { objects[$0]! }.keptEdited, ["f.txt"])
        XCTAssertEqual(FileManager.default.contents(atPath: file), Data("xyz".utf8))
    }
}

extension MaterializerStateTests {
    func testAPathGivenTwiceEndsWithTheLastBytes() throws {
        let m = Materializer(root: dir + "/out")
        let (one, o1) = tree(["p.txt": "first"])
        let (two, o2) = tree(["p.txt": "second!"])
        let objects = o1.merging(o2) { a, _ in a }
        _ = try m.apply(one + two) { objects[$0]! }
        XCTAssertEqual(FileManager.default.contents(atPath: dir + "/out/p.txt"), Data("second!".utf8))
        _ = try m.apply(two + one) { objects[$0]! }
        XCTAssertEqual(FileManager.default.contents(atPath: dir + "/out/p.txt"), Data("first".utf8))
    }
}

/// A directory swapped for a symbolic link while the materializer runs: nothing is written
/// through the link, and the error names the path.
final class MaterializerLinkSwapTests: XCTestCase {
    private var dir: String!
    private var objects: [Digest: [UInt8]] = [:]

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("matswap-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: dir + "/outside", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private func file(_ path: String, _ text: String) -> TreeFile {
        let b = Array(text.utf8)
        objects[Digest.of(b)] = b
        return TreeFile(path: path, digest: Digest.of(b), mode: .regular, size: UInt64(b.count))
    }

    private func outside() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: dir + "/outside") }

    /// Replaces `out/<name>` (a directory, or nothing yet) with a link to `outside`.
    private func swap(_ name: String) {
        let path = dir + "/out/" + name
        if FileManager.default.fileExists(atPath: path) {
            XCTAssertEqual(rename(path, path + "-moved"), 0)
        }
        XCTAssertEqual(symlink(dir + "/outside", path), 0)
    }

    func testADirectorySwappedForALinkBeforeItsFilesAreWrittenFailsTheRun() throws {
        var m = Materializer(root: dir + "/out")
        m.beforeWrite = { [self] path in if path == "a/x" { swap("b") } }
        let files = [file("a/x", "X"), file("b/y", "Y"), file("b/z", "Z")]
        let all = objects
        XCTAssertThrowsError(try m.apply(files) { all[$0]! }) { error in
            guard case let .unsafePath(path, reason) = error as? TaskError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, "b/y")
            XCTAssertTrue(reason.contains("b is a symbolic link"), reason)
        }
        XCTAssertEqual(try outside(), [], "written through the link")
    }

    func testADirectorySwappedForALinkWhileItsFilesAreWrittenIsNotFollowed() throws {
        var m = Materializer(root: dir + "/out")
        m.beforeWrite = { [self] path in if path == "d/y" { swap("d") } }
        let files = [file("d/x", "X"), file("d/y", "Y"), file("e/z", "Z")]
        let all = objects
        _ = try? m.apply(files) { all[$0]! }
        XCTAssertEqual(try outside(), [], "written through the link")
    }

    func testALinkedStateDirectoryIsRefused() throws {
        try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: true)
        XCTAssertEqual(symlink(dir + "/outside", dir + "/out/" + Materializer.stateDirectory), 0)
        let files = [file("a", "A")]
        let all = objects
        XCTAssertThrowsError(try Materializer(root: dir + "/out").apply(files) { all[$0]! }) { error in
            guard case let .unsafePath(path, reason) = error as? TaskError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, Materializer.stateDirectory)
            XCTAssertTrue(reason.contains("symbolic link"), reason)
        }
        XCTAssertEqual(try outside(), [], "state written through the link")
    }
}

/// A run that stops half way (here: an error from the byte source; in life, SIGKILL) leaves its
/// journal; the next run cleans up after it.
final class MaterializerJournalTests: XCTestCase {
    private var dir: String!
    private var objects: [Digest: [UInt8]] = [:]
    private struct Stop: Error {}

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("matjournal-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private func file(_ path: String, _ text: String) -> TreeFile {
        let b = Array(text.utf8)
        objects[Digest.of(b)] = b
        return TreeFile(path: path, digest: Digest.of(b), mode: .regular, size: UInt64(b.count))
    }

    private func exists(_ p: String) -> Bool { FileManager.default.fileExists(atPath: dir + "/out/" + p) }

    /// Plan A's tree; Plan B's run stops after writing some of its files; Plan A again.
    private func interruptedRun() throws -> (a: [TreeFile], m: Materializer) {
        let m = Materializer(root: dir + "/out")
        let a = [file("app/a.rb", "A"), file("shared.txt", "from A")]
        let all = objects
        _ = try m.apply(a) { all[$0]! }
        let b = [file("app/b/1.rb", "B1"), file("app/b/2.rb", "B2"), file("shared.txt", "from B")]
        let stopAt = Digest.of(Array("B2".utf8))
        let allB = objects
        XCTAssertThrowsError(try m.apply(b) { d in if d == stopAt { throw Stop() }; return allB[d]! })
        XCTAssertTrue(exists("app/b/1.rb"))
        XCTAssertTrue(exists(Materializer.stateDirectory + "/journal.json"))
        // What a kill during the next write leaves: a temp file beside its target.
        XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/out/app/b/.orchestrate-tmp-99999-2-2.rb", contents: Data("B".utf8)))
        return (a, m)
    }

    func testTheNextRunRemovesTheInterruptedRunsFilesAndTempFiles() throws {
        let (a, m) = try interruptedRun()
        let all = objects
        let r = try m.apply(a) { all[$0]! }
        XCTAssertEqual(r.removed, ["app/b/1.rb"])
        XCTAssertEqual(r.written, [], "shared.txt was never replaced")
        XCTAssertEqual(r.keptModified, [])
        XCTAssertFalse(exists("app/b"), "the directories the interrupted run made are gone")
        XCTAssertFalse(exists(Materializer.stateDirectory + "/journal.json"))
        XCTAssertEqual(try FileManager.default.subpathsOfDirectory(atPath: dir + "/out").sorted(),
                       [".orchestrate", ".orchestrate/outputs.json", "app", "app/a.rb", "shared.txt"])
    }

    func testAJournaledPathSomeoneElseWroteIsKeptQuietly() throws {
        let (a, m) = try interruptedRun()
        try "mine".write(toFile: dir + "/out/app/b/1.rb", atomically: true, encoding: .utf8)
        let all = objects
        let r = try m.apply(a) { all[$0]! }
        XCTAssertEqual(r.removed, [])
        XCTAssertEqual(r.keptModified, [], "never ours in a completed run: no warning")
        XCTAssertEqual(FileManager.default.contents(atPath: dir + "/out/app/b/1.rb"), Data("mine".utf8))
        XCTAssertFalse(exists("app/b/.orchestrate-tmp-99999-2-2.rb"))
    }

    /// A run killed after removing a stale file and before removing its emptied directory: the
    /// state still lists the file, so the next run removes the directory.
    func testADirectoryEmptiedByAnInterruptedRunIsRemovedNextTime() throws {
        let m = Materializer(root: dir + "/out")
        let all0 = [file("keep.txt", "K"), file("app/views/clients/index.erb", "I")]
        let all = objects
        _ = try m.apply(all0) { all[$0]! }
        XCTAssertEqual(unlink(dir + "/out/app/views/clients/index.erb"), 0)
        let r = try m.apply([file("keep.txt", "K")]) { all[$0]! }
        XCTAssertEqual(r.removed, [])
        XCTAssertFalse(exists("app"), "the emptied directories of a file that was ours are removed")
    }

    func testAnUnreadableJournalStillGetsEveryTempFileRemoved() throws {
        let (a, m) = try interruptedRun()
        try "{\"files\":[".write(toFile: dir + "/out/.orchestrate/journal.json", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: dir + "/out/deep/er", withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/out/deep/er/.orchestrate-tmp-1-1-x", contents: Data()))
        let all = objects
        _ = try m.apply(a) { all[$0]! }
        XCTAssertFalse(exists("deep/er/.orchestrate-tmp-1-1-x"))
        XCTAssertFalse(exists("app/b/.orchestrate-tmp-99999-2-2.rb"))
        XCTAssertFalse(exists(Materializer.stateDirectory + "/journal.json"))
    }

    /// Two runs into one root take turns: the second waits for the first's lock.
    func testASecondRunWaitsForTheFirst() throws {
        let m = Materializer(root: dir + "/out")
        let f = [file("a", "A")]
        let all = objects
        _ = try m.apply(f) { all[$0]! }
        let fd = open(dir + "/out/.orchestrate", O_RDONLY | O_DIRECTORY)
        XCTAssertEqual(flock(fd, LOCK_EX), 0)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = try? m.apply(f) { all[$0]! }
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 0.2), .timedOut, "ran while another held the lock")
        close(fd)
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
    }

    func testAFileTheInterruptedRunReplacedIsOursToReplaceAgain() throws {
        let m = Materializer(root: dir + "/out")
        let a = [file("x.txt", "A"), file("y.txt", "A")]
        let b = [file("x.txt", "B"), file("y.txt", "B")]
        let all = objects
        _ = try m.apply(a) { all[$0]! }
        // B replaces x.txt, then stops before y.txt.
        var calls = 0
        XCTAssertThrowsError(try m.apply(b) { d in calls += 1; if calls == 2 { throw Stop() }; return all[d]! })
        XCTAssertEqual(FileManager.default.contents(atPath: dir + "/out/x.txt"), Data("B".utf8))
        // A again: x.txt holds B's bytes, which the journal says are ours: replaced, not "edited".
        let r = try m.apply(a) { all[$0]! }
        XCTAssertEqual(r.written, ["x.txt"])
        XCTAssertEqual(FileManager.default.contents(atPath: dir + "/out/x.txt"), Data("A".utf8))
        // And a third Plan that drops x.txt removes it.
        _ = try m.apply(b) { all[$0]! }
        XCTAssertEqual(try m.apply([file("y.txt", "B")]) { all[$0]! }.removed, ["x.txt"])
    }
}

/// The state file is input we did not necessarily write: a corrupt one is said, an edited one
/// never makes us delete bytes we did not write, and a restored mtime does not hide an edit.
final class MaterializerStateTrustTests: XCTestCase {
    private var dir: String!
    private var objects: [Digest: [UInt8]] = [:]

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("mattrust-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private func file(_ path: String, _ text: String) -> TreeFile {
        let b = Array(text.utf8)
        objects[Digest.of(b)] = b
        return TreeFile(path: path, digest: Digest.of(b), mode: .regular, size: UInt64(b.count))
    }

    private func apply(_ files: [TreeFile]) throws -> MaterializeReport {
        let all = objects
        return try Materializer(root: dir + "/out").apply(files) { all[$0]! }
    }

    private var statePath: String { dir + "/out/" + Materializer.stateFile }

    func testACorruptStateIsReportedAndNothingIsRemoved() throws {
        _ = try apply([file("a", "A"), file("b", "B")])
        try "{\"files\":[{\"digest\":".write(toFile: statePath, atomically: true, encoding: .utf8)
        let r = try apply([file("a", "A")])
        XCTAssertEqual(r.stateProblem, .malformed)
        XCTAssertEqual(r.removed, [], "without a state nothing is known to be ours")
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/out/b"))
        // The run wrote a good state: the next one has nothing to say.
        XCTAssertNil(try apply([file("a", "A")]).stateProblem)
    }

    func testAStateOfAnotherSchemaIsReported() throws {
        _ = try apply([file("a", "A")])
        try #"{"files":[],"schema":"orchestrate.outputs/9"}"#.write(toFile: statePath, atomically: true, encoding: .utf8)
        XCTAssertEqual(try apply([file("a", "A")]).stateProblem, .unknownSchema("orchestrate.outputs/9"))
    }

    func testAnEditedStateNeverDeletesBytesWeDidNotWrite() throws {
        _ = try apply([file("a", "A")])
        try "the user's notes".write(toFile: dir + "/out/notes.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: dir + "/elsewhere", withIntermediateDirectories: true)
        try "outside".write(toFile: dir + "/elsewhere/x", atomically: true, encoding: .utf8)
        XCTAssertEqual(symlink(dir + "/elsewhere", dir + "/out/link"), 0)
        // Someone adds entries claiming the user's file (with the digest of other bytes), a file
        // behind a link, and our own state.
        var text = try String(contentsOfFile: statePath, encoding: .utf8)
        let claim = { (path: String, bytes: String) in
            #"{"digest":"\#(Digest.of(Array(bytes.utf8)).hex)","inode":1,"mode":420,"mtimeNs":1,"path":"\#(path)","size":3},"#
        }
        text = text.replacingOccurrences(of: #"{"files":["#, with: #"{"files":["# + claim("notes.txt", "A") + claim("link/x", "outside")
            + claim(".orchestrate/outputs.json", "x"))
        try text.write(toFile: statePath, atomically: true, encoding: .utf8)
        let r = try apply([file("a", "A")])
        XCTAssertEqual(r.removed, [])
        XCTAssertEqual(try String(contentsOfFile: dir + "/out/notes.txt", encoding: .utf8), "the user's notes")
        XCTAssertEqual(try String(contentsOfFile: dir + "/elsewhere/x", encoding: .utf8), "outside")
        XCTAssertTrue(FileManager.default.fileExists(atPath: statePath))
    }

    /// git compares ctime too: restoring the mtime of a same-size edit cannot restore its ctime.
    func testASameSizeEditWithItsMtimeRestoredIsFound() throws {
        let f = file("f.txt", "abc")
        _ = try apply([f])
        let path = dir + "/out/f.txt"
        var before = stat()
        XCTAssertEqual(lstat(path, &before), 0)
        // Well after the write, so the racily-clean rule trusts the recorded facts.
        usleep(20_000)
        _ = try apply([f])
        let fd = open(path, O_WRONLY)
        XCTAssertEqual(pwrite(fd, "xyz", 3, 0), 3)
        close(fd)
        var times = [before.st_atim, before.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
        let r = try apply([f])
        XCTAssertEqual(r.unchanged, 0, "trusted away: size, inode and mtime are as recorded")
        XCTAssertEqual(r.keptEdited, ["f.txt"])
    }
}

/// A tree probed against its state ahead of `apply` (`probingAhead`, beside composition): the
/// files `apply` leaves alone are taken as probed; an edit made after the probe is never lost.
extension MaterializerStateTests {
    /// Written, then written again so that the state is older than every file (the racily clean
    /// rule trusts only those): the tree a probe ahead can vouch for.
    private func settled(_ texts: [String: String]) throws -> Materializer {
        let m = Materializer(root: dir + "/out")
        let (files, objects) = tree(texts)
        _ = try m.apply(files) { objects[$0]! }
        usleep(20_000)
        _ = try m.apply(files) { objects[$0]! }
        return m
    }

    private var before: [String: String] { ["a.txt": "A", "sub/b.txt": "B", "sub/c.txt": "C"] }
    // (`sub/b.txt` keeps its size: only its digest tells the bytes apart.)
    private var after: [String: String] { ["a.txt": "A", "sub/b.txt": "D", "sub/c.txt": "C"] }

    func testFilesProbedAheadAreTakenAsProbedAndRecordedAsTheyAre() throws {
        let m = try settled(before)
        let ahead = m.probingAhead(m.loadPrevious())
        XCTAssertEqual(Set(ahead.probed.keys), Set(before.keys), "every file found as recorded")
        let (files, objects) = tree(after)
        let r = try m.apply(files, previous: ahead) { objects[$0]! }
        XCTAssertEqual(r.written, ["sub/b.txt"])
        XCTAssertEqual(r.unchanged, 2)
        XCTAssertEqual(r.keptEdited, [])
        // The state records the facts the files have: the tree is exactly what it says.
        XCTAssertEqual(m.unchanged(stateDigest: try XCTUnwrap(r.stateDigest)), 3)
        XCTAssertEqual(try m.apply(files) { objects[$0]! }.unchanged, 3)
    }

    func testAnEditAfterTheProbeAheadIsFoundByTheNextRunOrKeptByThisOne() throws {
        let m = try settled(before)
        let ahead = m.probingAhead(m.loadPrevious())
        // Same size, after the probe: `a.txt` is a file the run leaves alone, `sub/b.txt` one it replaces.
        try "X".write(toFile: dir + "/out/a.txt", atomically: false, encoding: .utf8)
        try "Y".write(toFile: dir + "/out/sub/b.txt", atomically: false, encoding: .utf8)
        let (files, objects) = tree(after)
        let r = try m.apply(files, previous: ahead) { objects[$0]! }
        XCTAssertEqual(r.keptEdited, ["sub/b.txt"], "a file about to be replaced is probed again: the edit is kept")
        XCTAssertEqual(r.written, [])
        XCTAssertEqual(String(decoding: FileManager.default.contents(atPath: dir + "/out/sub/b.txt")!, as: UTF8.self), "Y")
        // `a.txt` was taken as the probe found it; the state holds the facts from before the edit,
        // so the next run hashes it and keeps the edit.
        XCTAssertEqual(try m.apply(files) { objects[$0]! }.keptEdited, ["a.txt", "sub/b.txt"])
        XCTAssertEqual(String(decoding: FileManager.default.contents(atPath: dir + "/out/a.txt")!, as: UTF8.self), "X")
    }

    func testNoProbeAheadWhenTheStateWasReplacedOrTheTreeIsLockedOrAJournalIsThere() throws {
        let m = try settled(before)
        let read = m.loadPrevious()
        // Another run replaced the state since it was read.
        let (other, objects) = tree(after)
        _ = try m.apply(other) { objects[$0]! }
        XCTAssertTrue(m.probingAhead(read).probed.isEmpty)
        // Another run holds the lock.
        let fd = open(dir + "/out/.orchestrate", O_RDONLY | O_DIRECTORY)
        XCTAssertGreaterThanOrEqual(fd, 0)
        XCTAssertEqual(flock(fd, LOCK_EX), 0)
        XCTAssertTrue(m.probingAhead(m.loadPrevious()).probed.isEmpty)
        close(fd)
        usleep(20_000)
        _ = try m.apply(other) { objects[$0]! }
        XCTAssertFalse(m.probingAhead(m.loadPrevious()).probed.isEmpty, "free again")
        // A journal (a run was interrupted): nothing probed ahead.
        let stateFD = open(dir + "/out/.orchestrate", O_RDONLY | O_DIRECTORY)
        defer { close(stateFD) }
        try m.writeJournal([], in: stateFD)
        XCTAssertTrue(m.probingAhead(m.loadPrevious()).probed.isEmpty)
    }

    /// A run interrupted between the probe ahead and `apply` (its journal is there when `apply`
    /// starts): the probes are dropped, and an edit the interrupted run's leftovers hide is found.
    func testAJournalAppearingAfterTheProbeAheadDropsTheProbes() throws {
        let m = try settled(before)
        let ahead = m.probingAhead(m.loadPrevious())
        XCTAssertFalse(ahead.probed.isEmpty)
        try "X".write(toFile: dir + "/out/a.txt", atomically: false, encoding: .utf8)
        let stateFD = open(dir + "/out/.orchestrate", O_RDONLY | O_DIRECTORY)
        defer { close(stateFD) }
        try m.writeJournal([], in: stateFD)
        let (files, objects) = tree(after)
        let r = try m.apply(files, previous: ahead) { objects[$0]! }
        XCTAssertEqual(r.keptEdited, ["a.txt"], "probed in apply: the edit is seen")
        XCTAssertEqual(r.written, ["sub/b.txt"])
    }
}
