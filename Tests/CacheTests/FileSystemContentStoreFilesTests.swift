import Foundation
import XCTest
@testable import Cache

/// Objects streamed to and from files: the same objects `put`/`load` make and read, never held
/// whole, verified, corrupt ones quarantined.
final class FileSystemContentStoreFilesTests: XCTestCase {
    /// Deterministic bytes that do not compress (xorshift, fixed seed).
    func noise(_ count: Int, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> [UInt8] {
        var x = seed
        return (0..<count).map { _ in
            x ^= x << 13; x ^= x >> 7; x ^= x << 17
            return UInt8(truncatingIfNeeded: x)
        }
    }

    func text(_ count: Int) -> [UInt8] {
        Array(String(repeating: "class Movie < ApplicationRecord; end\n", count: count / 37 + 1).utf8.prefix(count))
    }

    func store(_ dir: TemporaryDirectory) -> FileSystemContentStore { FileSystemContentStore(root: dir.sub("store")) }

    func write(_ bytes: [UInt8], _ path: String) throws -> String {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testPutFileStoresWhatPutWouldCompressedOrRaw() throws {
        let dir = try TemporaryDirectory(self)
        let s = store(dir)
        for (bytes, header) in [(text(5 << 20), ObjectCodec.zlib), (noise(5 << 20), ObjectCodec.raw), (text(5000), ObjectCodec.zlib),
                                (text(4095), ObjectCodec.raw), (text(4096), ObjectCodec.zlib)] {
            let (digest, size) = try s.putFile(try write(bytes, dir.sub("in")))
            XCTAssertEqual(digest, Digest.of(bytes))
            XCTAssertEqual(size, UInt64(bytes.count))
            let file = try XCTUnwrap(FileManager.default.contents(atPath: s.path(for: digest)))
            XCTAssertEqual(file.first, header, "\(bytes.count) bytes")
            XCTAssertLessThan(file.count, bytes.count + 10)
            XCTAssertEqual(try s.get(digest), bytes, "the whole-object reader reads it")
            XCTAssertEqual(try s.check(digest), .valid(size: UInt64(bytes.count)))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: s.tmpPath), [], "no temporary left")
        // Written by `put`, read by `stream`.
        let small = text(3000)
        let d = try s.put(small)
        var streamed: [UInt8] = []
        XCTAssertEqual(try s.stream(d) { streamed += $0 }, .valid(size: 3000))
        XCTAssertEqual(streamed, small)
    }

    func testPutFileRefusesBytesOtherThanExpected() throws {
        let dir = try TemporaryDirectory(self)
        let s = store(dir)
        let bytes = noise(2 << 20)
        XCTAssertThrowsError(try s.putFile(try write(bytes, dir.sub("in")), expected: Digest.of("something else"))) { e in
            guard case .fileChanged? = e as? CacheError else { return XCTFail("\(e)") }
        }
        XCTAssertFalse(s.contains(Digest.of(bytes)))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: s.tmpPath), [])
    }

    func testExportWritesOnlyVerifiedBytesAndQuarantinesACorruptObject() throws {
        let dir = try TemporaryDirectory(self)
        let s = store(dir)
        for bytes in [noise(3 << 20), text(3 << 20)] {
            let (digest, _) = try s.putFile(try write(bytes, dir.sub("in")))
            let out = dir.sub("out.apk")
            XCTAssertEqual(try s.export(digest, to: out), .valid(size: UInt64(bytes.count)))
            XCTAssertEqual(FileManager.default.contents(atPath: out).map { [UInt8]($0) }, bytes)

            // One byte flipped in the middle of the stored file.
            let path = s.path(for: digest)
            var file = [UInt8](FileManager.default.contents(atPath: path)!)
            file[file.count / 2] ^= 0x01
            chmod(path, 0o644)
            try Data(file).write(to: URL(fileURLWithPath: path))
            _ = try write(Array("previous build\n".utf8), out)
            guard case .corrupt = try s.export(digest, to: out) else { return XCTFail("corrupt object exported") }
            XCTAssertEqual(FileManager.default.contents(atPath: out), Data("previous build\n".utf8), "destination untouched")
            XCTAssertFalse(s.contains(digest), "quarantined")
            XCTAssertEqual(try s.check(digest), .missing)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains("orchestrate-") }, [], "no partial file left")
        }
        XCTAssertEqual(s.events.all.count, 2)
    }

    /// A zlib object whose header declares fewer bytes than it inflates to is stopped at the
    /// declared size, not inflated whole.
    func testALyingSizeHeaderIsCorruptWithoutInflatingEverything() throws {
        let dir = try TemporaryDirectory(self)
        let s = store(dir)
        let bytes = [UInt8](repeating: 0, count: 8 << 20)
        let (digest, _) = try s.putFile(try write(bytes, dir.sub("in")))
        let path = s.path(for: digest)
        var file = [UInt8](FileManager.default.contents(atPath: path)!)
        XCTAssertEqual(file[0], ObjectCodec.zlib)
        file[1...8] = [0, 0, 0, 0, 0, 0x10, 0, 0]   // 1 MiB
        chmod(path, 0o644)
        try Data(file).write(to: URL(fileURLWithPath: path))
        var seen = 0
        guard case let .corrupt(reason) = try s.stream(digest, to: { seen += $0.count }) else { return XCTFail() }
        XCTAssertEqual(reason, ObjectCodec.DecodeError.sizeMismatch.reason)
        XCTAssertLessThanOrEqual(seen, 1 << 20)
    }
}
