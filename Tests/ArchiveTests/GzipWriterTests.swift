@testable import Archive
import Foundation
import XCTest

final class GzipWriterTests: XCTestCase {
    /// 300 KB of varied bytes from a fixed-seed generator (crosses several 64 KiB slices).
    private let input: [UInt8] = {
        var state: UInt32 = 0x2545F491
        return (0..<300_000).map { i in
            state ^= state << 13; state ^= state >> 17; state ^= state << 5
            return i % 7 == 0 ? UInt8(truncatingIfNeeded: state) : UInt8(ascii: "a") + UInt8(i % 26)
        }
    }()

    private func compress(splittingEvery step: Int) throws -> [UInt8] {
        let gzip = try GzipWriter()
        var i = 0
        while i < input.count {
            try gzip.write(input[i..<min(i + step, input.count)])
            i += step
        }
        return try gzip.finish()
    }

    func testHowWritesAreSplitDoesNotChangeTheBytes() throws {
        let whole = try compress(splittingEvery: input.count)
        XCTAssertEqual(try compress(splittingEvery: 1_000), whole)
        XCTAssertEqual(try compress(splittingEvery: 65_537), whole)
        XCTAssertEqual(try compress(splittingEvery: 512), whole)
    }

    func testGzipToolDecompressesToTheInput() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let path = sandbox.root + "/data.gz"
        let bytes = try compress(splittingEvery: 4096)
        XCTAssertEqual(Array(bytes.prefix(10)), GzipWriter.header)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try runTool("gzip", ["-t", path]).0, 0)
        XCTAssertEqual(try runTool("gzip", ["-d", path]).0, 0)
        XCTAssertEqual(FileManager.default.contents(atPath: sandbox.root + "/data"), Data(input))
    }

    func testLengthTrailerMismatchIsRejected() throws {
        var bytes = try RawTar.archive([("a.txt", "a")])
        bytes[bytes.count - 4] ^= 0x01
        XCTAssertThrowsError(try ArchiveReader(policy: ArchivePolicy()).read(bytes)) { error in
            guard case let .gzipLengthMismatch(recorded, computed) = error as? ArchiveError else { return XCTFail("\(error)") }
            XCTAssertEqual(recorded ^ 0x01, computed)
        }
    }
}
