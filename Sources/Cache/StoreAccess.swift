import Hashing

/// What a store read or write that failed was doing, as facts: which entry or object.
public enum StoreAccess: Hashable, Sendable, CustomStringConvertible {
    /// Reading the action-cache entry of a task key.
    case entry(key: Digest)
    /// Reading an object.
    case object(digest: Digest)
    /// Hashing an object the remote sent.
    case downloadedObject(digest: Digest)
    /// Recording entries found in the remote in the local action cache.
    case recordingEntries(count: Int)
    /// Copying an object found deeper into the local store.
    case copyingObject(digest: Digest)

    public var description: String {
        switch self {
        case let .entry(key): return "action cache entry \(key.hex)"
        case let .object(digest): return "object \(digest.hex)"
        case let .downloadedObject(digest): return "reading the downloaded object \(digest.hex)"
        case let .recordingEntries(count): return "recording \(count) remote entries"
        case let .copyingObject(digest): return "copying object \(digest.hex) into the local store"
        }
    }
}
