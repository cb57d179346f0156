/// A shared cache behind the local and seed layers (e.g. the Bazel HTTP cache protocol:
/// `/ac/<sha256>`, `/cas/<sha256>`; `HTTPRemoteCache`). `StoreChain` verifies every object it
/// downloads, so an implementation need not. Reads return a miss or nil for what is not there
/// and throw for a failure (`CacheError.remote`, with the HTTP status when there was one); the
/// chain turns failures into misses plus one `StoreEvent` and stops asking for the rest of the run.
public protocol RemoteCache: Sendable {
    /// A printable location for messages (e.g. the base URL, never with a password).
    var location: String { get }
    /// The entry for a task key: a hit, a miss, or one the cache refuses to trust.
    func entry(for key: Digest) throws -> RemoteLookup
    func object(_ digest: Digest) throws -> [UInt8]?
    /// Whether the server already holds `digest` (so an upload can be skipped).
    func containsObject(_ digest: Digest) throws -> Bool
    func putEntry(_ entry: ActionEntry, for key: Digest) throws
    func putObject(_ bytes: [UInt8], digest: Digest) throws
}

/// What a remote answered for a task key.
public enum RemoteLookup: Hashable, Sendable {
    case miss
    case hit(ActionEntry)
    /// The server had something for the key that must not be used.
    case rejected(RemoteRejection)
}

/// Why an entry the server returned was not used.
public enum RemoteRejection: Hashable, Sendable, CustomStringConvertible {
    /// A signing key is configured and the entry carries no signature.
    case unsigned
    /// The signature does not match the key, the task key and the entry bytes.
    case badSignature
    /// The bytes are not an ActionResult we can use.
    case malformed(String)

    public var description: String {
        switch self {
        case .unsigned: return "no signature"
        case .badSignature: return "a wrong signature"
        case let .malformed(reason): return "an unreadable entry (\(reason))"
        }
    }
}

extension Digest {
    /// SHA-256 of no bytes: every content-addressed server holds it, so it is never transferred.
    public static let empty = Digest.of([UInt8]())
}
