import Foundation

/// A remote cache speaking the Remote Execution API v2 over gRPC (`grpc://host:port`,
/// `grpcs://` for TLS): `ActionCache.GetActionResult`/`UpdateActionResult` for entries (the same
/// `ActionResult` bytes, and signatures, as the HTTP protocol's `/ac/`),
/// `ContentAddressableStorage.FindMissingBlobs`/`BatchReadBlobs`/`BatchUpdateBlobs` for objects,
/// and `google.bytestream.ByteStream` Read/Write for objects above the server's batch limit
/// (`{instance}/blobs/{hash}/{size}`, `{instance}/uploads/{uuid}/blobs/{hash}/{size}`).
///
/// The first call of a run asks `Capabilities.GetCapabilities` once: the server must offer
/// SHA-256, and its `max_batch_total_size_bytes` (at most 4 MiB here, the gRPC message size)
/// decides which objects go through batches. gRPC's C core is loaded then (`GRPCLibrary`); a
/// machine without it fails that first call with `CacheError.grpcUnavailable`, which the
/// chain's breaker reports once.
///
/// Limits known before each call: an entry at most `options.maxEntryBytes` (the channel refuses
/// a longer ActionCache answer), a batch answer at most the batch limit plus framing, a
/// ByteStream read exactly the declared size (abandoned past it, spooled to `spoolDirectory`
/// above `options.memoryBodyBytes`). Failures throw `CacheError.remoteCall` naming the gRPC
/// status; NOT_FOUND is a miss.
public final class GRPCRemoteCache: RemoteCache, @unchecked Sendable {
    public let options: RemoteOptions
    public var location: String { options.location }
    public var signsEntries: Bool { options.signingKey != nil }
    /// The library name to load instead of the default ones (a test hook: the environment's
    /// `ORCHESTRATE_LIBGRPC`).
    private let libraryName: String?
    private let lock = NSLock()
    private var session: Result<Session, CacheError>?
    private var counts = RemoteTraffic()

    /// Unary calls in flight at once in a batch of them (each answer at most `maxEntryBytes`).
    static let window = 32
    /// gRPC's own message size limit; batches never ask for more.
    static let messageLimit: UInt64 = 4 << 20
    /// Room for a blob's digest and framing in a batch message.
    static let perBlobOverhead: UInt64 = 160
    /// ByteStream chunk size for writes.
    static let chunk = 1 << 20

    struct Session {
        let channel: GRPCChannel
        /// The most blob bytes (with framing) one batch call carries.
        let batchLimit: UInt64
    }

    public init(options: RemoteOptions, libraryName: String? = nil) {
        self.options = options
        self.libraryName = libraryName
    }

    public var traffic: RemoteTraffic {
        lock.lock(); defer { lock.unlock() }
        return counts
    }

    /// The loaded library's version, once a call has been made (for messages and tests).
    public var libraryVersion: String? {
        lock.lock(); defer { lock.unlock() }
        return try? session?.get().channel.library.version
    }

    // MARK: RemoteCache

    public func entry(for key: Digest) throws -> RemoteLookup { try entries(for: [key])[0] }

    public func entries(for keys: [Digest]) throws -> [RemoteLookup] {
        guard !keys.isEmpty else { return [] }
        let s = try connected()
        let requests = keys.map { REAPIMessages.getActionResultRequest(instance: options.instanceName, key: $0) }
        let replies = s.channel.unary(REAPIMessages.getActionResult, requests, window: Self.window)
        count { $0.requests += keys.count }
        return try zip(keys, replies).map { key, reply in
            switch reply.status {
            case .ok:
                let body = reply.message ?? []
                count { $0.entriesDownloaded += 1; $0.entryBytesDownloaded += UInt64(body.count) }
                if UInt64(body.count) > options.maxEntryBytes { return .rejected(.tooLong(.tooLong(limit: options.maxEntryBytes, announced: nil))) }
                return ActionResultCodec.lookup(body, taskKey: key, signingKey: options.signingKey)
            case .notFound:
                return .miss
            case .resourceExhausted where reply.details.contains("message larger than max"):
                // The channel refused an answer longer than an entry may be.
                return .rejected(.tooLong(.tooLong(limit: options.maxEntryBytes, announced: nil)))
            default:
                throw failure("ActionCache.GetActionResult", reply)
            }
        }
    }

    public func object(_ digest: Digest, size: UInt64?, spoolDirectory: String?) throws -> RemoteObject {
        // REAPI addresses a blob by hash and size: without a declared size there is nothing to ask.
        guard let size else { return .missing }
        return try objects([(digest, size)], spoolDirectory: spoolDirectory)[0]
    }

