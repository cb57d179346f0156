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

    /// The library names no command-line flag: it says what happened and what helps; the CLI
    /// phrases that advice in terms of its options (`CLI.ErrorMessage`).
    func testMessagesNameNoCommandLineFlag() {
        var errors: [CacheError] = [SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM, SQLITE_BUSY, SQLITE_FULL, SQLITE_IOERR, SQLITE_CORRUPT].map {
            .sqlite(path: "/s/ac.sqlite", code: $0, message: "m")
        }
        errors += [
            .io(path: "/s/tmp/x", operation: "write", errno: EACCES), .readOnlyStore(path: "/s"),
            .incompatibleIndex(path: "/s/ac.sqlite", version: 3, supported: 2), .missingObject(digest: Digest.of("x")),
            .corruptObject(digest: Digest.of("x"), path: "/s/objects/x"), .fileChanged(path: "/a", expected: 1, found: 2),
            .remoteRedirect(url: "http://cache", status: 302, location: "http://elsewhere"), .invalidSize("5X"),
        ]
        for e in errors { XCTAssertFalse(e.description.contains("--"), e.description) }
        XCTAssertTrue(CacheError.readOnlyStore(path: "/s").description.hasPrefix("store /s is read-only; "))
        XCTAssertTrue(CacheError.incompatibleIndex(path: "/s/ac.sqlite", version: 3, supported: 2).description.contains("upgrade orchestrate"))
    }
}
