import Foundation

/// Something a store noticed and recovered from, for the CLI to print once (a warning, not an
/// error: the run went on, treating the damaged thing as a miss).
public enum StoreEvent: Hashable, Sendable, CustomStringConvertible {
    /// An object failed verification (bad header, bad zlib stream, wrong digest, truncated).
    /// `quarantinedTo` is where it was moved, nil when the layer is read-only.
    case corruptObject(digest: Digest, layer: StoreLayer, path: String, reason: String, quarantinedTo: String?)
    /// The action-cache file could not be used (unreadable, or deleted while open); an empty index
    /// was started. `movedTo` is where the unreadable file went (nil when there was none to keep).
    case indexRebuilt(path: String, movedTo: String?, reason: String)
    /// A read failed for another reason (permissions, I/O): what it read, and the error as it
    /// said itself; treated as a miss.
    case readFailed(layer: StoreLayer, access: StoreAccess, error: String)
    /// A best-effort write (copying into local, recording remote entries) failed; the run continues.
    case writeFailed(layer: StoreLayer, access: StoreAccess, error: String)
    /// An object whose bytes (`size`) are not the size its entry declares; treated as a miss.
    case objectSizeMismatch(layer: StoreLayer, digest: Digest, size: UInt64, declared: UInt64)
    /// Entries the remote holds were ignored (the first for task `key`, `more` others) because
    /// of `why` (no signature, a wrong one, unreadable, too long); those tasks were rendered.
    case remoteEntriesRejected(location: String, key: Digest, why: RemoteRejection, more: Int)
    /// Objects the remote sent whose bytes hash to another digest (the first, `digest`, to
    /// `actual`; `more` others); treated as misses, and replaced by the next upload of them.
    case remoteObjectsCorrupt(location: String, digest: Digest, actual: Digest, more: Int)
    /// The remote failed (no answer, a 5xx, a refused or unexpected answer to a read): it is off
    /// for the rest of the run. `read`: whether a read failed, else an upload.
    case remoteDisabled(read: Bool, error: CacheError)
    /// The remote refused an upload (`error`: HTTP 4xx or 507 when full; gRPC PERMISSION_DENIED,
    /// UNAUTHENTICATED, UNIMPLEMENTED, RESOURCE_EXHAUSTED, FAILED_PRECONDITION): uploads are off
    /// for the rest of the run, reads go on.
    case remoteUploadsRefused(location: String, error: CacheError)
    /// The disk holding the action cache is full: it was opened read-only, so lookups still work
    /// and nothing can be recorded.
    case indexReadOnly(path: String, reason: String)
    /// `count` remote entries were used without a verified signature (`unsigned` of them carried
    /// none; the others one nobody could check): no signing key is configured, so whoever can
    /// write to the cache chose those files.
    case unverifiedRemoteEntries(location: String, count: Int, unsigned: Int)
    /// Uploads of entries were skipped (the first for task `key`, `more` others) because the
    /// remote holds entries signed under another key (`weSign`) or signed at all while this
    /// runner has no key.
    case remoteEntriesKept(location: String, key: Digest, more: Int, weSign: Bool)
    /// The remote sent an object whose body had another length than its entry declares
    /// (`declared`; nil when no entry did and the limit was passed); `more`: how many other
    /// objects it did that for. Treated as a miss, never as a hit.
    case remoteObjectRefused(url: String, declared: UInt64?, problem: BodyProblem, more: Int)