    public func objects(_ wanted: [(digest: Digest, size: UInt64)], spoolDirectory: String?) throws -> [RemoteObject] {
        guard !wanted.isEmpty else { return [] }
        var answers = [RemoteObject?](repeating: nil, count: wanted.count)
        var small: [Int] = []
        var large: [Int] = []
        for (i, w) in wanted.enumerated() {
            if w.digest == .empty {
                answers[i] = w.size == 0 ? .found(.bytes([])) : .refused(.wrongLength(declared: w.size, received: 0))
            } else {
                small.append(i)
            }
        }
        let s = try connected()
        (small, large) = small.reduce(into: ([Int](), [Int]())) { acc, i in
            if wanted[i].size + Self.perBlobOverhead <= s.batchLimit { acc.0.append(i) } else { acc.1.append(i) }
        }
        // Batches of BatchReadBlobs, each within the batch limit.
        let groups = Self.group(small.map { ($0, wanted[$0].size) }, limit: s.batchLimit)
        let requests = groups.map { g in REAPIMessages.batchReadBlobsRequest(instance: options.instanceName, g.map { (wanted[$0].digest, wanted[$0].size) }) }
        let replies = s.channel.unary(REAPIMessages.batchReadBlobs, requests, window: 4)
        count { $0.requests += requests.count }
        for (g, reply) in zip(groups, replies) {
            guard reply.status == .ok else { throw failure("ContentAddressableStorage.BatchReadBlobs", reply) }
            let blobs: [REAPIMessages.BlobReply]
            do { blobs = try REAPIMessages.decodeBatchReadBlobs(reply.message ?? []) } catch {
                throw CacheError.remote(url: location, reason: "BatchReadBlobs answered an unreadable message: \(error)")
            }
            var byDigest: [Digest: REAPIMessages.BlobReply] = [:]
            for b in blobs { byDigest[b.digest] = b }
            for i in g {
                let w = wanted[i]
                guard let b = byDigest[w.digest] else { answers[i] = .missing; continue }
                switch b.status {
                case .ok:
                    let n = UInt64(b.data.count)
                    guard n == w.size else { answers[i] = .refused(.wrongLength(declared: w.size, received: n)); continue }
                    count { $0.objectsDownloaded += 1; $0.objectBytesDownloaded += n }
                    answers[i] = .found(.bytes(Array(b.data)))
                case .notFound:
                    answers[i] = .missing
                default:
                    throw CacheError.remoteCall(url: location, method: "ContentAddressableStorage.BatchReadBlobs (blob \(w.digest.hex))",
                                                status: b.status, details: b.message)
                }
            }
        }
        for i in large {
            answers[i] = try read(s, wanted[i].digest, size: wanted[i].size, spoolDirectory: spoolDirectory)
        }
        return answers.map { $0! }
    }

    /// Without a size nothing can be asked (REAPI digests carry one): says no, so an upload goes ahead.
    public func containsObject(_ digest: Digest) throws -> Bool { digest == .empty }

    public func missingObjects(_ blobs: [(digest: Digest, size: UInt64)]) throws -> Set<Digest> {
        let asked = blobs.filter { $0.digest != .empty }
        guard !asked.isEmpty else { return [] }
        let s = try connected()
        // A Digest is at most ~80 bytes: 10,000 of them fit a message with room to spare.
        var missing: Set<Digest> = []
        let requests = stride(from: 0, to: asked.count, by: 10_000).map { start in
            REAPIMessages.findMissingBlobsRequest(instance: options.instanceName, asked[start ..< min(asked.count, start + 10_000)].map { ($0.digest, $0.size) })
        }
        let replies = s.channel.unary(REAPIMessages.findMissingBlobs, requests, window: 4)
        count { $0.requests += requests.count }
        for reply in replies {
            guard reply.status == .ok else { throw failure("ContentAddressableStorage.FindMissingBlobs", reply) }
            do {
                for (d, _) in try REAPIMessages.decodeFindMissingBlobs(reply.message ?? []) { missing.insert(d) }
            } catch {
                throw CacheError.remote(url: location, reason: "FindMissingBlobs answered an unreadable message: \(error)")
            }
        }
        return missing
    }

    public func putEntry(_ entry: ActionEntry, for key: Digest) throws { try putEntries([(key, entry)]) }

    public func putEntries(_ entries: [(key: Digest, entry: ActionEntry)]) throws {
        guard !entries.isEmpty else { return }
        let s = try connected()
        var bytes: UInt64 = 0
        let requests = entries.map { e -> [UInt8] in
            let signature = options.signingKey.map { ActionResultCodec.signature(key: $0, taskKey: e.key, entry: e.entry) }
            let result = ActionResultCodec.encode(e.entry, signature: signature)
            bytes += UInt64(result.count)
            return REAPIMessages.updateActionResultRequest(instance: options.instanceName, key: e.key, actionResult: result)
        }
        let replies = s.channel.unary(REAPIMessages.updateActionResult, requests, window: Self.window)
        count { $0.requests += requests.count }
        for reply in replies where reply.status != .ok { throw failure("ActionCache.UpdateActionResult", reply) }
        count { $0.entriesUploaded += entries.count; $0.bytesUploaded += bytes }
    }

