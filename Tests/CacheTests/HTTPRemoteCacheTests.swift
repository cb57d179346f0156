import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest
@testable import Cache

/// The HTTP client against canned answers (the transport closure seam).
final class HTTPRemoteCacheTests: XCTestCase {
    let key = Digest.of("task key")
    let bytes = Array("class Movie < ApplicationRecord\nend\n".utf8)
    var entry: ActionEntry {
        ActionEntry(outputs: [OutputFile(path: "app/models/movie.rb", digest: Digest.of(bytes), size: UInt64(bytes.count), executable: false)],
                    release: "rails-2026-08")
    }

    /// A fake server: a dictionary keyed by URL path, recording every request.
    final class FakeServer: @unchecked Sendable {
        private let lock = NSLock()
        var store: [String: [UInt8]] = [:]
        var requests: [URLRequest] = []
        var status: Int?      // when set, every request gets this status
        var putStatus = 201

        func handle(_ r: URLRequest) -> HTTPRemoteCache.Response {
            lock.lock(); defer { lock.unlock() }
            requests.append(r)
            if let status { return .init(status: status) }
            let path = r.url!.path
            switch r.httpMethod {
            case "GET": return store[path].map { .init(status: 200, body: $0) } ?? .init(status: 404)
            case "HEAD": return .init(status: store[path] == nil ? 404 : 200)
            case "PUT": store[path] = r.httpBody.map { [UInt8]($0) } ?? []; return .init(status: putStatus)
            default: return .init(status: 405)
            }
        }
    }

    func client(_ url: String = "http://cache.example:8080/team/a/", key: String? = nil, server: FakeServer) throws -> HTTPRemoteCache {
        let options = try RemoteOptions(url: url, headers: [.init(name: "X-Team", value: "mobile")], signingKey: key.map { Array($0.utf8) })
        return HTTPRemoteCache(options: options) { server.handle($0) }
    }

    func testPathsMethodsAndPrefix() throws {
        let server = FakeServer()
        let c = try client(server: server)
        XCTAssertEqual(try c.entry(for: key), .miss)
        try c.putObject(bytes, digest: Digest.of(bytes))
        try c.putEntry(entry, for: key)
        XCTAssertEqual(try c.entry(for: key), .hit(entry))
        XCTAssertEqual(try c.object(Digest.of(bytes)), bytes)
        XCTAssertTrue(try c.containsObject(Digest.of(bytes)))
        XCTAssertFalse(try c.containsObject(Digest.of("nope")))
        let lines = server.requests.map { "\($0.httpMethod!) \($0.url!.absoluteString)" }
        XCTAssertEqual(lines, [
            "GET http://cache.example:8080/team/a/ac/\(key.hex)",
            "PUT http://cache.example:8080/team/a/cas/\(Digest.of(bytes).hex)",
            "PUT http://cache.example:8080/team/a/ac/\(key.hex)",
            "GET http://cache.example:8080/team/a/ac/\(key.hex)",
            "GET http://cache.example:8080/team/a/cas/\(Digest.of(bytes).hex)",
            "HEAD http://cache.example:8080/team/a/cas/\(Digest.of(bytes).hex)",
            "HEAD http://cache.example:8080/team/a/cas/\(Digest.of("nope").hex)",
        ])
        XCTAssertTrue(server.requests.allSatisfy { $0.value(forHTTPHeaderField: "X-Team") == "mobile" })
        XCTAssertEqual(server.requests[1].value(forHTTPHeaderField: "Content-Length"), String(bytes.count))
        XCTAssertEqual(server.store["/team/a/ac/\(key.hex)"], ActionResultCodec.encode(entry), "the body is the ActionResult")
        let t = c.traffic
        XCTAssertEqual(t.requests, 7)
        XCTAssertEqual(t.objectBytesDownloaded, UInt64(bytes.count))
        XCTAssertEqual(t.entriesDownloaded, 1)
        XCTAssertEqual(t.objectsUploaded, 1)
    }

    func testStatusCodes() throws {
        let server = FakeServer()
        let c = try client(server: server)
        for miss in [404, 204] {
            server.status = miss
            XCTAssertEqual(try c.entry(for: key), .miss, "\(miss)")
            XCTAssertNil(try c.object(Digest.of(bytes)), "\(miss)")
        }
        server.status = nil
        for ok in [200, 201, 202, 204] {
            server.putStatus = ok
            XCTAssertNoThrow(try c.putObject(bytes, digest: Digest.of(bytes)), "\(ok)")
        }
        for (status, call) in [(500, "get"), (503, "head"), (403, "put"), (401, "get"), (302, "get")] {
            server.status = status
            let e: Error?
            switch call {
            case "get": e = catching { _ = try c.entry(for: key) }
            case "head": e = catching { _ = try c.containsObject(Digest.of(bytes)) }
            default: e = catching { try c.putObject(bytes, digest: Digest.of(bytes)) }
            }
            guard case let .remote(url, s, _)? = e as? CacheError else { return XCTFail("\(status): \(String(describing: e))") }
            XCTAssertEqual(s, status)
            XCTAssertTrue(url.hasPrefix("http://cache.example:8080/team/a/"), url)
        }
    }

