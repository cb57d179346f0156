import XCTest
@testable import Cache

final class SeedStoreTests: XCTestCase {
    func testWriteLaysOutRawBytesUnderTwoHexShards() throws {
        let dir = try TemporaryDirectory(self)
        let bytes = Array(String(repeating: "archive bytes ", count: 100).utf8)
        let d = try SeedStore.write(bytes, into: dir.path)
        let p = "\(dir.path)/\(d.hex.prefix(2))/\(d.hex)"
        XCTAssertEqual(try FileIO.read(p), bytes, "seed objects are raw, uncompressed")
        var st = stat()
        XCTAssertEqual(stat(p, &st), 0)
        XCTAssertEqual(st.st_mode & 0o777, 0o644)
        XCTAssertEqual(try SeedStore.write(bytes, into: dir.path), d)
        XCTAssertEqual(FileIO.list("\(dir.path)/\(d.hex.prefix(2))"), [d.hex], "no temporary left behind")
    }

    func testCorruptSeedObjectIsReportedAndLeftInPlace() throws {
        let dir = try TemporaryDirectory(self)
        let bytes = Array("monogram".utf8)
        let d = try SeedStore.write(bytes, into: dir.path)
        let seed = SeedStore(root: dir.path)
        try flipByte(at: 0, in: seed.path(for: d))
        XCTAssertNil(try seed.get(d))
        XCTAssertTrue(fileExists(seed.path(for: d)))
        XCTAssertEqual(seed.events.all, [.corruptObject(digest: d, layer: .seed, path: seed.path(for: d),
                                                        reason: "content hashes to a different digest", quarantinedTo: nil)])
        // Rewriting through the maintainer helper repairs it.
        try SeedStore.write(bytes, into: dir.path)
        XCTAssertEqual(try seed.get(d), bytes)
    }

    func testMissingSeedFolderIsEmpty() throws {
        let seed = SeedStore(root: "/nonexistent/cas")
        XCTAssertNil(try seed.get(Digest.of("x")))
        XCTAssertFalse(seed.contains(Digest.of("x")))
    }
}
