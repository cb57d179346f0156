import Foundation

/// A Bazel HTTP remote cache client: `GET`/`PUT`/`HEAD` on `<base>/cas/<sha256>` (object bytes)
/// and `<base>/ac/<sha256>` (an REAPI ActionResult per task key, `ActionResultCodec`). 404 and
/// 204 on a read are misses; 200, 201, 202 and 204 on a write mean stored. With a signing key,
/// entries are signed on upload and an entry without a valid signature is `.rejected`.
///
/// Hostile servers are expected: an `/ac/` body may be at most `options.maxEntryBytes`, an
/// object's body exactly the size its entry declares (abandoned as soon as it is known to be
/// longer), and a 3xx answer is a failure (`CacheError.remoteRedirect`), never followed.
///
/// Requests go through a `Transport` (`SocketTransport` by default; a closure in tests) and at
/// most `options.maxConcurrentRequests` are in flight at once.
public final class HTTPRemoteCache: RemoteCache, @unchecked Sendable {
    public struct Response: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: Body
        /// Set when a 2xx body passed the request's `BodyLimit`: the transfer was abandoned there
        /// and `body` is empty.
        public var abandoned: BodyProblem?

        public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
            self.init(status: status, headers: headers, body: .bytes(body))
        }

        public init(status: Int, headers: [String: String] = [:], body: Body, abandoned: BodyProblem? = nil) {
            self.status = status
            self.headers = headers
            self.body = body
            self.abandoned = abandoned
        }

        public init(status: Int, headers: [String: String] = [:], abandoned: BodyProblem) {
            self.init(status: status, headers: headers, body: .bytes([]), abandoned: abandoned)
        }
    }

    /// Sends one request and returns the answer; throws when no answer came (refused, timed
    /// out). Must not follow redirects, and must honour `request.limit` (this class checks the
    /// limit again on what comes back, so a transport that does not is only slower).
    public typealias Transport = @Sendable (HTTPRequest) throws -> Response

    public let options: RemoteOptions
    public var location: String { options.location }
    public var signsEntries: Bool { options.signingKey != nil }
    private let transport: Transport
    private let gate: DispatchSemaphore
    private let lock = NSLock()
    private var counts = RemoteTraffic()

    public init(options: RemoteOptions, transport: Transport? = nil) {
        self.options = options
        if let transport {
            self.transport = transport
        } else {
            let sockets = SocketTransport(timeout: options.timeout, connections: options.maxConcurrentRequests)
            self.transport = { try sockets.send($0) }
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
        let path = "ac/" + key.hex
        let r = try send("GET", path, limit: BodyLimit(maxBytes: options.maxEntryBytes))
        switch r.status {
        case 200:
            if let problem = r.abandoned ?? Self.overLimit(r.body, options.maxEntryBytes) { return .rejected(.tooLong(problem)) }
            let body = try r.body.load()
            count { $0.entriesDownloaded += 1; $0.entryBytesDownloaded += UInt64(body.count) }
            return ActionResultCodec.lookup(body, taskKey: key, signingKey: options.signingKey)
        case 204, 404:
            return .miss
        default:
            throw failure("GET", path, r)
        }
    }

    public func object(_ digest: Digest, size: UInt64?, spoolDirectory: String?) throws -> RemoteObject {
        if digest == .empty {
            if let size, size != 0 { return .refused(.wrongLength(declared: size, received: 0)) }
            return .found(.bytes([]))
        }
        let path = "cas/" + digest.hex
        let limit = BodyLimit(maxBytes: size ?? options.maxUndeclaredObjectBytes, spoolDirectory: spoolDirectory, memoryBytes: options.memoryBodyBytes)
        let r = try send("GET", path, limit: limit)
        switch r.status {
        case 200:
            if let problem = r.abandoned ?? Self.overLimit(r.body, limit.maxBytes) { return .refused(problem) }
            if let size, r.body.count != size { return .refused(.wrongLength(declared: size, received: r.body.count)) }
            count { $0.objectsDownloaded += 1; $0.objectBytesDownloaded += r.body.count }
            return .found(r.body)
        case 204, 404:
            return .missing
        default:
            throw failure("GET", path, r)
        }
    }

    public func containsObject(_ digest: Digest) throws -> Bool {
        if digest == .empty { return true }
        let path = "cas/" + digest.hex
        let r = try send("HEAD", path, limit: BodyLimit(maxBytes: 0))
        switch r.status {
        case 200: return true
        case 204, 404: return false
        default: throw failure("HEAD", path, r)
        }
    }

    public func putEntry(_ entry: ActionEntry, for key: Digest) throws {
        let signature = options.signingKey.map { ActionResultCodec.signature(key: $0, taskKey: key, entry: entry) }
        let body = ActionResultCodec.encode(entry, signature: signature)
        try put("ac/" + key.hex, .bytes(body))
        count { $0.entriesUploaded += 1; $0.bytesUploaded += UInt64(body.count) }
    }

    public func putObject(_ body: Body, digest: Digest) throws {
        if digest == .empty { return }
        try put("cas/" + digest.hex, body)
        count { $0.objectsUploaded += 1; $0.bytesUploaded += body.count }
    }

    // MARK: Internals

    private func put(_ path: String, _ body: Body) throws {
        let r = try send("PUT", path, body: body, limit: BodyLimit(maxBytes: 64 * 1024))
        guard [200, 201, 202, 204].contains(r.status) else { throw failure("PUT", path, r) }
    }

    private func send(_ method: String, _ path: String, body: Body? = nil, limit: BodyLimit) throws -> Response {
        guard let url = URL(string: options.baseURL + "/" + path) else {
            throw CacheError.remote(url: location + "/" + path, reason: "cannot form a request URL")
        }
        var headers = options.headers
        if body != nil { headers.append(.init(name: "Content-Type", value: "application/octet-stream")) }
        let request = HTTPRequest(method: method, url: url, headers: headers, body: body, limit: limit)
        gate.wait()
        defer { gate.signal() }
        count { $0.requests += 1 }
        do {
            return try transport(request)
        } catch let e as CacheError {
            throw e
        } catch {
            throw CacheError.remote(url: location + "/" + path, reason: "\(method) failed: \(Self.describe(error))")
        }
    }

    /// A body longer than `limit` that a transport handed back anyway.
    private static func overLimit(_ body: Body, _ limit: UInt64) -> BodyProblem? {
        body.count > limit ? .tooLong(limit: limit, announced: nil) : nil
    }

    private func failure(_ method: String, _ path: String, _ r: Response) -> CacheError {
        if (300..<400).contains(r.status) {
            return .remoteRedirect(url: location + "/" + path, status: r.status, location: r.headers["location"].map(RemoteOptions.redact))
        }
        return CacheError.remoteStatus(url: location + "/" + path, method: method, status: r.status)
    }

    private func count(_ f: (inout RemoteTraffic) -> Void) {
        lock.lock(); f(&counts); lock.unlock()
    }

    static func describe(_ error: Error) -> String {
        if let e = error as? TransportFailure { return e.description }
        return "\(error)"
    }
}