    public var description: String {
        switch self {
        case let .corruptObject(d, layer, path, reason, q):
            let moved = q.map { "moved to \($0)" } ?? "left in place (read-only layer)"
            return "warning: \(layer) object \(d.hex) at \(path) is corrupt (\(reason)); \(moved); treated as a miss"
        case let .indexRebuilt(path, movedTo, reason):
            let moved = movedTo.map { "moved to \($0) and " } ?? ""
            return "warning: action cache \(path) could not be used (\(reason)); \(moved)started empty"
        case let .readFailed(layer, access, error):
            return "warning: \(layer) store read failed: \(access): \(error); treated as a miss"
        case let .writeFailed(layer, access, error):
            return "warning: \(layer) store write failed: \(access): \(error); continuing"
        case let .objectSizeMismatch(layer, digest, size, declared):
            return "warning: \(layer) store read failed: object \(digest.hex) has \(size) bytes but its entry says \(declared); treated as a miss"
        case let .remoteEntriesRejected(location, key, why, more):
            return "warning: remote store read failed: \(location): the entry for task key \(key.hex) has \(why)\(more > 0 ? " (and \(more) more)" : "");"
                + " ignored, those tasks were rendered locally; make sure only trusted CI can write to the cache; treated as a miss"
        case let .remoteObjectsCorrupt(location, digest, actual, more):
            return "warning: remote object \(digest.hex) at \(location)/cas/\(digest.hex) is corrupt (downloaded bytes hash to \(actual.hex)"
                + "\(more > 0 ? " (and \(more) more objects)" : "")); left in place (read-only layer); treated as a miss"
        case let .remoteDisabled(read, error):
            return "warning: remote store \(read ? "read" : "write") failed: \(error); remote cache disabled for the rest of this run; "
                + (read ? "treated as a miss" : "continuing")
        case let .remoteUploadsRefused(location, error):
            return "warning: remote store write failed: \(location) refused an upload: \(error);"
                + " uploads are off for the rest of this run, reads go on; continuing"
        case let .indexReadOnly(path, reason):
            return "warning: action cache \(path) is read-only for this run (\(reason)); cached outputs are still used, new ones are not recorded; free disk space, e.g. with `orchestrate store gc`"
        case let .unverifiedRemoteEntries(location, count, unsigned):
            let none = unsigned == count ? "none carried one" : unsigned == 0 ? "each carried one nobody could check" : "\(unsigned) carried none"
            return "warning: \(count == 1 ? "1 entry" : "\(count) entries") from \(location) \(count == 1 ? "was" : "were") used without a verified signature"
                + " (no signing key is configured; \(none)): whoever can write to that cache chose those files"
        case let .remoteEntriesKept(location, key, more, weSign):
            let others = more > 0 ? " (and \(more) more)" : ""
            if weSign {
                return "warning: \(location) holds the entry for task key \(key.hex) signed under another key\(others);"
                    + " it was not replaced: a runner does not overwrite entries it cannot verify"
            }
            return "warning: \(location) holds a signed entry for task key \(key.hex)\(others); this runner has no signing key,"
                + " so it did not replace it with an unsigned one"
        case let .remoteObjectRefused(url, declared, problem, more):
            let others = more > 0 ? " (and \(more) more objects)" : ""
            let what: String
            switch (declared, problem) {
            case let (n?, .tooLong(_, announced?)): what = "the entry declares \(n) bytes but the body announced \(announced); abandoned before reading it"
            case let (n?, .tooLong(_, nil)): what = "the entry declares \(n) bytes but the body went on past that; abandoned there"
            case let (_, .wrongLength(n, received)): what = "the entry declares \(n) bytes but the body had \(received)"
            case (nil, _): what = "the body \(problem)"
            }
            return "warning: remote object \(url): \(what)\(others); treated as a miss"
        }
    }
}

/// A thread-safe log of `StoreEvent`s shared by the stores of one run. Identical events are kept once.
public final class StoreEvents: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [StoreEvent] = []
    private var seen: Set<StoreEvent> = []

    public init() {}

    public func record(_ event: StoreEvent) {
        lock.lock(); defer { lock.unlock() }
        if seen.insert(event).inserted { list.append(event) }
    }

    /// Every event so far, in the order first seen.
    public var all: [StoreEvent] {
        lock.lock(); defer { lock.unlock() }
        return list
    }
}
