@testable import Archive
import Hashing
import Foundation
import XCTest

final class ArchiveWriterTests: XCTestCase {
    private let sample: [ArchiveEntry] = [
        .file("REVISION", "2026.11.1\n"),
        .file("bin/rails", "#!/usr/bin/env ruby\n", executable: true),
        .file("app/models/application_record.rb", "class ApplicationRecord < ActiveRecord::Base\nend\n"),
        .directory("log"),
        .file("config/routes.rb", "Rails.application.routes.draw do\nend\n"),
    ]

    // MARK: Determinism

    func testPackingTwiceGivesIdenticalBytes() throws {
        let writer = ArchiveWriter()
        XCTAssertEqual(try writer.pack(sample), try writer.pack(sample))
    }

    func testEntryOrderDoesNotChangeTheBytes() throws {
        let writer = ArchiveWriter()
        let reference = try writer.pack(sample)
        XCTAssertEqual(try writer.pack(sample.reversed()), reference)
        // Listing the implied directories explicitly changes nothing either.
        XCTAssertEqual(try writer.pack(sample + [.directory("app"), .directory("bin"), .directory("config")]), reference)
    }

    func testContentModeAndPathChangesDoChangeTheBytes() throws {
        let writer = ArchiveWriter()
        let reference = try writer.pack(sample)
        var changed = sample
        changed[0] = .file("REVISION", "2026.11.2\n")
        XCTAssertNotEqual(try writer.pack(changed), reference)
        changed = sample
        changed[1] = .file("bin/rails", "#!/usr/bin/env ruby\n", executable: false)
        XCTAssertNotEqual(try writer.pack(changed), reference)
        changed = sample
        changed[3] = .directory("logs")
        XCTAssertNotEqual(try writer.pack(changed), reference)
    }

    func testPinnedDigestOfASmallFixedArchive() throws {
        let bytes = try ArchiveWriter().pack([.file("REVISION", "r1\n"), .file("a/hello.txt", "hello\n"),
                                              .file("a/run", "#!/bin/sh\n", executable: true)])
        XCTAssertEqual(Array(bytes.prefix(10)), [0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff])
        XCTAssertEqual(Digest.of(bytes).hex, "0aaf83dd3ae9bad53a5e39bc72d4aac02895d43fa8ab28808e831c44320615f9")
    }

