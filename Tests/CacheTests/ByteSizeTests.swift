import XCTest
@testable import Cache

final class ByteSizeTests: XCTestCase {
    func testAcceptedSizes() throws {
        let table: [(String, UInt64)] = [
            ("0", 0), ("1234", 1234), ("10B", 10), ("1K", 1024), ("1k", 1024), ("2KiB", 2048), ("3KB", 3072),
            ("500M", 500 << 20), ("500MiB", 500 << 20), (" 5 G ", 5 << 30), ("2T", 2 << 40), ("16777215T", 16_777_215 << 40),
        ]
        for (text, bytes) in table { XCTAssertEqual(try ByteSize.parse(text), bytes, text) }
        XCTAssertEqual(try LocalStore.parseSize("500M"), 524_288_000)
    }

    func testRejectedSizes() {
        for text in ["", "M", "-1", "1.5G", "12Q", "1 2", "0x10", "16777216T", "99999999999999999999"] {
            XCTAssertThrowsError(try ByteSize.parse(text), text) { XCTAssertEqual($0 as? CacheError, .invalidSize(text)) }
        }
    }
}