// MARK: Batch forms: requests in flight at once

extension HTTPRemoteCache {
    public func entries(for keys: [Digest]) throws -> [RemoteLookup] {
        try inFlight(keys) { try self.entry(for: $0) }
    }

    public func objects(_ wanted: [(digest: Digest, size: UInt64)], spoolDirectory: String?) throws -> [RemoteObject] {
        try inFlight(wanted) { try self.object($0.digest, size: $0.size, spoolDirectory: spoolDirectory) }
    }

    public func missingObjects(_ blobs: [(digest: Digest, size: UInt64)]) throws -> Set<Digest> {
        let held = try inFlight(blobs) { try self.containsObject($0.digest) }
        return Set(zip(blobs, held).filter { !$0.1 }.map(\.0.digest))
    }

    public func putObjects(_ blobs: [(digest: Digest, body: Body)]) throws {
        _ = try inFlight(blobs) { try self.putObject($0.body, digest: $0.digest) }
    }

    public func putEntries(_ entries: [(key: Digest, entry: ActionEntry)]) throws {
        _ = try inFlight(entries) { try self.putEntry($0.entry, for: $0.key) }
    }

    /// `body` for every item, `options.maxConcurrentRequests` at once (each thread takes the next
    /// item; the connections are kept alive between them). The first error is thrown once every
    /// thread stopped; no new item starts after it.
    func inFlight<T, R>(_ items: [T], _ body: @escaping (T) throws -> R) throws -> [R] {
        guard items.count > 1 else { return try items.map(body) }
        let state = InFlight<R>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: min(options.maxConcurrentRequests, items.count)) { _ in
            while let i = state.take() {
                do { state.put(i, try body(items[i])) } catch { state.fail(error) }
            }
        }
        if let e = state.error { throw e }
        return state.results.map { $0! }
    }
}

/// The shared state of `inFlight`: the next item, the answers, the first error.
private final class InFlight<R>: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private let count: Int
    private(set) var results: [R?]
    private(set) var error: Error?

    init(count: Int) {
        self.count = count
        results = Array(repeating: nil, count: count)
    }

    func take() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard error == nil, next < count else { return nil }
        defer { next += 1 }
        return next
    }

    func put(_ i: Int, _ r: R) { lock.lock(); results[i] = r; lock.unlock() }

    func fail(_ e: Error) { lock.lock(); if error == nil { error = e }; lock.unlock() }
}