    public func putObject(_ body: Body, digest: Digest) throws { try putObjects([(digest, body)]) }

    public func putObjects(_ blobs: [(digest: Digest, body: Body)]) throws {
        let real = blobs.filter { $0.digest != .empty }
        guard !real.isEmpty else { return }
        let s = try connected()
        let fits = real.filter { $0.body.count + Self.perBlobOverhead <= s.batchLimit }
        let large = real.filter { $0.body.count + Self.perBlobOverhead > s.batchLimit }
        let groups = Self.group(fits.indices.map { ($0, fits[$0].body.count) }, limit: s.batchLimit)
        var requests: [[UInt8]] = []
        for g in groups {
            let items = try g.map { (fits[$0].digest, try fits[$0].body.load()) }
            requests.append(REAPIMessages.batchUpdateBlobsRequest(instance: options.instanceName, items))
        }
        let replies = s.channel.unary(REAPIMessages.batchUpdateBlobs, requests, window: 2)
        count { $0.requests += requests.count }
        for reply in replies {
            guard reply.status == .ok else { throw failure("ContentAddressableStorage.BatchUpdateBlobs", reply) }
            let answers = (try? REAPIMessages.decodeBatchUpdateBlobs(reply.message ?? [])) ?? []
            if let bad = answers.first(where: { $0.status != .ok }) {
                throw CacheError.remoteCall(url: location, method: "ContentAddressableStorage.BatchUpdateBlobs (blob \(bad.digest.hex))",
                                            status: bad.status, details: bad.message)
            }
        }
        count { c in c.objectsUploaded += fits.count; c.bytesUploaded += fits.reduce(0) { $0 + $1.body.count } }
        for b in large { try write(s, b.digest, b.body) }
    }

    // MARK: Internals

    /// The channel, made and checked once per run (`GetCapabilities`): the first failure is the
    /// answer to every later call too.
    private func connected() throws -> Session {
        lock.lock()
        defer { lock.unlock() }
        if let session { return try session.get() }
        let made: Result<Session, CacheError>
        do { made = .success(try connect()) } catch let e as CacheError {
            made = .failure(e)
        } catch {
            made = .failure(.remote(url: location, reason: "\(error)"))
        }
        session = made
        return try made.get()
    }

    private func connect() throws -> Session {
        for h in options.headers {
            if let problem = RemoteOptions.grpcMetadataProblem(h) {
                throw CacheError.remote(url: location, reason: "header \(h.name) cannot be sent as gRPC metadata: \(problem)")
            }
        }
        let library = try GRPCLibrary.shared(override: libraryName)
        let metadata = options.headers.map { (key: $0.name, value: $0.value) }
        let tls: Bool
        if case let .grpc(t) = options.wire { tls = t } else { tls = false }
        let roots = tls ? (options.rootCertificates ?? Self.systemRoots()) : nil
        let channel = try GRPCChannel(library: library, target: options.grpcTarget, tls: tls, rootCertificates: roots, metadata: metadata,
                                      timeout: options.timeout, maxReceiveBytes: Int(Self.messageLimit + 64 * 1024),
                                      entryLimit: options.maxEntryBytes)
        let reply = channel.unary(REAPIMessages.capabilities, [REAPIMessages.capabilitiesRequest(instance: options.instanceName)])[0]
        counts.requests += 1 // under `lock` (connected)
        guard reply.status == .ok else { throw failure("Capabilities.GetCapabilities", reply) }
        let caps: REAPIMessages.CacheCapabilities
        do { caps = try REAPIMessages.decodeCapabilities(reply.message ?? []) } catch {
            throw CacheError.remote(url: location, reason: "GetCapabilities answered an unreadable message: \(error)")
        }
        guard caps.digestFunctions.isEmpty || caps.digestFunctions.contains(REAPIMessages.sha256) else {
            throw CacheError.remote(url: location, reason: "the server does not offer SHA-256 digests (it lists digest functions \(caps.digestFunctions))")
        }
        let limit = caps.maxBatchTotalSize == 0 ? Self.messageLimit : min(caps.maxBatchTotalSize, Self.messageLimit)
        return Session(channel: channel, batchLimit: limit - min(limit, 1024))
    }

    /// The system's trust store as PEM (`SSL_CERT_FILE` first), or nil to let gRPC choose.
    private static func systemRoots() -> [UInt8]? {
        let env = ProcessInfo.processInfo.environment
        for path in [env["SSL_CERT_FILE"], "/etc/ssl/certs/ca-certificates.crt"].compactMap({ $0 }) {
            if let bytes = try? FileIO.read(path), !bytes.isEmpty { return bytes }
        }
        return nil
    }