    func testDirectoryTreesBuiltDifferentlyPackIdentically() throws {
        let one = try Sandbox(), two = try Sandbox()
        defer { one.remove(); two.remove() }
        // Tree one: files first, tight permissions, old mtimes.
        try one.write("src/README.md", "# Core\n", mode: 0o600)
        try one.write("src/bin/setup", "#!/bin/sh\n", mode: 0o700)
        try one.write("src/lib/a.rb", "A = 1\n", mode: 0o640)
        try FileManager.default.createDirectory(atPath: one.root + "/src/tmp", withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: one.root + "/src/lib")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1000)],
                                              ofItemAtPath: one.root + "/src/lib/a.rb")
        // Tree two: reverse order, loose permissions, noise that must be left out.
        try FileManager.default.createDirectory(atPath: two.root + "/src/tmp", withIntermediateDirectories: true)
        try two.write("src/lib/a.rb", "A = 1\n", mode: 0o664)
        try two.write("src/bin/setup", "#!/bin/sh\n", mode: 0o775)
        try two.write("src/README.md", "# Core\n", mode: 0o666)
        try two.write("src/.DS_Store", "finder noise")
        try two.write("src/lib/.DS_Store", "finder noise")
        try two.write("src/.github/workflows/ci.yml", "on: push\n")

        let a = try ArchiveWriter().pack(directory: one.root + "/src", excludedRoots: [".github"])
        let b = try ArchiveWriter().pack(directory: two.root + "/src", excludedRoots: [".github"])
        XCTAssertEqual(a, b)
        XCTAssertEqual(a, try ArchiveWriter().pack([
            .file("README.md", "# Core\n"), .file("bin/setup", "#!/bin/sh\n", executable: true),
            .file("lib/a.rb", "A = 1\n"), .directory("tmp"),
        ]))
    }

    // MARK: Long paths

    func testLongPathsRoundTripThroughPrefixSplitAndPax() throws {
        let split = String(repeating: "p", count: 90) + "/" + String(repeating: "n", count: 90) + ".txt"
        let pax = "dir/" + String(repeating: "x", count: 120) + ".txt"
        let deep = Array(repeating: "segment", count: 40).joined(separator: "/") + "/end.txt"
        XCTAssertNotNil(TarHeader.split(Array(split.utf8)))
        XCTAssertNil(TarHeader.split(Array(pax.utf8)))
        XCTAssertNil(TarHeader.split(Array(deep.utf8)))
        let entries: [ArchiveEntry] = [.file(split, "s"), .file(pax, "p"), .file(deep, "d")]
        let read = try ArchiveReader(policy: ArchivePolicy()).read(try ArchiveWriter().pack(entries))
        XCTAssertEqual(Set(read.entries.filter { $0.kind == .file }), Set(entries))
    }

    func testPaxRecordLengthCountsItself() {
        // " path=" + 93 bytes + "\n" = 100 bytes; with "103" the record is 103 bytes.
        let record = TarHeader.paxRecord(key: "path", value: [UInt8](repeating: 0x61, count: 93))
        XCTAssertEqual(record.count, 103)
        XCTAssertEqual(Array(record.prefix(4)), Array("103 ".utf8))
    }

    // MARK: GNU tar and gzip read what we write

    func testGNUToolsReadOurArchives() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let long = "deep/" + String(repeating: "x", count: 130) + ".txt"
        let entries = sample + [.file(long, "long path\n")]
        let path = sandbox.root + "/core.tar.gz"
        try Data(try ArchiveWriter().pack(entries)).write(to: URL(fileURLWithPath: path))

        XCTAssertEqual(try runTool("gzip", ["-t", path]).0, 0)
        let (status, listing) = try runTool("tar", ["-tzvf", path])
        XCTAssertEqual(status, 0)
        var seen: [String: String] = [:]
        for line in listing.split(separator: "\n") {
            let f = line.split(separator: " ", omittingEmptySubsequences: true)
            XCTAssertTrue(f[1] == "0/0" || f[1] == "root/root", String(line))
            XCTAssertTrue(line.contains("1970-01-01 00:00"), String(line))
            seen[String(f[f.count - 1])] = String(f[0])
        }
        XCTAssertEqual(seen, [
            "REVISION": "-rw-r--r--", "app/": "drwxr-xr-x", "app/models/": "drwxr-xr-x",
            "app/models/application_record.rb": "-rw-r--r--", "bin/": "drwxr-xr-x", "bin/rails": "-rwxr-xr-x",
            "config/": "drwxr-xr-x", "config/routes.rb": "-rw-r--r--", "deep/": "drwxr-xr-x",
            long: "-rw-r--r--", "log/": "drwxr-xr-x",
        ])

        let out = sandbox.root + "/x"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        XCTAssertEqual(try runTool("tar", ["-xzf", path, "-C", out]).0, 0)
        for entry in entries where entry.kind == .file {
            XCTAssertEqual(FileManager.default.contents(atPath: out + "/" + entry.path), Data(entry.bytes), entry.path)
            let mode = try FileManager.default.attributesOfItem(atPath: out + "/" + entry.path)[.posixPermissions] as! Int
            XCTAssertEqual(mode & 0o111 != 0, entry.isExecutable, entry.path)
        }
    }

    // MARK: The writer refuses what a reader would refuse

    func testWriterRejectsBadEntries() {
        let writer = ArchiveWriter()
        func assertThrows(_ entries: [ArchiveEntry], _ expected: ArchiveError, line: UInt = #line) {
            XCTAssertThrowsError(try writer.pack(entries), line: line) { XCTAssertEqual($0 as? ArchiveError, expected, line: line) }
        }
        assertThrows([.file("../x", "")], .pathTraversal(path: "../x"))
        assertThrows([.file("/x", "")], .absolutePath(path: "/x"))
        assertThrows([.file("a//b", "")], .invalidPath(path: "a//b", reason: "empty component"))
        assertThrows([.file("a", "1"), .file("a", "2")], .duplicateEntry(path: "a"))
        assertThrows([.file("A", "1"), .file("a", "2")], .caseCollision(path: "a", existing: "A"))
        assertThrows([.file("a", "1"), .file("a/b", "2")], .pathConflict(path: "a", existing: "a"))
        assertThrows([ArchiveEntry(path: "x", kind: .file, mode: 0o600)], .disallowedMode(path: "x", mode: 0o600))
        assertThrows([ArchiveEntry(path: "d", kind: .directory, mode: 0o700)], .disallowedMode(path: "d", mode: 0o700))
    }
}