    func testTransportErrorsBecomeRemoteErrorsWithoutStatus() throws {
        let options = try RemoteOptions(url: "http://127.0.0.1:9/c")
        let c = HTTPRemoteCache(options: options) { _ in throw URLError(.timedOut) }
        XCTAssertThrowsError(try c.entry(for: key)) { e in
            guard case let .remote(_, nil, reason)? = e as? CacheError else { return XCTFail("\(e)") }
            XCTAssertTrue(reason.contains("timed out"), reason)
        }
    }

    func testEmptyObjectIsNeverTransferred() throws {
        let server = FakeServer()
        let c = try client(server: server)
        XCTAssertEqual(try c.object(.empty), [])
        XCTAssertTrue(try c.containsObject(.empty))
        try c.putObject([], digest: .empty)
        XCTAssertEqual(server.requests.count, 0)
    }

    func testUserAndPasswordBecomeBasicAuthAndArePrintedMasked() throws {
        let server = FakeServer()
        server.status = 500
        let c = try client("https://ci:s3cr%3At@cache.example/c", server: server)
        XCTAssertEqual(c.location, "https://ci:****@cache.example/c")
        XCTAssertThrowsError(try c.entry(for: key)) { e in
            XCTAssertFalse("\(e)".contains("s3cr"), "\(e)")
        }
        let r = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(r.url?.absoluteString, "https://cache.example/c/ac/\(key.hex)", "no credentials in the URL itself")
        XCTAssertEqual(r.value(forHTTPHeaderField: "Authorization"), "Basic " + Data("ci:s3cr:t".utf8).base64EncodedString())
        XCTAssertEqual(RemoteOptions.redact("http://user:pw@h:1/x@y"), "http://user:****@h:1/x@y")
        XCTAssertEqual(RemoteOptions.redact("http://h/x"), "http://h/x")
    }

    func testOptionsRefuseWhatIsNotAnHTTPURL() {
        for bad in ["cache:8080", "ftp://h/x", "http://", "http://h/x?y=1", "/tmp/cache"] {
            XCTAssertThrowsError(try RemoteOptions(url: bad), bad)
        }
        XCTAssertEqual(RemoteOptions.header("Authorization: Bearer abc"), .init(name: "Authorization", value: "Bearer abc"))
        XCTAssertEqual(RemoteOptions.header("X-A:b:c"), .init(name: "X-A", value: "b:c"))
        XCTAssertNil(RemoteOptions.header("no colon"))
        XCTAssertNil(RemoteOptions.header(": value"))
        XCTAssertNil(RemoteOptions.header("X: a\r\nInjected: 1"))
    }

    func testSignedEntriesVerifyAndOthersAreRejected() throws {
        let server = FakeServer()
        let signer = try client(key: "ci-key", server: server)
        try signer.putEntry(entry, for: key)
        XCTAssertEqual(try signer.entry(for: key), .hit(entry))
        XCTAssertEqual(try client(key: "fork-key", server: server).entry(for: key), .rejected(.badSignature))
        XCTAssertEqual(try client(server: server).entry(for: key), .hit(entry), "without a key the signature is not checked")

        // An attacker overwrites the entry without the key.
        var evil = entry
        evil.outputs[0].digest = Digest.of("evil")
        try client(server: server).putEntry(evil, for: key)
        XCTAssertEqual(try signer.entry(for: key), .rejected(.unsigned))
        // ... or replays a validly signed entry of another task under this key.
        let other = Digest.of("other task")
        try signer.putEntry(evil, for: other)
        server.store["/team/a/ac/\(key.hex)"] = server.store["/team/a/ac/\(other.hex)"]
        XCTAssertEqual(try signer.entry(for: key), .rejected(.badSignature))

        server.store["/team/a/ac/\(key.hex)"] = [0xff, 0xff]
        guard case .rejected(.malformed)? = try? signer.entry(for: key) else { return XCTFail() }
        server.store["/team/a/ac/\(key.hex)"] = []
        XCTAssertEqual(try client(server: server).entry(for: key), .rejected(.malformed("empty body")), "even without a key")
    }

    func testAtMostEightRequestsInFlight() throws {
        let inFlight = Locked(0), peak = Locked(0)
        let options = try RemoteOptions(url: "http://cache.example/c", maxConcurrentRequests: 8)
        let c = HTTPRemoteCache(options: options) { _ in
            var now = 0
            inFlight.mutate { $0 += 1; now = $0 }
            peak.mutate { $0 = max($0, now) }
            usleep(5_000)
            inFlight.mutate { $0 -= 1 }
            return .init(status: 404)
        }
        let group = DispatchGroup()
        for i in 0..<64 {
            group.enter()
            Thread.detachNewThread { _ = try? c.object(Digest.of("o\(i)")); group.leave() }
        }
        group.wait()
        XCTAssertEqual(peak.value, 8)
        XCTAssertEqual(c.traffic.requests, 64)
    }

    private func catching(_ f: () throws -> Void) -> Error? {
        do { try f(); return nil } catch { return error }
    }
}