    /// ByteStream Read of one blob into memory or a file in `spoolDirectory`, abandoned as soon
    /// as more than `size` bytes arrived.
    private func read(_ s: Session, _ digest: Digest, size: UInt64, spoolDirectory: String?) throws -> RemoteObject {
        let prefix = options.instanceName.isEmpty ? "" : options.instanceName + "/"
        let resource = "\(prefix)blobs/\(digest.hex)/\(size)"
        let collector = BodyCollector(limit: BodyLimit(maxBytes: size, spoolDirectory: spoolDirectory, memoryBytes: options.memoryBodyBytes))
        var overrun = false
        var unreadable: Error?
        let reply = try s.channel.serverStream(REAPIMessages.read, REAPIMessages.readRequest(resource: resource, limit: 0)) { message in
            let data: ArraySlice<UInt8>
            do { data = try REAPIMessages.decodeReadResponse(message) } catch { unreadable = error; return false }
            let kept = try data.withUnsafeBytes { try collector.append($0) }
            if !kept { overrun = true }
            return kept
        }
        count { $0.requests += 1 }
        if overrun { return .refused(.tooLong(limit: size, announced: nil)) }
        if let unreadable { throw CacheError.remote(url: location, reason: "ByteStream.Read answered an unreadable message: \(unreadable)") }
        switch reply.status {
        case .ok: break
        case .notFound: return .missing
        default: throw failure("ByteStream.Read (\(resource))", reply)
        }
        guard collector.count == size else { return .refused(.wrongLength(declared: size, received: collector.count)) }
        let body = try collector.finish()
        count { $0.objectsDownloaded += 1; $0.objectBytesDownloaded += size }
        return .found(body)
    }

    /// ByteStream Write of one blob, in chunks read from memory or its file.
    private func write(_ s: Session, _ digest: Digest, _ body: Body) throws {
        let prefix = options.instanceName.isEmpty ? "" : options.instanceName + "/"
        let resource = "\(prefix)uploads/\(UUID().uuidString.lowercased())/blobs/\(digest.hex)/\(body.count)"
        let size = body.count
        var offset: UInt64 = 0
        var first = true
        var file: FileHandle?
        if case let .file(f) = body {
            guard let h = FileHandle(forReadingAtPath: f.path) else {
                throw CacheError.io(path: f.path, operation: "open", errno: errno)
            }
            file = h
        }
        defer { try? file?.close() }
        var done = false
        let reply = try s.channel.clientStream(REAPIMessages.write) {
            guard !done else { return nil }
            let n = Int(min(UInt64(Self.chunk), size - offset))
            let data: ArraySlice<UInt8>
            switch body {
            case let .bytes(b): data = b[Int(offset) ..< Int(offset) + n]
            case .file:
                let read = try file!.read(upToCount: n) ?? Data()
                guard read.count == n else { throw CacheError.fileChanged(path: "upload of \(digest.hex)", expected: size, found: offset + UInt64(read.count)) }
                data = ArraySlice(read)
            }
            let finish = offset + UInt64(n) == size
            let message = REAPIMessages.writeRequest(resource: first ? resource : nil, offset: offset, finish: finish, data: data)
            first = false
            offset += UInt64(n)
            done = finish
            return message
        }
        count { $0.requests += 1 }
        guard reply.status == .ok else { throw failure("ByteStream.Write (\(resource))", reply) }
        let committed = (try? REAPIMessages.decodeWriteResponse(reply.message ?? [])) ?? 0
        guard committed == size else {
            throw CacheError.remote(url: location, reason: "ByteStream.Write of \(digest.hex) committed \(committed) of \(size) bytes")
        }
        count { $0.objectsUploaded += 1; $0.bytesUploaded += size }
    }

    /// Items split into groups whose sizes (with framing) add up to at most `limit`, in order.
    static func group(_ items: [(Int, UInt64)], limit: UInt64) -> [[Int]] {
        var groups: [[Int]] = []
        var current: [Int] = []
        var total: UInt64 = 0
        for (i, size) in items {
            let n = size + perBlobOverhead
            if !current.isEmpty, total + n > limit {
                groups.append(current)
                current = []
                total = 0
            }
            current.append(i)
            total += n
        }
        if !current.isEmpty { groups.append(current) }
        return groups
    }

    private func failure(_ method: String, _ reply: GRPCChannel.Reply) -> CacheError {
        .remoteCall(url: location, method: method, status: reply.status, details: reply.details)
    }

    private func count(_ f: (inout RemoteTraffic) -> Void) {
        lock.lock(); f(&counts); lock.unlock()
    }
}
