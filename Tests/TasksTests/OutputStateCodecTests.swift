import StoreModel
import Foundation
import XCTest
@testable import Tasks

final class OutputStateCodecTests: XCTestCase {
    private struct StateFile: Codable {
        var schema: String
        var files: [OutputState]
    }

    private let samples: [OutputState] = [
        OutputState(path: "ios/App/AppDelegate.swift", digest: Digest.of("a"), mode: 0o644, size: 120, mtimeNs: 1_796_001_332_679_921_141, inode: 16_269_731,
                    ctimeNs: 1_796_001_332_679_921_999),
        OutputState(path: "bin/run", digest: Digest.of("b"), mode: 0o755, size: 0, mtimeNs: 0, inode: 0),
        OutputState(path: "odd/quote\" back\\slash tab\t nl\n ctl\u{1} é 日本 🚀.txt", digest: Digest.of("c"), mode: 0o644,
                    size: UInt64.max, mtimeNs: -5, inode: UInt64.max, ctimeNs: -7),
    ]

    func testWritesExactlyWhatJSONEncoderWrites() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let foundation = try encoder.encode(StateFile(schema: "orchestrate.outputs/1", files: samples))
        XCTAssertEqual(String(decoding: OutputStateCodec.encode(samples), as: UTF8.self), String(decoding: foundation, as: UTF8.self))
        XCTAssertEqual(OutputStateCodec.encode([]), Array(#"{"files":[],"schema":"orchestrate.outputs\/1"}"#.utf8))
    }

    /// `stream` gives `encode`'s bytes in pieces, each cut after an entry once it holds `chunk`.
    func testStreamedIsEncodedInPieces() {
        let many = (0 ..< 300).map { i in samples[i % 3].with(path: "d\(i % 7)/f\(i)") }
        for schema in [OutputStateCodec.schema, OutputStateCodec.journalSchema] {
            let whole = OutputStateCodec.encode(many, schema: schema)
            for chunk in [1, 500, 1 << 20] {
                var pieces: [[UInt8]] = []
                OutputStateCodec.stream(many, schema: schema, chunk: chunk) { pieces.append(Array($0)) }
                XCTAssertEqual(pieces.flatMap { $0 }, whole, "chunk \(chunk)")
                XCTAssertTrue(pieces.dropLast().allSatisfy { $0.count >= chunk }, "chunk \(chunk)")
                if chunk == 1 { XCTAssertEqual(pieces.count, many.count + 1, "a piece per entry, and the end") }
                if chunk > whole.count { XCTAssertEqual(pieces.count, 1) }
                if chunk == 500 { XCTAssertGreaterThan(pieces.count, whole.count / 1000) }
            }
        }
    }

    /// Entries read with their ranges, then written again with some copied from those bytes and
    /// some encoded: the bytes are `encode`'s, in any chunking, and decode to the same entries.
    func testASplicedStateIsTheEncodedOne() throws {
        let many = (0 ..< 200).map { i in samples[i % 3].with(path: "d\(i % 7)/f\(i)") }
        let bytes = OutputStateCodec.encode(many)
        let (states, ranges) = try XCTUnwrap(OutputStateCodec.decodeWithRanges(bytes))
        XCTAssertEqual(states, many)
        XCTAssertEqual(ranges.count, many.count)
        for (s, r) in zip(many, ranges) { XCTAssertEqual(Array(bytes[r]), Array(OutputStateCodec.encode([s]).dropFirst(10).prefix(r.count))) }
        var changed = many
        changed[5] = changed[5].with(path: "d5/f5-new")
        changed.remove(at: 9)
        // Each entry taken from the bytes read (by its index there) or encoded.
        let items: [OutputStateCodec.SpliceItem] = changed.enumerated().map { i, s in
            let j = i < 9 ? i : i + 1
            return i == 5 || (i % 4 == 0 && i != 8) ? .new(s) : .old(j)
        }
        let splices = OutputStateCodec.splices(items, ranges: ranges)
        // Earlier entries in a row are one copied range: 1, 2, 3 (0 and 4 encoded, 5 changed);
        // then 6, 7, 8; then 10, 11, 12, apart from 8 (9 was removed), up to 12 encoded.
        XCTAssertEqual(Array(splices.prefix(7)), [.encoded(changed[0]), .copied(ranges[1].lowerBound ..< ranges[3].upperBound),
                                                  .encoded(changed[4]), .encoded(changed[5]),
                                                  .copied(ranges[6].lowerBound ..< ranges[8].upperBound),
                                                  .copied(ranges[10].lowerBound ..< ranges[12].upperBound), .encoded(changed[12])])
        for chunk in [1, 300, 1 << 20] {
            var pieces: [UInt8] = []
            OutputStateCodec.stream(splices, source: bytes, chunk: chunk) { pieces += $0 }
            XCTAssertEqual(pieces, OutputStateCodec.encode(changed), "chunk \(chunk)")
        }
        // Every entry copied: one range, the bytes read.
        let all = OutputStateCodec.splices(many.indices.map { .old($0) }, ranges: ranges)
        XCTAssertEqual(all, [.copied(ranges[0].lowerBound ..< ranges[199].upperBound)])
        var again: [UInt8] = []
        OutputStateCodec.stream(all, source: bytes) { again += $0 }
        XCTAssertEqual(again, bytes)
        XCTAssertNil(OutputStateCodec.decodeWithRanges(Array(bytes.dropLast())))
    }

    func testReadsItsOwnOutputAndJSONDecoderAgrees() throws {
        let bytes = OutputStateCodec.encode(samples)
        XCTAssertEqual(OutputStateCodec.decode(bytes), samples)
        XCTAssertEqual(try JSONDecoder().decode(StateFile.self, from: Data(bytes)).files, samples)
    }

    func testAnythingElseIsLeftToTheFullDecoder() {
        let good = String(decoding: OutputStateCodec.encode(samples), as: UTF8.self)
        for bad in [
            "", "{}", "[]", good + " ", " " + good, String(good.dropLast()),
            good.replacingOccurrences(of: "orchestrate.outputs\\/1", with: "orchestrate.outputs\\/2"),
            good.replacingOccurrences(of: "\"inode\":0,", with: "\"inode\":00,"),
            good.replacingOccurrences(of: "\"mode\":493,", with: ""),
            good.replacingOccurrences(of: "\"size\":0}", with: "\"size\":0,\"extra\":1}"),
            good.replacingOccurrences(of: "\"inode\":18446744073709551615", with: "\"inode\":18446744073709551616"),
            good.replacingOccurrences(of: ",\"schema\"", with: ", \"schema\""),
        ] {
            XCTAssertNil(OutputStateCodec.decode(Array(bad.utf8)), bad)
        }
    }

    func testKeysInAnyOrderAndUnicodeEscapesAreRead() {
        let text = #"{"schema":"orchestrate.outputs\/1","files":[{"size":3,"path":"a\u00e9\/b","mtimeNs":7,"mode":420,"inode":9,"digest":"\#(Digest.of("x").hex)"}]}"#
        XCTAssertEqual(OutputStateCodec.decode(Array(text.utf8)),
                       [OutputState(path: "aé/b", digest: Digest.of("x"), mode: 0o644, size: 3, mtimeNs: 7, inode: 9)])
    }
}

private extension OutputState {
    func with(path: String) -> OutputState {
        OutputState(path: path, digest: digest, mode: mode, size: size, mtimeNs: mtimeNs, inode: inode, ctimeNs: ctimeNs)
    }
}
