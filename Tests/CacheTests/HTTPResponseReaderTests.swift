import Foundation
import XCTest
@testable import Cache

/// The HTTP/1.x answer parser against canned bytes, delivered whole and one byte per read.
final class HTTPResponseReaderTests: XCTestCase {
    /// Canned bytes, at most `step` per read; 0 once they are used up (the peer closed).
    final class Canned: ByteSource {
        private let bytes: [UInt8]
        private let step: Int
        private var at = 0
        init(_ text: String, step: Int = .max) { bytes = Array(text.utf8); self.step = step }
        func read(into buffer: UnsafeMutableRawBufferPointer, deadline: Deadline) throws -> Int {
            let n = min(step, buffer.count, bytes.count - at)
            buffer.copyBytes(from: bytes[at..<at + n])
            at += n
            return n
        }
    }

    let deadline = Deadline(seconds: 5)

    /// Head and whole body (nil when `take` stopped it), for every way of splitting the bytes.
    func parse(_ text: String, bodyless: Bool = false, stopAfter: Int = .max, file: StaticString = #filePath, line: UInt = #line)
        throws -> (head: HTTPResponseReader.Head, body: String?) {
        var results: [(HTTPResponseReader.Head, String?)] = []
        for step in [.max, 1, 7] {
            let reader = HTTPResponseReader(source: Canned(text, step: step), bufferSize: 16)
            let head = try reader.readHead(deadline: deadline, bodyless: bodyless)
            var body: [UInt8] = []
            let whole = try reader.readBody(head.framing, deadline: deadline) { piece in
                body += piece
                return body.count <= stopAfter
            }
            results.append((head, whole ? String(decoding: body, as: UTF8.self) : nil))
        }
        for r in results.dropFirst() {
            XCTAssertEqual(r.0, results[0].0, "same head however the bytes arrive", file: file, line: line)
            XCTAssertEqual(r.1, results[0].1, "same body however the bytes arrive", file: file, line: line)
        }
        return results[0]
    }

    func testContentLengthFramesTheBodyAndKeepsTheConnection() throws {
        let r = try parse("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nX-A: 1\r\nx-a: 2\r\n\r\nhelloNEXT")
        XCTAssertEqual(r.head.status, 200)
        XCTAssertEqual(r.head.framing, .length(5))
        XCTAssertEqual(r.head.headers["x-a"], "1, 2")
        XCTAssertTrue(r.head.keepAlive)
        XCTAssertEqual(r.body, "hello", "the bytes after the body are not part of it")
    }

    /// Bytes past the answer (a body sent for HEAD) are noticed, so the connection is not reused.
    func testBytesPastTheAnswerAreNoticed() throws {
        let extra = HTTPResponseReader(source: Canned("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello"))
        let head = try extra.readHead(deadline: deadline, bodyless: true)
        XCTAssertTrue(try extra.readBody(head.framing, deadline: deadline) { _ in true })
        XCTAssertTrue(extra.hasUnreadBytes)
        let exact = HTTPResponseReader(source: Canned("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello"))
        XCTAssertTrue(try exact.readBody(try exact.readHead(deadline: deadline, bodyless: false).framing, deadline: deadline) { _ in true })
        XCTAssertFalse(exact.hasUnreadBytes)
        let both = try parse("HTTP/1.1 200 OK\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n")
        XCTAssertEqual(both.body, "abc")
        XCTAssertFalse(both.head.keepAlive, "framed two ways: not reused")
    }

    func testChunkedWithExtensionsAndTrailers() throws {
        let r = try parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n5;name=x\r\nhello\r\n6\r\n world\r\n0\r\nTrailer: t\r\n\r\n")
        XCTAssertEqual(r.head.framing, .chunked)
        XCTAssertEqual(r.body, "hello world")
        let lf = try parse("HTTP/1.1 200 OK\nTransfer-Encoding: chunked\n\n3\nabc\n0\n\n")
        XCTAssertEqual(lf.body, "abc", "bare LF line endings are read too")
    }

    func testBodyUntilCloseIsNeverKeptAlive() throws {
        let r = try parse("HTTP/1.0 200 OK\r\n\r\nall of it")
        XCTAssertEqual(r.head.framing, .untilClose)
        XCTAssertFalse(r.head.keepAlive)
        XCTAssertEqual(r.body, "all of it")
        XCTAssertFalse(try parse("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n").head.keepAlive)
        XCTAssertTrue(try parse("HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 0\r\n\r\n").head.keepAlive)
    }

    func testAnswersWithoutABody() throws {
        XCTAssertEqual(try parse("HTTP/1.1 200 OK\r\nContent-Length: 99\r\n\r\n", bodyless: true).head.framing, .none, "HEAD")
        for status in [204, 304, 100] {
            XCTAssertEqual(try parse("HTTP/1.1 \(status) X\r\nContent-Length: 9\r\n\r\n").head.framing, .none, "\(status)")
        }
    }

    func testARedirectIsJustAnAnswer() throws {
        let r = try parse("HTTP/1.1 302 Found\r\nLocation: http://elsewhere/x\r\nContent-Length: 3\r\n\r\nabc")
        XCTAssertEqual(r.head.status, 302)
        XCTAssertEqual(r.head.headers["location"], "http://elsewhere/x")
        XCTAssertEqual(r.body, "abc")
    }

    func testStoppingMidBodyLeavesTheRestUnread() throws {
        let r = try parse("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n" + String(repeating: "x", count: 100), stopAfter: 10)
        XCTAssertNil(r.body)
        let chunked = try parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + String(repeating: "a\r\n0123456789\r\n", count: 50), stopAfter: 25)
        XCTAssertNil(chunked.body, "stopped before the stream ended (it never does)")
    }

    func testMalformedAnswers() {
        let bad = [
            "SSH-2.0-OpenSSH\r\n\r\n",
            "HTTP/1.1 20 OK\r\n\r\n",
            "HTTP/2 200\r\n\r\n",
            "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello",
            "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n",
            "HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999999\r\n\r\n",
            "HTTP/1.1 200 OK\r\nBad Header: x\r\n\r\n",
            "HTTP/1.1 200 OK\r\n folded: x\r\n\r\n",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n11111111111111111\r\n",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcX\r\n0\r\n\r\n",
            "HTTP/1.1 200 OK\r\nX: " + String(repeating: "a", count: 70_000) + "\r\n\r\n",
        ]
        for text in bad {
            XCTAssertThrowsError(try parse(text), String(text.prefix(60))) { e in
                guard case .malformedAnswer? = e as? TransportFailure else { return XCTFail("\(e)") }
            }
        }
    }

    func testAPeerThatClosesEarly() {
        XCTAssertThrowsError(try parse("")) { XCTAssertEqual($0 as? TransportFailure, .closedBeforeAnswer) }
        XCTAssertThrowsError(try parse("HTTP/1.1 200 OK\r\nContent-Le")) { XCTAssertEqual($0 as? TransportFailure, .connectionLost) }
        XCTAssertThrowsError(try parse("HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nshort")) { XCTAssertEqual($0 as? TransportFailure, .connectionLost) }
        XCTAssertThrowsError(try parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab")) { XCTAssertEqual($0 as? TransportFailure, .connectionLost) }
    }
}
