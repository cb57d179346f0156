import CSQLite
import Foundation

/// Every failure the Cache module reports, with the machine facts attached.
public enum CacheError: Error, Equatable, CustomStringConvertible {
    case io(path: String, operation: String, errno: Int32)
    case sqlite(path: String, code: Int32, message: String)
    case corruptObject(digest: Digest, path: String)
    case missingObject(digest: Digest)
    case readOnlyStore(path: String)
    case invalidSize(String)
    case remote(url: String, status: Int?, reason: String)
    /// The remote answered a request with a 3xx: redirects are never followed (credentials must
    /// not travel to another host, and a cache has no business redirecting). `location` is the
    /// `Location` header with any password masked.
    case remoteRedirect(url: String, status: Int, location: String?)
    /// A file changed size while it was being stored.
    case fileChanged(path: String, expected: UInt64, found: UInt64)
    /// The action-cache file was written by a newer orchestrate (its `PRAGMA user_version`).
    case incompatibleIndex(path: String, version: Int32, supported: Int32)

    public var description: String {
        switch self {
        case let .io(path, op, e):
            return "\(op) \(path): \(String(cString: strerror(e))) (errno \(e)); check the path exists and is writable"
        case let .sqlite(path, code, message):
            let advice: String
            switch code & 0xff {
            case SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM:
                advice = "check that its folder exists and is writable, or pass another --store"
            case SQLITE_BUSY, SQLITE_LOCKED:
                advice = "another process held the index too long; retry, or check for a stuck orchestrate process"
            case SQLITE_FULL, SQLITE_IOERR:
                advice = "check free disk space and the disk's health"
            default:
                advice = "run `orchestrate store verify` or remove the file to rebuild the index"
            }
            return "action cache \(path): SQLite error \(code): \(message); \(advice)"
        case let .corruptObject(d, path):
            return "object \(d.hex) at \(path) does not match its digest; it was quarantined, run `orchestrate store verify`"
        case let .missingObject(d):
            return "object \(d.hex) is not in the store"
        case let .readOnlyStore(path):
            return "store \(path) is read-only; pass a writable --store DIR or set ORCHESTRATE_STORE"
        case let .invalidSize(s):
            return "size \"\(s)\" is not understood; use bytes or a suffix K, M, G, T (powers of 1024, e.g. 500M)"
        case let .remote(url, status, reason):
            return "remote cache \(url): \(status.map { "HTTP \($0): " } ?? "")\(reason)"
        case let .remoteRedirect(url, status, location):
            let to = location.map { " to \($0)" } ?? ""
            return "remote cache \(url): HTTP \(status): redirected\(to); redirects are not followed, so give the cache's own URL"
        case let .fileChanged(path, expected, found):
            return "\(path) changed while it was being stored (\(expected) bytes when opened, \(found) read); store it again once it is complete"
        case let .incompatibleIndex(path, version, supported):
            return "action cache \(path) has schema version \(version) but this orchestrate reads version \(supported); upgrade orchestrate or use another --store"
        }
    }
}
