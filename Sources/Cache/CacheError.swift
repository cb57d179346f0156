import CSQLite
import Foundation

/// Every failure the Cache module reports, with the machine facts attached. Messages say what
/// happened, where, and what helps, without naming a command-line flag: the CLI phrases that
/// advice in terms of its options (`CLI.ErrorMessage`).
public enum CacheError: Error, Hashable, Sendable, CustomStringConvertible {
    case io(path: String, operation: String, errno: Int32)
    case sqlite(path: String, code: Int32, message: String)
    case corruptObject(digest: Digest, path: String)
    case missingObject(digest: Digest)
    case readOnlyStore(path: String)
    case invalidSize(String)
    /// The remote could not be asked (a URL we cannot use, no answer, a transport failure).
    case remote(url: String, reason: String)
    /// The remote answered `method` with an error status (4xx, 5xx, or another we do not use).
    case remoteStatus(url: String, method: String, status: Int)
    /// The remote answered a request with a 3xx: redirects are never followed (credentials must
    /// not travel to another host, and a cache has no business redirecting). `location` is the
    /// `Location` header with any password masked.
    case remoteRedirect(url: String, status: Int, location: String?)
    /// A gRPC remote answered `method` (`ContentAddressableStorage.BatchReadBlobs`, …) with a
    /// status other than OK (or NOT_FOUND where that means a miss); `details` is the server's text.
    case remoteCall(url: String, method: String, status: GRPCStatus, details: String)
    /// gRPC's C core could not be loaded (`library`: the names tried; `reason`: the loader's words).
    case grpcUnavailable(library: String, reason: String)
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
            switch Self.indexTrouble(code) {
            case .access: advice = "check that its folder exists and is writable"
            case .contention: advice = "another process held the index too long; retry, or check for a stuck orchestrate process"
            case .space: advice = "check free disk space and the disk's health"
            case .damage: advice = "run `orchestrate store verify` or remove the file to rebuild the index"
            }
            return "action cache \(path): SQLite error \(code): \(message); \(advice)"
        case let .corruptObject(d, path):
            return "object \(d.hex) at \(path) does not match its digest; it was quarantined, run `orchestrate store verify`"
        case let .missingObject(d):
            return "object \(d.hex) is not in the store"
        case let .readOnlyStore(path):
            return "store \(path) is read-only; record into a writable store"
        case let .invalidSize(s):
            return "size \"\(s)\" is not understood; use bytes or a suffix K, M, G, T (powers of 1024, e.g. 500M)"
        case let .remote(url, reason):
            return "remote cache \(url): \(reason)"
        case let .remoteStatus(url, method, status):
            let hint: String
            switch status {
            case 401, 403: hint = "the server refused the credentials: check the user:password in the URL and the headers sent"
            case 405: hint = "the server does not accept \(method) here"
            case 413: hint = "the server's body size limit (nginx client_max_body_size) is too small"
            case 500...: hint = "the server failed"
            default: hint = "unexpected answer"
            }
            return "remote cache \(url): HTTP \(status): \(method): \(hint)"
        case let .remoteRedirect(url, status, location):
            let to = location.map { " to \($0)" } ?? ""
            return "remote cache \(url): HTTP \(status): redirected\(to); redirects are not followed, so give the cache's own URL"
        case let .remoteCall(url, method, status, details):
            let hint: String
            switch status {
            case .unavailable where CacheError.tlsHandshakeFailed(details):
                hint = "the TLS handshake failed: the server's certificate is not signed by a trusted CA or not issued for this host name,"
                    + " or the server does not speak TLS"
            case .unavailable: hint = "no answer from the server"
            case .deadlineExceeded: hint = "no answer within the time allowed"
            case .invalidArgument: hint = "the server refused the request (a wrong instance name?)"
            case .notFound: hint = "the server does not know what was asked for"
            case .unauthenticated, .permissionDenied: hint = "the server refused the credentials sent"
            case .unimplemented: hint = "the server does not offer this service"
            case .resourceExhausted: hint = "a message or the server's storage passed a limit"
            default: hint = "unexpected answer"
            }
            let said = details.isEmpty ? "" : " (\(details))"
            return "remote cache \(url): gRPC \(status): \(method)\(said): \(hint)"
        case let .grpcUnavailable(library, reason):
            return "gRPC's C core could not be loaded (tried \(library): \(reason)); a grpc:// remote needs it: install Debian's libgrpc29 (apt-get install libgrpc29, or libgrpc-dev)"
        case let .fileChanged(path, expected, found):
            return "\(path) changed while it was being stored (\(expected) bytes when opened, \(found) read); store it again once it is complete"
        case let .incompatibleIndex(path, version, supported):
            return "action cache \(path) has schema version \(version) but this orchestrate reads version \(supported); upgrade orchestrate or use another store"
        }
    }
}

extension CacheError {
    /// Whether the remote could not be reached because the TLS handshake failed (gRPC's core
    /// words it "Ssl handshake failed: …" for an untrusted certificate or a server without TLS,
    /// "Peer name … is not in peer certificate" for a certificate of another host).
    public var isTLSHandshakeFailure: Bool {
        if case let .remoteCall(_, _, .unavailable, details) = self { return Self.tlsHandshakeFailed(details) }
        return false
    }

    static func tlsHandshakeFailed(_ details: String) -> Bool {
        let d = details.lowercased()
        return d.contains("handshake failed") || d.contains("not in peer certificate")
    }

    /// What an SQLite result code means for whoever must act on it, so that callers choose advice
    /// without SQLite's header.
    public enum IndexTrouble: Hashable, Sendable {
        /// The file or its folder cannot be opened or written (missing, read-only, permissions).
        case access
        /// Another process held the index too long.
        case contention
        /// The disk is full or failing.
        case space
        /// Anything else: the index is damaged or not ours.
        case damage
    }

    /// The trouble SQLite result `code` (extended or primary) reports.
    public static func indexTrouble(_ code: Int32) -> IndexTrouble {
        switch code & 0xff {
        case SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM: return .access
        case SQLITE_BUSY, SQLITE_LOCKED: return .contention
        case SQLITE_FULL, SQLITE_IOERR: return .space
        default: return .damage
        }
    }
}
