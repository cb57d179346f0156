import Cache

/// The one place errors become the text a user reads, beside `ExitCode`. The libraries say what
/// happened and what helps without naming a flag; where the fix is an option of ours (another
/// `--store`, `--remote-header`, `--remote-upload=false`), the message is phrased here.
enum ErrorMessage {
    static func of(_ error: Error) -> String {
        if let e = error as? CacheError { return of(e) }
        return "\(error)"
    }

    static func of(_ e: CacheError) -> String {
        switch e {
        case let .sqlite(path, code, message) where CacheError.indexTrouble(code) == .access:
            return "action cache \(path): SQLite error \(code): \(message); check that its folder exists and is writable, or pass another --store"
        case let .readOnlyStore(path):
            return "store \(path) is read-only; pass a writable --store DIR or set ORCHESTRATE_STORE"
        case let .incompatibleIndex(path, version, supported):
            return "action cache \(path) has schema version \(version) but this orchestrate reads version \(supported); upgrade orchestrate or use another --store"
        case let .remoteStatus(url, method, status) where status == 401 || status == 403:
            return "remote cache \(url): HTTP \(status): \(method): check --remote-header or the URL's user:password"
        case let .remoteCall(url, method, status, details) where status == .unauthenticated || status == .permissionDenied:
            let said = details.isEmpty ? "" : " (\(details))"
            return "remote cache \(url): gRPC \(status): \(method)\(said): check --remote-header (e.g. 'Authorization: Bearer TOKEN')"
        case .remoteCall where e.isTLSHandshakeFailure:
            return "\(e); check --remote-ca (the PEM file of the CA that signed the server's certificate), the host name in --remote,"
                + " or grpc:// for a server without TLS"
        case let .remoteCall(url, method, .invalidArgument, details):
            let said = details.isEmpty ? "" : " (\(details))"
            return "remote cache \(url): gRPC INVALID_ARGUMENT: \(method)\(said): the server refused the request; check --remote-instance"
        default:
            return "\(e)"
        }
    }

    /// A store warning as printed (its description starts with "warning: "), with the advice that
    /// names our options.
    static func of(_ event: StoreEvent) -> String {
        switch event {
        case let .remoteDisabled(read, error):
            return "warning: remote store \(read ? "read" : "write") failed: \(of(error)); remote cache disabled for the rest of this run; "
                + (read ? "treated as a miss" : "continuing")
        case let .remoteUploadsRefused(location, error):
            return "warning: remote store write failed: \(location) refused an upload: \(of(error));"
                + " uploads are off for the rest of this run, reads go on (give read-only runners --remote-upload=false); continuing"
        case .unverifiedRemoteEntries:
            return "\(event); pass --remote-key-file FILE (or set ORCHESTRATE_REMOTE_KEY) to use only entries signed with your key"
        case .remoteEntriesKept(_, _, _, weSign: true):
            return "\(event); runners sharing a cache need the same key (or another URL prefix)"
        case .remoteEntriesKept(_, _, _, weSign: false):
            return "\(event); a runner that should not write to the cache takes --remote-upload=false"
        default:
            return "\(event)"
        }
    }
}
