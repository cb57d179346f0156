/// A shared cache behind the local and seed layers: the Bazel HTTP cache protocol
/// (`/ac/<sha256>`, `/cas/<sha256>`; `HTTPRemoteCache`) or REAPI v2 over gRPC (`GRPCRemoteCache`). `StoreChain` verifies every object it
/// downloads, so an implementation need not. Reads return a miss or nil for what is not there
/// and throw for a failure (`CacheError.remote`, with the HTTP status when there was one); the
/// chain turns failures into misses plus one `StoreEvent` and stops asking for the rest of the run.
public protocol RemoteCache: Sendable {
    /// A printable location for messages (e.g. the base URL, never with a password).
    var location: String { get }
    /// Whether entries this cache uploads carry a signature (a signing key is configured).
    var signsEntries: Bool { get }
    /// The entry for a task key: a hit, a miss, or one the cache refuses to trust.
    func entry(for key: Digest) throws -> RemoteLookup
    /// An object's bytes. `size` is what the entry declares: a longer body is abandoned as soon
    /// as that is known, and one of another length is `.refused`; nil accepts any body up to the
    /// implementation's own limit. A large body may come back in a temporary file in
    /// `spoolDirectory` (in memory when nil).
    func object(_ digest: Digest, size: UInt64?, spoolDirectory: String?) throws -> RemoteObject
    /// Whether the server already holds `digest` (so an upload can be skipped).
    func containsObject(_ digest: Digest) throws -> Bool
    func putEntry(_ entry: ActionEntry, for key: Digest) throws
    func putObject(_ body: Body, digest: Digest) throws

    // Batch forms: what the single forms answer for each item, in order, in as few round trips
    // as the protocol allows (HTTP: requests in flight at once over kept-alive connections;
    // gRPC: batch RPCs, and many unary calls in flight on one connection). A failure throws
    // (the first one), and the chain's breaker treats it as the single forms' failure.

    /// The entries for `keys`.
    func entries(for keys: [Digest]) throws -> [RemoteLookup]
    /// The objects `wanted` (each with the size its entry declares).
    func objects(_ wanted: [(digest: Digest, size: UInt64)], spoolDirectory: String?) throws -> [RemoteObject]
    /// The digests of `blobs` the server does not hold.
    func missingObjects(_ blobs: [(digest: Digest, size: UInt64)]) throws -> Set<Digest>
    func putObjects(_ blobs: [(digest: Digest, body: Body)]) throws
    func putEntries(_ entries: [(key: Digest, entry: ActionEntry)]) throws

    /// Requests and bytes so far.
    var traffic: RemoteTraffic { get }
}

extension RemoteCache {
    public func putObject(_ bytes: [UInt8], digest: Digest) throws { try putObject(.bytes(bytes), digest: digest) }

    public func entries(for keys: [Digest]) throws -> [RemoteLookup] { try keys.map { try entry(for: $0) } }

    public func objects(_ wanted: [(digest: Digest, size: UInt64)], spoolDirectory: String?) throws -> [RemoteObject] {
        try wanted.map { try object($0.digest, size: $0.size, spoolDirectory: spoolDirectory) }
    }

    public func missingObjects(_ blobs: [(digest: Digest, size: UInt64)]) throws -> Set<Digest> {
        Set(try blobs.filter { try !containsObject($0.digest) }.map(\.digest))
    }

    public func putObjects(_ blobs: [(digest: Digest, body: Body)]) throws {
        for b in blobs { try putObject(b.body, digest: b.digest) }
    }

    public func putEntries(_ entries: [(key: Digest, entry: ActionEntry)]) throws {
        for e in entries { try putEntry(e.entry, for: e.key) }
    }

    public var traffic: RemoteTraffic { RemoteTraffic() }
}

/// Requests and bytes one remote cache sent and received (bodies, or messages' payloads).
public struct RemoteTraffic: Hashable, Sendable {
    /// HTTP requests, or gRPC calls (a streaming call counts once).
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

/// What a remote answered for a task key.
public enum RemoteLookup: Hashable, Sendable {
    case miss
    case hit(ActionEntry, EntrySignature)
    /// The server had something for the key that must not be used.
    case rejected(RemoteRejection)
}

/// What was known of an accepted entry's signature.
public enum EntrySignature: Hashable, Sendable {
    /// Signed, and the signature verifies under the configured key.
    case verified
    /// No signature; accepted because no key is configured.
    case none
    /// A signature nobody checked: no key is configured.
    case unchecked
}

/// Why an entry the server returned was not used.
public enum RemoteRejection: Hashable, Sendable, CustomStringConvertible {
    /// A signing key is configured and the entry carries no signature.
    case unsigned
    /// The signature does not match the key, the task key and the entry bytes.
    case badSignature
    /// The bytes are not an ActionResult we can use.
    case malformed(String)
    /// The body was longer than an entry may be; the transfer was abandoned.
    case tooLong(BodyProblem)

    public var description: String {
        switch self {
        case .unsigned: return "no signature"
        case .badSignature: return "a wrong signature"
        case let .malformed(reason): return "an unreadable entry (\(reason))"
        case let .tooLong(problem): return "a body that \(problem)"
        }
    }
}

/// What a remote answered for an object.
public enum RemoteObject: Sendable {
    case missing
    case found(Body)
    /// The server answered with a body of the wrong length; nothing of it is kept.
    case refused(BodyProblem)
}

/// Why a body the remote sent was not used.
public enum BodyProblem: Hashable, Sendable, CustomStringConvertible {
    /// Longer than `limit` bytes: announced so (`announced`, its Content-Length) or found so as it
    /// arrived; the transfer was abandoned there.
    case tooLong(limit: UInt64, announced: UInt64?)
    /// `received` bytes where the entry declares `declared`.
    case wrongLength(declared: UInt64, received: UInt64)

    public var description: String {
        switch self {
        case let .tooLong(limit, announced?): return "announced \(announced) bytes where at most \(limit) are accepted; abandoned before reading it"
        case let .tooLong(limit, nil): return "went on past \(limit) bytes, the most accepted; abandoned there"
        case let .wrongLength(declared, received): return "had \(received) bytes where the entry declares \(declared)"
        }
    }
}

extension Digest {
    /// SHA-256 of no bytes: every content-addressed server holds it, so it is never transferred.
    public static let empty = Digest.of([UInt8]())
}
