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

    func testIncompressibleAndTinyBytesAreStoredRaw() throws {
        for bytes in [pseudoRandomBytes(4_096, seed: 3), Array("tiny".utf8), []] {
            let encoded = ObjectCodec.encode(bytes)
            XCTAssertEqual(encoded, [ObjectCodec.raw] + bytes)
            XCTAssertEqual(try ObjectCodec.decode(encoded), bytes)
        }
    }

    func testDamagedEncodingsAreRejected() {
        let good = ObjectCodec.encode(Array(String(repeating: "abc", count: 1_000).utf8))
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
