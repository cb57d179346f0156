import XCTest
@testable import Cache

final class ObjectCodecTests: XCTestCase {
    func testCompressibleBytesAreStoredAsZlibAndSmaller() throws {
        let bytes = Array(String(repeating: "class Movie < ApplicationRecord\nend\n", count: 200).utf8)
        let encoded = ObjectCodec.encode(bytes)
        XCTAssertEqual(encoded.first, ObjectCodec.zlib)
        XCTAssertLessThan(encoded.count, bytes.count / 4)
        XCTAssertEqual(try ObjectCodec.decode(encoded), bytes)
        XCTAssertEqual(ObjectCodec.declaredSize(header: Array(encoded.prefix(9)), fileSize: UInt64(encoded.count)), UInt64(bytes.count))
    }

    /// Bytes whose raw file fits in one 4 KiB block stay raw however well they compress (the
    /// block is taken either way); from one byte more on they are compressed.
    func testBytesUnderOneBlockStayRawAndFromOneBlockOnAreCompressed() throws {
        let text = Array(String(repeating: "<%= render @movies %>\n", count: 400).utf8)
        let under = Array(text.prefix(4095)), from = Array(text.prefix(4096))
        XCTAssertEqual(ObjectCodec.encode(under), [ObjectCodec.raw] + under)
        XCTAssertEqual(ObjectCodec.encode(under).count, 4096, "one block")
        let encoded = ObjectCodec.encode(from)
        XCTAssertEqual(encoded.first, ObjectCodec.zlib)
        XCTAssertLessThan(encoded.count, 4096)
        XCTAssertEqual(try ObjectCodec.decode(encoded), from)
    }

    func testIncompressibleAndTinyBytesAreStoredRaw() throws {
        for bytes in [pseudoRandomBytes(4_096, seed: 3), Array("tiny".utf8), []] {
            let encoded = ObjectCodec.encode(bytes)
            XCTAssertEqual(encoded, [ObjectCodec.raw] + bytes)
            XCTAssertEqual(try ObjectCodec.decode(encoded), bytes)
        }
    }

    func testDamagedEncodingsAreRejected() {
        let good = ObjectCodec.encode(Array(String(repeating: "abc", count: 2_000).utf8))
        XCTAssertEqual(good.first, ObjectCodec.zlib)
        XCTAssertThrowsError(try ObjectCodec.decode([])) { XCTAssertEqual($0 as? ObjectCodec.DecodeError, .empty) }
        XCTAssertThrowsError(try ObjectCodec.decode([7, 1, 2])) { XCTAssertEqual($0 as? ObjectCodec.DecodeError, .unknownHeader(7)) }
        XCTAssertThrowsError(try ObjectCodec.decode(Array(good.prefix(5)))) { XCTAssertEqual($0 as? ObjectCodec.DecodeError, .truncatedHeader) }
        XCTAssertThrowsError(try ObjectCodec.decode(Array(good.prefix(good.count - 4))))   // truncated stream
        var huge = good
        huge[1] = 0x7f   // declares an absurd size: refused before allocating
        XCTAssertThrowsError(try ObjectCodec.decode(huge)) { e in
            guard case .badSize = e as? ObjectCodec.DecodeError else { return XCTFail("\(e)") }
        }
    }
}
