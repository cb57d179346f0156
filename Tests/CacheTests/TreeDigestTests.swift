import Foundation
import XCTest
@testable import Cache

final class TreeDigestTests: XCTestCase {
    /// The pipeline from DESIGN.md, verbatim in behaviour.
    static let pipeline = """
    find . -type f ! -path ./FOUNDATION_PROVENANCE.json -printf '%P\\n' | LC_ALL=C sort |
      while IFS= read -r f; do m=100644; [ -x "$f" ] && m=100755
        printf '%s %s  %s\\n' "$m" "$(sha256sum < "$f" | cut -d' ' -f1)" "$f"; done |
      sha256sum | cut -d' ' -f1
    """

    static func shellDigest(of dir: String) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", pipeline]
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let s = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return s.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The digest is the SHA-256 of the listing, in any entry order (sorted input is not sorted
    /// again, unsorted input is), with the excluded names left out and both modes.
    func testTheDigestIsTheListingsHashInAnyOrder() {
        var entries: [TreeDigest.Entry] = []
        for i in 0..<300 {
            entries.append(.init(path: ["app/m\(i).rb", "ios/é/\(i).swift", "a-b/\(i)", "a/b\(i)", "Z\(i)"][i % 5],
                                 mode: i % 7 == 0 ? .executable : .regular, digest: Digest.of("\(i)")))
        }
        entries.append(.init(path: TreeDigest.provenanceFile, mode: .regular, digest: Digest.of("p")))
        var generator = SystemRandomNumberGenerator()
        let sorted = entries.sorted { $0.path.utf8Precedes($1.path) }
        let expected = Digest.of(TreeDigest.listing(entries))
        XCTAssertEqual(TreeDigest.digest(sorted), expected)
        XCTAssertEqual(TreeDigest.digest(entries.shuffled(using: &generator)), expected)
        XCTAssertEqual(TreeDigest.digest(sorted.reversed()), expected)
        XCTAssertEqual(TreeDigest.digest(entries, excluding: []), Digest.of(TreeDigest.listing(entries, excluding: [])))
        XCTAssertNotEqual(TreeDigest.digest(entries, excluding: []), expected, "the excluded file counts when not excluded")
        XCTAssertTrue(TreeDigest.listing(entries).contains("100755 "), "both modes are in the listing")
        XCTAssertEqual(TreeDigest.listing(entries).split(separator: "\n").count, 300, "every entry but the excluded one")
        // A listing of several 64 KiB pieces (hashed piece by piece), sorted and not.
        let many = (0 ..< 3_000).map { TreeDigest.Entry(path: "app/views/entity_\($0 / 9)/" + String(repeating: "p", count: $0 % 61) + "\($0).html.erb",
                                                          mode: .regular, digest: Digest.of("\($0)")) }
        let listing = TreeDigest.listing(many)
        XCTAssertGreaterThan(listing.utf8.count, 4 << 16)
        XCTAssertEqual(TreeDigest.digest(many), Digest.of(listing))
        XCTAssertEqual(TreeDigest.digest(many.shuffled(using: &generator)), Digest.of(listing))
        XCTAssertEqual(TreeDigest.digest(many.reversed().lazy.map { $0 }), Digest.of(listing), "a lazy collection, unsorted")
    }

    func testAgreesWithTheShellPipeline() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tree-" + UUID().uuidString).path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let files: [(String, String, Bool)] = [
            ("a.txt", "A", false), ("B.txt", "b", false), ("sub dir/x y.swift", "let x = 1\n", false),
            ("bin/run", "#!/bin/sh\n", true), ("sub dir/z/é.json", "{}", false), ("a-b", "", false),
            ("FOUNDATION_PROVENANCE.json", "{\"ignored\":true}", false), ("nested/FOUNDATION_PROVENANCE.json", "counted", false),
        ]
        for (path, text, exec) in files {
            let full = dir + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: full))
            try FileManager.default.setAttributes([.posixPermissions: exec ? 0o755 : 0o644], ofItemAtPath: full)
        }
        let ours = try TreeDigest.digest(ofDirectory: dir)
        XCTAssertEqual(ours.hex, try Self.shellDigest(of: dir))
        // In-memory entries give the same digest as the directory.
        let mem = files.map { TreeDigest.Entry(path: $0.0, mode: FileMode(executable: $0.2), digest: Digest.of($0.1)) }
        XCTAssertEqual(TreeDigest.digest(mem), ours)
        // The provenance file does not count; a mode change does.
        try Data("changed".utf8).write(to: URL(fileURLWithPath: dir + "/FOUNDATION_PROVENANCE.json"))
        XCTAssertEqual(try TreeDigest.digest(ofDirectory: dir), ours)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir + "/a.txt")
        XCTAssertNotEqual(try TreeDigest.digest(ofDirectory: dir), ours)
        XCTAssertEqual(try TreeDigest.digest(ofDirectory: dir).hex, try Self.shellDigest(of: dir))
    }

    func testListingIsSortedBytewise() {
        let l = TreeDigest.listing([
            .init(path: "b", mode: .regular, digest: Digest.of("1")),
            .init(path: "B", mode: .executable, digest: Digest.of("2")),
            .init(path: "a/b", mode: .regular, digest: Digest.of("3")),
        ])
        XCTAssertEqual(l.split(separator: "\n").map { $0.split(separator: " ").last! }, ["B", "a/b", "b"])
        XCTAssertTrue(l.hasPrefix("100755 "))
    }
}
