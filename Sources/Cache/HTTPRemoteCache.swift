import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A Bazel HTTP remote cache client: `GET`/`PUT`/`HEAD` on `<base>/cas/<sha256>` (object bytes)
/// and `<base>/ac/<sha256>` (an REAPI ActionResult per task key, `ActionResultCodec`). 404 and
/// 204 on a read are misses; 200, 201, 202 and 204 on a write mean stored. With a signing key,
/// entries are signed on upload and an entry without a valid signature is `.rejected`.
///
/// Requests go through a `Transport` (URLSession by default; a closure in tests) and at most
/// `options.maxConcurrentRequests` are in flight at once.
public final class HTTPRemoteCache: RemoteCache, @unchecked Sendable {
    public struct Response: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: [UInt8]
        public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
            self.status = status
            self.headers = headers
            self.body = body
        }
    }

    /// Sends one request and returns the answer; throws when no answer came (refused, timed out).
    public typealias Transport = @Sendable (URLRequest) throws -> Response

    public let options: RemoteOptions
    public var location: String { options.location }
    private let transport: Transport
    private let gate: DispatchSemaphore
    private let lock = NSLock()
    private var counts = RemoteTraffic()

    public init(options: RemoteOptions, transport: Transport? = nil) {
        self.options = options
        if let transport {
            self.transport = transport
        } else {
            let session = URLSessionTransport(timeout: options.timeout, connections: options.maxConcurrentRequests)
            self.transport = { try session.send($0) }
        }
        gate = DispatchSemaphore(value: options.maxConcurrentRequests)
    }

    /// Requests and bytes so far.
    public var traffic: RemoteTraffic {
        lock.lock(); defer { lock.unlock() }
        return counts
    }

    // MARK: RemoteCache

    public func entry(for key: Digest) throws -> RemoteLookup {
        let r = try send("GET", "ac/" + key.hex)
        switch r.status {
        case 200:
            count { $0.entriesDownloaded += 1; $0.entryBytesDownloaded += UInt64(r.body.count) }
            guard !r.body.isEmpty else { return .rejected(.malformed("empty body")) }
            let decoded: ActionResultCodec.Decoded
            do { decoded = try ActionResultCodec.decode(r.body) } catch {
                return .rejected(.malformed("\(error)"))
            }
            if let k = options.signingKey {
                guard decoded.signature != nil else { return .rejected(.unsigned) }
                guard ActionResultCodec.verify(decoded, key: k, taskKey: key) else { return .rejected(.badSignature) }
            }
            return .hit(decoded.entry)
        case 204, 404:
            return .miss
        default:
            throw failure("GET", "ac/" + key.hex, r.status)
        }
    }

    public func object(_ digest: Digest) throws -> [UInt8]? {
        if digest == .empty { return [] }
        let r = try send("GET", "cas/" + digest.hex)
        switch r.status {
        case 200:
            count { $0.objectsDownloaded += 1; $0.objectBytesDownloaded += UInt64(r.body.count) }
            return r.body
        case 204, 404:
            return nil
        default:
            throw failure("GET", "cas/" + digest.hex, r.status)
        }
    }

    public func containsObject(_ digest: Digest) throws -> Bool {
        if digest == .empty { return true }
        let r = try send("HEAD", "cas/" + digest.hex)
        switch r.status {
        case 200: return true
        case 204, 404: return false
        default: throw failure("HEAD", "cas/" + digest.hex, r.status)
        }
    }

    public func putEntry(_ entry: ActionEntry, for key: Digest) throws {
        let signature = options.signingKey.map { ActionResultCodec.signature(key: $0, taskKey: key, entry: entry) }
        let body = ActionResultCodec.encode(entry, signature: signature)
        try put("ac/" + key.hex, body)
        count { $0.entriesUploaded += 1; $0.bytesUploaded += UInt64(body.count) }
    }

    public func putObject(_ bytes: [UInt8], digest: Digest) throws {
        if digest == .empty { return }
        try put("cas/" + digest.hex, bytes)
        count { $0.objectsUploaded += 1; $0.bytesUploaded += UInt64(bytes.count) }
    }

    // MARK: Internals

    private func put(_ path: String, _ body: [UInt8]) throws {
        let r = try send("PUT", path, body: body)
        guard [200, 201, 202, 204].contains(r.status) else { throw failure("PUT", path, r.status) }
    }

    private func send(_ method: String, _ path: String, body: [UInt8]? = nil) throws -> Response {
        guard let url = URL(string: options.baseURL + "/" + path) else {
            throw CacheError.remote(url: location + "/" + path, status: nil, reason: "cannot form a request URL")
        }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: options.timeout.rounded(.up) + 1)
        request.httpMethod = method
        for h in options.headers { request.addValue(h.value, forHTTPHeaderField: h.name) }
        if let body {
            request.httpBody = Data(body)
            request.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
            request.setValue(String(body.count), forHTTPHeaderField: "Content-Length")
        }
        gate.wait()
        defer { gate.signal() }
        count { $0.requests += 1 }
        do {
            return try transport(request)
        } catch let e as CacheError {
            throw e
        } catch {
            throw CacheError.remote(url: location + "/" + path, status: nil, reason: "\(method) failed: \(Self.describe(error))")
        }
    }

    private func failure(_ method: String, _ path: String, _ status: Int) -> CacheError {
        let hint: String
        switch status {
        case 401, 403: hint = "check --remote-header or the URL's user:password"
        case 405: hint = "the server does not accept \(method) here"
        case 413: hint = "the server's body size limit (nginx client_max_body_size) is too small"
        case 500...: hint = "the server failed"
        default: hint = "unexpected answer"
        }
        return CacheError.remote(url: location + "/" + path, status: status, reason: "\(method): \(hint)")
    }

    private func count(_ f: (inout RemoteTraffic) -> Void) {
        lock.lock(); f(&counts); lock.unlock()
    }

    static func describe(_ error: Error) -> String {
        let ns = error as NSError
        if ns.domain == NSURLErrorDomain {
            switch ns.code {
            case NSURLErrorTimedOut: return "timed out"
            case NSURLErrorCannotConnectToHost: return "connection refused"
            case NSURLErrorNetworkConnectionLost: return "connection lost"
            case NSURLErrorCannotFindHost: return "host not found"
            default: break
            }
        }
        return ns.localizedDescription
    }
}

/// Requests and bytes one `HTTPRemoteCache` sent and received (bodies only).
public struct RemoteTraffic: Hashable, Sendable {
    public var requests = 0
    public var entriesDownloaded = 0
    public var entryBytesDownloaded: UInt64 = 0
    public var objectsDownloaded = 0
    public var objectBytesDownloaded: UInt64 = 0
    public var entriesUploaded = 0
    public var objectsUploaded = 0
    public var bytesUploaded: UInt64 = 0

    public var bytesDownloaded: UInt64 { entryBytesDownloaded + objectBytesDownloaded }
}
