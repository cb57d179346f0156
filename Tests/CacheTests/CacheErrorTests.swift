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

    static let untrusted = CacheError.remoteCall(
        url: "grpcs://cache:443", method: "Capabilities.GetCapabilities",
        status: .unavailable, details: "failed to connect to all addresses; last error: UNKNOWN: ipv4:10.0.0.1:443: Ssl handshake failed: "
            + "SSL_ERROR_SSL: error:0A000086:SSL routines::certificate verify failed")

    /// gRPC's core words a TLS failure as UNAVAILABLE, like no answer at all: the message says
    /// which it was (the core's words for an untrusted or misnamed certificate, or no TLS).
    func testATLSHandshakeFailureIsNotCalledNoAnswer() {
        XCTAssertTrue(Self.untrusted.isTLSHandshakeFailure)
        XCTAssertTrue(Self.untrusted.description.hasSuffix("certificate verify failed): the TLS handshake failed: the server's certificate"
            + " is not signed by a trusted CA or not issued for this host name, or the server does not speak TLS"), Self.untrusted.description)
        let misnamed = CacheError.remoteCall(url: "grpcs://cache:443", method: "Capabilities.GetCapabilities", status: .unavailable,
                                             details: "failed to connect to all addresses; last error: UNKNOWN: ipv4:10.0.0.1:443: Peer name cache is not in peer certificate")
        XCTAssertTrue(misnamed.isTLSHandshakeFailure)
        let refused = CacheError.remoteCall(url: "grpcs://cache:443", method: "Capabilities.GetCapabilities", status: .unavailable,
                                            details: "failed to connect to all addresses; last error: UNKNOWN: ipv4:10.0.0.1:443: Failed to connect to remote host: Connection refused")
        XCTAssertFalse(refused.isTLSHandshakeFailure)
        XCTAssertTrue(refused.description.hasSuffix(": no answer from the server"), refused.description)
        // Only a connection failure: a call the server failed with those words is its own business.
        let failedCall = CacheError.remoteCall(url: "grpcs://cache:443", method: "ByteStream.Write", status: GRPCStatus(13), details: "handshake failed")
        XCTAssertFalse(failedCall.isTLSHandshakeFailure)
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
            Self.untrusted,
        ]
        for e in errors { XCTAssertFalse(e.description.contains("--"), e.description) }
        XCTAssertTrue(CacheError.readOnlyStore(path: "/s").description.hasPrefix("store /s is read-only; "))
        XCTAssertTrue(CacheError.incompatibleIndex(path: "/s/ac.sqlite", version: 3, supported: 2).description.contains("upgrade orchestrate"))
    }
}
