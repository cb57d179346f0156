import Foundation
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
        var requests: [HTTPRequest] = []
        var status: Int?      // when set, every request gets this status
        var putStatus = 201

        func handle(_ r: HTTPRequest) -> HTTPRemoteCache.Response {
            lock.lock(); defer { lock.unlock() }
            requests.append(r)
            if let status { return .init(status: status) }
            let path = r.url.path
            switch r.method {
            case "GET": return store[path].map { .init(status: 200, body: $0) } ?? .init(status: 404)
            case "HEAD": return .init(status: store[path] == nil ? 404 : 200)
            case "PUT": store[path] = r.bodyBytes ?? []; return .init(status: putStatus)
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
        XCTAssertEqual(try c.entry(for: key), .hit(entry, .none))
        XCTAssertEqual(try c.object(Digest.of(bytes), size: UInt64(bytes.count), spoolDirectory: nil).bytes, bytes)
        XCTAssertTrue(try c.containsObject(Digest.of(bytes)))
        XCTAssertFalse(try c.containsObject(Digest.of("nope")))
        let lines = server.requests.map { "\($0.method) \($0.url.absoluteString)" }
        XCTAssertEqual(lines, [
            "GET http://cache.example:8080/team/a/ac/\(key.hex)",
            "PUT http://cache.example:8080/team/a/cas/\(Digest.of(bytes).hex)",
            "PUT http://cache.example:8080/team/a/ac/\(key.hex)",
            "GET http://cache.example:8080/team/a/ac/\(key.hex)",
            "GET http://cache.example:8080/team/a/cas/\(Digest.of(bytes).hex)",
            "HEAD http://cache.example:8080/team/a/cas/\(Digest.of(bytes).hex)",
            "HEAD http://cache.example:8080/team/a/cas/\(Digest.of("nope").hex)",
        ])
        XCTAssertTrue(server.requests.allSatisfy { $0.header("X-Team") == "mobile" })
        XCTAssertEqual(server.requests[1].bodyBytes, bytes)
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
            XCTAssertNil(try c.object(Digest.of(bytes), size: nil, spoolDirectory: nil).bytes, "\(miss)")
        }
        server.status = nil
        for ok in [200, 201, 202, 204] {
            server.putStatus = ok
            XCTAssertNoThrow(try c.putObject(bytes, digest: Digest.of(bytes)), "\(ok)")
        }
        for (status, call) in [(500, "get"), (503, "head"), (403, "put"), (401, "get")] {
            server.status = status
            let e: Error?
            switch call {
            case "get": e = catching { _ = try c.entry(for: key) }
            case "head": e = catching { _ = try c.containsObject(Digest.of(bytes)) }
            default: e = catching { try c.putObject(bytes, digest: Digest.of(bytes)) }
            }
            guard case let .remoteStatus(url, _, s)? = e as? CacheError else { return XCTFail("\(status): \(String(describing: e))") }
            XCTAssertEqual(s, status)
            XCTAssertTrue(url.hasPrefix("http://cache.example:8080/team/a/"), url)
            XCTAssertFalse("\(e!)".contains("--"), "the library names no CLI flag: \(e!)")
        }
    }

    /// A 3xx is a failure with its own typed reason, whatever the method; the transport is never
    /// asked to go where the Location points, and a password in it is not printed.
    func testRedirectsAreFailuresNeverFollowed() throws {
        for status in [301, 302, 303, 307, 308] {
            let seen = Locked<[String]>([])
            let c = HTTPRemoteCache(options: try RemoteOptions(url: "http://cache.example/c")) { r in
                seen.mutate { $0.append(r.url.absoluteString) }
                return .init(status: status, headers: ["location": "http://thief:s3cret@elsewhere.example/c" + r.url.path])
            }
            let calls: [(String, () throws -> Void)] = [
                ("GET", { _ = try c.entry(for: self.key) }),
                ("GET", { _ = try c.object(Digest.of(self.bytes), size: 36, spoolDirectory: nil) }),
                ("HEAD", { _ = try c.containsObject(Digest.of(self.bytes)) }),
                ("PUT", { try c.putObject(self.bytes, digest: Digest.of(self.bytes)) }),
            ]
            for (method, call) in calls {
                XCTAssertThrowsError(try call(), "\(status) \(method)") { e in
                    guard case let .remoteRedirect(url, s, location)? = e as? CacheError else { return XCTFail("\(e)") }
                    XCTAssertEqual(s, status)
                    XCTAssertTrue(url.hasPrefix("http://cache.example/c/"), url)
                    XCTAssertEqual(location?.hasPrefix("http://thief:****@elsewhere.example/c/"), true, "\(String(describing: location))")
                    XCTAssertFalse("\(e)".contains("s3cret"), "\(e)")
                    XCTAssertTrue("\(e)".contains("redirects are not followed"), "\(e)")
                }
            }
            XCTAssertTrue(seen.value.allSatisfy { $0.hasPrefix("http://cache.example/c/") }, "\(seen.value)")
        }
    }

    /// The limits a request carries, and what happens when a transport returns more anyway.
    func testBodiesAreCappedAtTheEntryLimitAndTheDeclaredSize() throws {
        let limits = Locked<[String: BodyLimit]>([:])
        let answer = Locked<HTTPRemoteCache.Response>(.init(status: 404))
        let c = HTTPRemoteCache(options: try RemoteOptions(url: "http://cache.example/c")) { r in
            limits.mutate { $0[r.method + " " + r.url.pathComponents.dropLast().last!] = r.limit }
            return answer.value
        }
        let d = Digest.of(bytes)
        XCTAssertEqual(try c.entry(for: key), .miss)
        XCTAssertNil(try c.object(d, size: 36, spoolDirectory: "/store/tmp").bytes)
        XCTAssertEqual(limits.value["GET cas"], BodyLimit(maxBytes: 36, spoolDirectory: "/store/tmp"))
        XCTAssertNil(try c.object(d, size: nil, spoolDirectory: nil).bytes)
        XCTAssertEqual(limits.value["GET ac"], BodyLimit(maxBytes: 1 << 20))
        XCTAssertEqual(limits.value["GET cas"], BodyLimit(maxBytes: 64 << 20), "no declared size: the undeclared limit")

        // A transport that ignores the limit: the client checks again.
        answer.mutate { $0 = .init(status: 200, body: [UInt8](repeating: 1, count: (1 << 20) + 1)) }
        XCTAssertEqual(try c.entry(for: key), .rejected(.tooLong(.tooLong(limit: 1 << 20, announced: nil))))
        answer.mutate { $0 = .init(status: 200, body: Array(bytes) + [0]) }
        guard case .refused(.tooLong(limit: 36, announced: nil)) = try c.object(d, size: 36, spoolDirectory: nil) else { return XCTFail() }
        // Shorter than declared (the right bytes for another size): refused, never found.
        answer.mutate { $0 = .init(status: 200, body: bytes) }
        guard case .refused(.wrongLength(declared: 40, received: 36)) = try c.object(d, size: 40, spoolDirectory: nil) else { return XCTFail() }
        // A transport that abandoned the transfer.
        answer.mutate { $0 = .init(status: 200, abandoned: .tooLong(limit: 36, announced: 1 << 30)) }
        guard case .refused(.tooLong(limit: 36, announced: 1 << 30)) = try c.object(d, size: 36, spoolDirectory: nil) else { return XCTFail() }
        XCTAssertEqual(try c.entry(for: key), .rejected(.tooLong(.tooLong(limit: 36, announced: 1 << 30))))
        XCTAssertEqual(limits.value["GET cas"]?.maxBytes, 36)
        XCTAssertEqual(limits.value["GET cas"]?.spoolDirectory, nil)
        XCTAssertEqual(c.traffic.objectsDownloaded, 0, "nothing refused counts as downloaded")
    }

    func testTransportErrorsBecomeRemoteErrorsWithoutStatus() throws {
        let options = try RemoteOptions(url: "http://127.0.0.1:9/c")
        let c = HTTPRemoteCache(options: options) { _ in throw TransportFailure.timedOut }
        XCTAssertThrowsError(try c.entry(for: key)) { e in
            guard case let .remote(_, reason)? = e as? CacheError else { return XCTFail("\(e)") }
            XCTAssertTrue(reason.contains("timed out"), reason)
        }
    }

    func testEmptyObjectIsNeverTransferred() throws {
        let server = FakeServer()
        let c = try client(server: server)
        XCTAssertEqual(try c.object(.empty, size: 0, spoolDirectory: nil).bytes, [])
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
        XCTAssertEqual(r.url.absoluteString, "https://cache.example/c/ac/\(key.hex)", "no credentials in the URL itself")
        XCTAssertEqual(r.header("Authorization"), "Basic " + Data("ci:s3cr:t".utf8).base64EncodedString())
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
        XCTAssertEqual(try signer.entry(for: key), .hit(entry, .verified))
        XCTAssertEqual(try client(key: "fork-key", server: server).entry(for: key), .rejected(.badSignature))
        XCTAssertEqual(try client(server: server).entry(for: key), .hit(entry, .unchecked), "without a key the signature is not checked")

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
            Thread.detachNewThread { _ = try? c.object(Digest.of("o\(i)"), size: nil, spoolDirectory: nil); group.leave() }
        }
        group.wait()
        XCTAssertEqual(peak.value, 8)
        XCTAssertEqual(c.traffic.requests, 64)
    }

    private func catching(_ f: () throws -> Void) -> Error? {
        do { try f(); return nil } catch { return error }
    }
}

extension RemoteObject {
    /// The bytes of a found object (read from its file when spooled); nil otherwise.
    var bytes: [UInt8]? {
        if case let .found(body) = self { return try? body.load() }
        return nil
    }
}
