@testable import Archive
import Hashing
import Foundation
import XCTest

final class ArchiveReaderTests: XCTestCase {
    // MARK: Helpers

    /// Extracting `archive` must fail with exactly `expected` (case and facts), reading it
    /// in memory must fail the same way, and nothing may be written into or next to the target.
    private func assertRejected(_ archive: [UInt8], policy: ArchivePolicy = ArchivePolicy(),
                                _ expected: ArchiveError, file: StaticString = #filePath, line: UInt = #line) throws {
        try assertRejected(archive, policy: policy, file: file, line: line) { $0 == expected }
    }

    private func assertRejected(_ archive: [UInt8], policy: ArchivePolicy = ArchivePolicy(),
                                file: StaticString = #filePath, line: UInt = #line,
                                matching: (ArchiveError) -> Bool) throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let reader = ArchiveReader(policy: policy)
        for attempt in ["extract", "read"] {
            do {
                if attempt == "extract" {
                    try reader.extract(archive, into: sandbox.target)
                } else {
                    _ = try reader.read(archive)
                }
                XCTFail("\(attempt) accepted a hostile archive", file: file, line: line)
            } catch let error as ArchiveError {
                XCTAssertTrue(matching(error), "\(attempt): unexpected \(error)", file: file, line: line)
            }
        }
        XCTAssertEqual(sandbox.contents(), [], "something was written", file: file, line: line)
    }

    private func tar(_ build: (inout RawTar) -> Void) throws -> [UInt8] {
        var t = RawTar()
        build(&t)
        t.end()
        return try t.gzipped()
    }

    // MARK: Hostile corpus

    func testPathTraversalIsRejected() throws {
        try assertRejected(try tar { $0.file("../x", "evil") }, .pathTraversal(path: "../x"))
        try assertRejected(try tar { $0.file("a/../../x", "evil") }, .pathTraversal(path: "a/../../x"))
    }

    func testAbsolutePathIsRejected() throws {
        try assertRejected(try tar { $0.file("/tmp/x", "evil") }, .absolutePath(path: "/tmp/x"))
    }

    func testSymlinkIsRejected() throws {
        try assertRejected(try tar { $0.add("link", type: "2", link: "/etc/passwd") },
                           .symlink(path: "link", target: "/etc/passwd"))
    }

    func testHardlinkIsRejected() throws {
        try assertRejected(try tar { $0.file("a.txt", "a"); $0.add("hl", type: "1", link: "a.txt") },
                           .hardlink(path: "hl", target: "a.txt"))
    }

    func testOtherEntryTypesAreRejected() throws {
        try assertRejected(try tar { $0.add("fifo", type: "6") },
                           .unsupportedEntryType(path: "fifo", typeflag: UInt8(ascii: "6")))
        try assertRejected(try tar { $0.add("pax", type: "g") },
                           .unsupportedEntryType(path: "pax", typeflag: UInt8(ascii: "g")))
    }

    func testCaseCollisionIsRejected() throws {
        try assertRejected(try tar { $0.file("A.txt", "1"); $0.file("a.txt", "2") },
                           .caseCollision(path: "a.txt", existing: "A.txt"))
        // Through a parent directory too: `Docs/x` and `docs/y` are one directory on macOS.
        try assertRejected(try tar { $0.file("Docs/x", "1"); $0.file("docs/y", "2") },
                           .caseCollision(path: "docs", existing: "Docs"))
    }

    func testUnicodeNormalizationCollisionIsRejected() throws {
        let nfc = "caf\u{e9}.txt", nfd = "cafe\u{301}.txt"
        XCTAssertNotEqual(Array(nfc.utf8), Array(nfd.utf8))
        try assertRejected(try tar { $0.file(nfc, "1"); $0.file(nfd, "2") }) { error in
            guard case let .normalizationCollision(path, existing) = error else { return false }
            return Array(path.utf8) == Array(nfd.utf8) && Array(existing.utf8) == Array(nfc.utf8)
        }
    }

    func testDisallowedModesAreRejected() throws {
        try assertRejected(try tar { $0.file("bin/tool", "x", mode: 0o4755) }, .disallowedMode(path: "bin/tool", mode: 0o4755))
        try assertRejected(try tar { $0.file("world", "x", mode: 0o666) }, .disallowedMode(path: "world", mode: 0o666))
        try assertRejected(try tar { $0.add("dir/", mode: 0o777, type: "5") }, .disallowedMode(path: "dir", mode: 0o777))
        try assertRejected(try tar { $0.add("dir/", mode: 0o644, type: "5") }, .disallowedMode(path: "dir", mode: 0o644))
    }

    func testDuplicateEntryIsRejected() throws {
        try assertRejected(try tar { $0.file("a.txt", "1"); $0.file("a.txt", "2") }, .duplicateEntry(path: "a.txt"))
    }

    func testFileDirectoryConflictIsRejected() throws {
        try assertRejected(try tar { $0.file("a", "1"); $0.file("a/b", "2") }, .pathConflict(path: "a", existing: "a"))
    }

    func testTruncatedGzipIsRejected() throws {
        let good = try RawTar.archive([("a.txt", String(repeating: "hello world ", count: 200))])
        for cut in [3, 12, good.count / 2] {
            try assertRejected(Array(good.dropLast(cut))) { error in
                if case .gzipTruncated = error { return true }
                return false
            }
        }
    }

    func testBadGzipCRCIsRejected() throws {
        var bad = try RawTar.archive([("a.txt", "hello")])
        bad[bad.count - 8] ^= 0xff
        try assertRejected(bad) { error in
            if case .gzipChecksumMismatch = error { return true }
            return false
        }
    }

    func testBadTarHeaderChecksumIsRejected() throws {
        try assertRejected(try tar { $0.add("a.txt", body: Array("a".utf8), checksumDelta: 1) }) { error in
            guard case let .headerChecksumMismatch(offset, recorded, computed) = error else { return false }
            return offset == 0 && recorded == computed + 1
        }
    }

    func testDigestMismatchIsRejectedBeforeInflating() throws {
        let archive = try RawTar.archive([("a.txt", "hello")], revision: "r1")
        let pin = Digest.of("something else")
        try assertRejected(archive, policy: .pinned(digest: pin, revision: "r1"),
                           .digestMismatch(expected: pin, actual: Digest.of(archive)))
        // The pin is checked first: even garbage bytes report the digest, not the gzip error.
        try assertRejected([1, 2, 3], policy: .pinned(digest: pin, revision: "r1"),
                           .digestMismatch(expected: pin, actual: Digest.of([1, 2, 3])))
    }

    func testWrongOrMissingRevisionIsRejected() throws {
        let archive = try RawTar.archive([("a.txt", "hello")], revision: "r1")
        try assertRejected(archive, policy: .pinned(digest: Digest.of(archive), revision: "r2"),
                           .revisionMismatch(expected: "r2", actual: "r1"))
        let unrevised = try RawTar.archive([("a.txt", "hello")])
        try assertRejected(unrevised, policy: .pinned(digest: Digest.of(unrevised), revision: "r1"),
                           .revisionMissing(expected: "r1"))
    }

    func testOversizedEntryIsRejectedFromItsHeader() throws {
        // The header claims 10 GiB-ish; only the header is there. Rejected before any body read.
        try assertRejected(try tar { $0.add("big", size: 0o77777777777) },
                           .entryTooLarge(path: "big", size: 0o77777777777, limit: ArchivePolicy().maxEntrySize))
        var policy = ArchivePolicy()
        policy.maxEntrySize = 1024
        try assertRejected(try tar { $0.add("big", body: [UInt8](repeating: 7, count: 2000)) }, policy: policy,
                           .entryTooLarge(path: "big", size: 2000, limit: 1024))
    }

    func testDecompressionBombIsStoppedEarly() throws {
        // 50 MB of zeros in one entry: about 50 KB compressed, a ratio near 1000:1.
        let size = 50_000_000
        var header = RawTar()
        header.add("zeros.bin", size: UInt64(size))
        let gzip = try GzipWriter()
        try gzip.write(header.bytes)
        let zeros = [UInt8](repeating: 0, count: 1 << 20)
        var left = size + TarHeader.padding(UInt64(size)) + 1024
        while left > 0 {
            try gzip.write(zeros.prefix(left))
            left -= min(left, zeros.count)
        }
        let bomb = try gzip.finish()
        XCTAssertLessThan(bomb.count, 100_000)
        try assertRejected(bomb) { error in
            guard case let .compressionRatioExceeded(limit, compressed, inflated) = error else { return false }
            // Stopped within a chunk of the 1 MiB grace, never near 50 MB.
            return limit == 100 && inflated < 2 << 20 && inflated > 100 * compressed
        }
    }

    func testUncompressedSizeLimitIsEnforcedWhileInflating() throws {
        var policy = ArchivePolicy()
        policy.maxTotalSize = 64 * 1024
        let archive = try tar { for i in 0..<200 { $0.file("f\(i)", String(repeating: "x", count: 1000)) } }
        try assertRejected(archive, policy: policy) { error in
            guard case let .uncompressedSizeExceeded(limit, inflated) = error else { return false }
            return limit == 64 * 1024 && inflated <= 128 * 1024
        }
    }

    func testTooManyEntriesIsRejected() throws {
        var policy = ArchivePolicy()
        policy.maxEntryCount = 4
        try assertRejected(try tar { for i in 0..<5 { $0.file("f\(i)", "x") } }, policy: policy, .tooManyEntries(limit: 4))
    }

    func testExcludedRootIsRejected() throws {
        let policy = ArchivePolicy(excludedRoots: [".github"])
        try assertRejected(try tar { $0.file("a.txt", "a"); $0.file(".github/workflows/ci.yml", "on: push") }, policy: policy,
                           .excludedRoot(path: ".github/workflows/ci.yml", root: ".github"))
    }

    func testExcludedRootCanBeSkipped() throws {
        let archive = try tar { $0.file(".github/ci.yml", "x"); $0.file("a.txt", "a"); $0.file(".githubx", "kept") }
        let policy = ArchivePolicy(excludedRoots: [".github"], excludedRootHandling: .skip)
        let read = try ArchiveReader(policy: policy).read(archive)
        XCTAssertEqual(read.entries.map(\.path), [".githubx", "a.txt"])
    }

    func testMalformedStreamsAreRejected() throws {
        try assertRejected([0x50, 0x4b, 3, 4]) { if case .gzipHeaderInvalid = $0 { return true }; return false }
        let good = try RawTar.archive([("a.txt", "a")])
        try assertRejected(good + [0]) { $0 == .trailingGarbage(offset: UInt64(good.count)) }
        try assertRejected(try tar { $0.add("old", magic: [0, 0, 0, 0, 0, 0]) }) { error in
            if case .invalidHeader(0, "magic", _) = error { return true }
            return false
        }
        var noEnd = RawTar()
        noEnd.file("a.txt", "a")
        try assertRejected(try noEnd.gzipped(), .tarTruncated(offset: 1024))
        var afterEnd = RawTar()
        afterEnd.file("a.txt", "a")
        afterEnd.end()
        afterEnd.file("b.txt", "b")
        try assertRejected(try afterEnd.gzipped(), .dataAfterEndOfArchive(offset: 2048))
    }

    func testLongNameRecordsCannotSmuggleBadPaths() throws {
        let record = TarHeader.paxRecord(key: "path", value: Array("../escape".utf8))
        try assertRejected(try tar { $0.add("pax", body: record, type: "x"); $0.file("innocent", "x") },
                           .pathTraversal(path: "../escape"))
        try assertRejected(try tar { $0.add("././@LongLink", body: Array("/etc/cron.d/x\u{0}".utf8), type: "L"); $0.file("innocent", "x") },
                           .absolutePath(path: "/etc/cron.d/x"))
    }

    // MARK: Accepted archives

    func testRoundTripReturnsEntriesWithImpliedDirectories() throws {
        let entries: [ArchiveEntry] = [
            .file("REVISION", "2026.11.1\n"),
            .file("bin/setup", "#!/bin/sh\n", executable: true),
            .file("app/models/user.rb", "class User; end\n"),
            .directory("tmp"),
            .file("empty", []),
        ]
        let archive = try ArchiveWriter().pack(entries)
        let read = try ArchiveReader(policy: .pinned(digest: Digest.of(archive), revision: "2026.11.1")).read(archive)
        XCTAssertEqual(read.revision, "2026.11.1")
        XCTAssertEqual(read.digest, Digest.of(archive))
        XCTAssertEqual(read.entries, [
            .file("REVISION", "2026.11.1\n"), .directory("app"), .directory("app/models"),
            .file("app/models/user.rb", "class User; end\n"), .directory("bin"),
            .file("bin/setup", "#!/bin/sh\n", executable: true), .file("empty", []), .directory("tmp"),
        ])
    }

    func testExtractWritesBytesAndModesAndLeavesNoTemporaryDirectory() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let archive = try ArchiveWriter().pack([
            .file("bin/run", "#!/bin/sh\necho hi\n", executable: true),
            .file("a/b/c.txt", "deep"),
        ])
        let old = umask(0o077)
        defer { umask(old) }
        try ArchiveReader(policy: ArchivePolicy()).extract(archive, into: sandbox.target)
        XCTAssertEqual(sandbox.contents(), ["out", "out/a", "out/a/b", "out/a/b/c.txt", "out/bin", "out/bin/run"])
        func mode(_ p: String) throws -> Int {
            try FileManager.default.attributesOfItem(atPath: sandbox.target + "/" + p)[.posixPermissions] as! Int
        }
        XCTAssertEqual(try mode("bin/run"), 0o755)
        XCTAssertEqual(try mode("a/b/c.txt"), 0o644)
        XCTAssertEqual(try mode("a/b"), 0o755)
        XCTAssertEqual(try mode(""), 0o755)
        XCTAssertEqual(FileManager.default.contents(atPath: sandbox.target + "/a/b/c.txt"), Data("deep".utf8))
    }

    func testExtractRefusesANonEmptyTargetAndLeavesItAlone() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.write("out/keep.txt", "mine")
        let archive = try ArchiveWriter().pack([.file("a.txt", "a")])
        XCTAssertThrowsError(try ArchiveReader(policy: ArchivePolicy()).extract(archive, into: sandbox.target)) {
            XCTAssertEqual($0 as? ArchiveError, .targetExists(path: sandbox.target))
        }
        XCTAssertEqual(sandbox.contents(), ["out", "out/keep.txt"])
    }

    func testExtractIntoAnEmptyDirectoryReplacesIt() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try FileManager.default.createDirectory(atPath: sandbox.target, withIntermediateDirectories: false)
        try ArchiveReader(policy: ArchivePolicy()).extract(try ArchiveWriter().pack([.file("a.txt", "a")]), into: sandbox.target)
        XCTAssertEqual(sandbox.contents(), ["out", "out/a.txt"])
    }

    func testAFailureWhileWritingLeavesNothingBehind() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        // Valid for the archive (a pax path), too long for the file system (NAME_MAX is 255).
        let tooLong = "a/" + String(repeating: "n", count: 300)
        let archive = try ArchiveWriter().pack([.file("a/first.txt", "1"), .file(tooLong, "2"), .file("z.txt", "3")])
        XCTAssertNoThrow(try ArchiveReader(policy: ArchivePolicy()).read(archive))
        XCTAssertThrowsError(try ArchiveReader(policy: ArchivePolicy()).extract(archive, into: sandbox.target)) { error in
            guard case let .io(operation, _, code) = error as? ArchiveError else { return XCTFail("\(error)") }
            XCTAssertEqual(operation, "create")
            XCTAssertEqual(code, ENAMETOOLONG)
        }
        XCTAssertEqual(sandbox.contents(), [])
    }

    func testReadsArchivesMadeByGNUTar() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let long = String(repeating: "d", count: 120) + "/" + String(repeating: "f", count: 110) + ".txt"
        try sandbox.write("src/" + long, "long")
        try sandbox.write("src/x.sh", "#!/bin/sh\n", mode: 0o755)
        for format in ["gnu", "pax"] {
            let out = sandbox.root + "/\(format).tar.gz"
            let (status, _) = try runTool("tar", ["--format=\(format)", "--owner=0", "--group=0", "--numeric-owner",
                                              "--mtime=@0", "--sort=name", "-C", sandbox.root + "/src", "-czf", out, "x.sh", long])
            XCTAssertEqual(status, 0)
            let read = try ArchiveReader(policy: ArchivePolicy()).read(contentsOf: out)
            XCTAssertEqual(read.entries.filter { $0.kind == .file }, [.file(long, "long"), .file("x.sh", "#!/bin/sh\n", executable: true)], format)
        }
    }
}
