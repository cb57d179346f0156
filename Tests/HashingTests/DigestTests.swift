import Foundation
import XCTest
import Hashing

final class DigestTests: XCTestCase {
    func testKnownVectors() {
        XCTAssertEqual(Digest.of("").hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(Digest.of("abc").hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    func testStreamingEqualsOneShot() {
        let data = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let h = SHA256Hasher()
        for chunk in stride(from: 0, to: data.count, by: 777) {
            h.update(data[chunk..<min(chunk + 777, data.count)])
        }
        XCTAssertEqual(h.finalize(), Digest.of(data))
    }

    /// The one-shot form (one libcrypto call) and the streaming form agree, on whole arrays, on
    /// slices that start past a header byte (the store's raw objects), and on collections
    /// without contiguous storage.
    func testOneShotEqualsStreamingOnSlicesAndNonContiguousBytes() {
        let data = (0..<70_001).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        for start in [0, 1, 63, 64, 65, 70_000, 70_001] {
            let h = SHA256Hasher()
            h.update(Array(data[start...]))
            XCTAssertEqual(Digest.of(data[start...]), h.finalize(), "from \(start)")
        }
        let lazy = data.lazy.map { $0 }
        XCTAssertEqual(Digest.of(lazy), Digest.of(data))
        XCTAssertEqual(data.withUnsafeBytes { SHA256Hasher.digest($0) }, Digest.of(data))
    }

    func testHexRoundTripAndRejects() {
        let d = Digest.of("x")
        XCTAssertEqual(Digest(hex: d.hex), d)
        XCTAssertEqual(Digest(hex: d.hex.uppercased()), d)
        XCTAssertNil(Digest(hex: "abc"))
        XCTAssertNil(Digest(hex: String(repeating: "g", count: 64)))
    }

    /// RFC 4231 test cases 1, 2 and 6 (key longer than the block).
    func testHMACRFC4231() {
        let key1 = [UInt8](repeating: 0x0b, count: 20)
        XCTAssertEqual(HMAC.sha256(key: key1, message: Array("Hi There".utf8)).hex,
                       "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        XCTAssertEqual(HMAC.sha256(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)).hex,
                       "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        let key6 = [UInt8](repeating: 0xaa, count: 131)
        XCTAssertEqual(HMAC.sha256(key: key6, message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)).hex,
                       "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    func testBuilderIsFramed() {
        // "ab"+"c" and "a"+"bc" must differ: fields are length-prefixed.
        var a = DigestBuilder(domain: "t", version: 1); a.add("ab"); a.add("c")
        var b = DigestBuilder(domain: "t", version: 1); b.add("a"); b.add("bc")
        XCTAssertNotEqual(a.finalize(), b.finalize())
        var c = DigestBuilder(domain: "t", version: 1); c.add("x")
        var d = DigestBuilder(domain: "t", version: 2); d.add("x")
        XCTAssertNotEqual(c.finalize(), d.finalize())
        var e = DigestBuilder(domain: "t", version: 1); e.add("x")
        XCTAssertEqual(e.preimage, [0, 0, 0, 1, 0x74, 0, 0, 0, 1, 0x01, 0, 0, 0, 0, 0, 0, 0, 1, 0x78])
        // Pinned literal: the encoding must never drift silently.
        XCTAssertEqual(e.finalize().hex, "6e771d335a0837dc65b6b47a985bc3a8e584daff23161ba789c332df54acb5cc")
    }

    func testNamedMapOrderIndependent() {
        var a = DigestBuilder(domain: "t", version: 1)
        a.add(named: ["b": Digest.of("1"), "a": Digest.of("2")])
        var b = DigestBuilder(domain: "t", version: 1)
        b.add(named: ["a": Digest.of("2"), "b": Digest.of("1")])
        XCTAssertEqual(a.finalize(), b.finalize())
    }

    /// A digest is held as four words: its bytes, hex, order and raw view must still be the 32
    /// bytes in order (the order is the bytes' lexicographic order, which listings sort by).
    func testWordStorageKeepsTheBytesTheirOrderAndHex() {
        var bytes = [UInt8](repeating: 0, count: 32)
        for i in 0..<32 { bytes[i] = UInt8(i * 7 + 1) }
        let d = Digest(bytes: bytes)
        XCTAssertEqual(d.bytes, bytes)
        XCTAssertEqual(d.hex, bytes.map { String(format: "%02x", $0) }.joined())
        XCTAssertEqual(Digest(hex: d.hex), d)
        XCTAssertEqual(d.firstByte, 1)
        XCTAssertEqual(d.withUnsafeBytes { Array($0) }, bytes)
        let samples = (0..<200).map { Digest.of("sample \($0)") } + [Digest(bytes: [UInt8](repeating: 0xff, count: 32)), Digest(bytes: [UInt8](repeating: 0, count: 32))]
        XCTAssertEqual(samples.sorted().map(\.bytes), samples.map(\.bytes).sorted { $0.lexicographicallyPrecedes($1) })
        XCTAssertEqual(Set(samples).count, samples.count)
        var hex: [UInt8] = []
        d.appendHex(to: &hex)
        XCTAssertEqual(String(decoding: hex, as: UTF8.self), d.hex)
        // Appended after what is there, digit for digit what the byte-wise encoder gives.
        var all = Array("prefix:".utf8)
        for s in samples { s.appendHex(to: &all) }
        XCTAssertEqual(String(decoding: all, as: UTF8.self), "prefix:" + samples.map { Digest.hex($0.bytes) }.joined())
    }

    /// `utf8Precedes` is the UTF-8 byte order: the order of `utf8.lexicographicallyPrecedes`, on
    /// prefixes, empty strings, non-ASCII and strings Swift's own `<` orders differently.
    func testUTF8OrderIsByteOrder() {
        let words = ["", "a", "A", "a/b", "a-b", "a_b", "a.b", "ab", "a10", "a9", "é", "e\u{301}", "z", "😀", "\u{ffff}", "a\u{0}", "Zz"]
        for a in words {
            for b in words {
                XCTAssertEqual(a.utf8Precedes(b), a.utf8.lexicographicallyPrecedes(b.utf8), "\(a.debugDescription) vs \(b.debugDescription)")
            }
        }
    }

    /// Draining into a hasher as the preimage grows gives the digest of the whole preimage.
    func testDrainingABuilderGivesTheWholePreimagesDigest() {
        func build(_ b: inout DigestBuilder, _ i: Int) {
            b.add("file \(i)"); b.add(UInt64(i)); b.add(i % 2 == 0); b.add(Digest.of("\(i)"))
            b.add(named: ["n\(i)": Digest.of("x"), "a": Digest.of("y")])
        }
        var whole = DigestBuilder(domain: "t", version: 3)
        var drained = DigestBuilder(domain: "t", version: 3)
        let hasher = SHA256Hasher()
        for i in 0..<1000 {
            build(&whole, i)
            build(&drained, i)
            if i % 97 == 0 { drained.drain(into: hasher) }
        }
        drained.drain(into: hasher)
        XCTAssertTrue(drained.preimage.isEmpty)
        XCTAssertEqual(hasher.finalize(), whole.finalize())
        XCTAssertGreaterThan(whole.preimage.count, 50_000)
    }
}
