import CSQLite
import XCTest
@testable import Cache

final class CacheErrorTests: XCTestCase {
    func testMessagesNameThePlaceAndWhatToDo() {
        let cantOpen = CacheError.sqlite(path: "/s/ac.sqlite", code: SQLITE_CANTOPEN, message: "unable to open database file")
        XCTAssertTrue(cantOpen.description.contains("/s/ac.sqlite"))
        XCTAssertTrue(cantOpen.description.contains("writable"), cantOpen.description)
        let corrupt = CacheError.sqlite(path: "/s/ac.sqlite", code: SQLITE_CORRUPT, message: "malformed")
        XCTAssertTrue(corrupt.description.contains("store verify"), corrupt.description)
        let io = CacheError.io(path: "/s/tmp/x", operation: "write", errno: ENOSPC)
        XCTAssertTrue(io.description.hasPrefix("write /s/tmp/x: No space left on device (errno 28)"), io.description)
        XCTAssertTrue(CacheError.invalidSize("5X").description.contains("500M"))
        XCTAssertTrue(CacheError.incompatibleIndex(path: "/s/ac.sqlite", version: 3, supported: 1).description.contains("version 3"))
    }
}
