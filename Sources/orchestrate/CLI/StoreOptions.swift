import Cache
import Foundation

/// `--store DIR` or the default location, and the remote cache options (declared once, shared
/// by `compile` and `artifact`); opens the store chain.
enum StoreOptions {
    static let store = Option<String>("store", "DIR", "local store (default: $ORCHESTRATE_STORE, $XDG_CACHE_HOME/orchestrate,\n~/.cache/orchestrate)")

    static let remote = Option<RemoteOptions>(
        "remote", "URL",
        "a Bazel HTTP cache (http[s]://[user:password@]host[:port][/prefix]) or an\nREAPI v2 server over gRPC (grpc[s]://host:port): look misses up there,\nupload what was rendered"
    ) { url in
        do {
            return try RemoteOptions(url: url)
        } catch let CacheError.remote(shown, reason) {
            throw CLIError.usage("--remote \(shown): \(reason)", hint: "--remote http://cache.example:8080/prefix or --remote grpc://cache.example:9092")
        }
    }
    static let remoteUpload = Flag(onByDefault: "remote-upload", "never write to the remote (read-only runners, forks)")
    static let remoteKeyFile = Option<String>(
        "remote-key-file", "FILE",
        "sign uploaded entries and accept only entries signed with this key\n(HMAC-SHA256; default: $ORCHESTRATE_REMOTE_KEY)")
    static let remoteHeader = Option<RemoteOptions.HTTPHeader>(
        "remote-header", "'Name: value'", "send a header with every request (repeatable), e.g. 'Authorization: Bearer …'", repeatable: true
    ) { h in
        guard let header = RemoteOptions.header(h) else {
            throw CLIError.usage("--remote-header takes 'Name: value', not \"\(h)\"", hint: "--remote-header 'Authorization: Bearer TOKEN'")
        }
        return header
    }
    static let remoteTimeout = Option<Double>(
        "remote-timeout", "SECONDS", "per request or call (default 10); the first failure turns the remote off for the run"
    ) { t in
        guard let v = Double(t), v > 0, v.isFinite else {
            throw CLIError.usage("--remote-timeout must be a number of seconds > 0, not \"\(t)\"", hint: nil)
        }
        return v
    }

    static let remoteInstance = Option<String>(
        "remote-instance", "NAME", "gRPC: the REAPI instance name (default: the server's default instance, \"\")")
    static let remoteCA = Option<String>(
        "remote-ca", "FILE", "grpcs: trust the PEM certificates in FILE instead of the system's")

    /// The options of commands that can read through a remote cache.
    static let remoteOptions: [CommandOption] = [
        remote.declaration, remoteUpload.declaration, remoteKeyFile.declaration, remoteHeader.declaration, remoteTimeout.declaration,
        remoteInstance.declaration, remoteCA.declaration,
    ]

    /// The remote options make sense only with `--remote URL`.
    static func validate(_ args: Arguments) throws {
        guard args.value(remote.declaration.name) == nil else { return }
        if let stray = remoteOptions.dropFirst().filter({ args.given($0) }).map(\.name).sorted().first {
            throw CLIError.usage("--\(stray) needs --remote URL", hint: "orchestrate compile … --remote http://cache:8080/")
        }
    }

    static func root(_ args: Arguments, _ ctx: Context) throws -> String {
        if let s = try args.value(store) { return ctx.path(s) }
        return StoreLocation.default(environment: ctx.environment, home: ctx.environment["HOME"] ?? "/root")
    }

    static func chain(_ args: Arguments, _ ctx: Context) throws -> StoreChain {
        try chain(args, ctx, remote: try remoteCache(args, ctx))
    }

    /// The chain over a remote already made from `args` (`remoteCache`).
    static func chain(_ args: Arguments, _ ctx: Context, remote: (any RemoteCache)?) throws -> StoreChain {
        let local = try LocalStore(root: root(args, ctx))
        let seed = SeedLocation.find(environment: ctx.environment).map { SeedStore(root: $0, events: local.events) }
        return StoreChain(local: local, seed: seed, remote: remote, uploads: args.flag(remoteUpload), queuedUploads: true)
    }

    /// The cache named by `--remote` (HTTP or gRPC by its scheme), or nil. Checks everything it
    /// can before the run: the gRPC-only options need a grpc URL, the CA file must be readable.
    /// gRPC's library is loaded at the first call (a missing one is the remote's first failure).
    static func remoteCache(_ args: Arguments, _ ctx: Context) throws -> (any RemoteCache)? {
        guard let url = args.value(remote.declaration.name) else { return nil }
        var options = try RemoteOptions(url: url, headers: try args.values(remoteHeader), signingKey: try signingKey(args, ctx),
                                        timeout: try args.value(remoteTimeout) ?? 10)
        guard case let .grpc(tls) = options.wire else {
            if let stray = [remoteInstance.declaration, remoteCA.declaration].first(where: { args.given($0) }) {
                throw CLIError.usage("--\(stray.name) applies to a grpc:// or grpcs:// remote, not \(options.location)",
                                     hint: "--remote grpcs://cache.example:9092 --\(stray.name) …")
            }
            return HTTPRemoteCache(options: options)
        }
        for h in options.headers {
            if let problem = RemoteOptions.grpcMetadataProblem(h) {
                throw CLIError.usage("--remote-header \(h.name): cannot be sent as gRPC metadata: \(problem)", hint: "--remote-header 'Authorization: Bearer TOKEN'")
            }
        }
        options.instanceName = try args.value(remoteInstance) ?? ""
        if let ca = try args.value(remoteCA) {
            guard tls else {
                throw CLIError.usage("--remote-ca applies to a grpcs:// remote (TLS), not \(options.location)", hint: "--remote grpcs://cache.example:9092 --remote-ca ca.pem")
            }
            guard let data = FileManager.default.contents(atPath: ctx.path(ca)) else {
                throw CLIError.inputMissing(path: ca, what: "remote CA file")
            }
            guard String(decoding: data, as: UTF8.self).contains("-----BEGIN CERTIFICATE-----") else {
                throw CLIError.usage("remote CA file \(ca) holds no PEM certificate", hint: "a file with -----BEGIN CERTIFICATE----- blocks")
            }
            options.rootCertificates = [UInt8](data)
        }
        return GRPCRemoteCache(options: options, libraryName: ctx.environment["ORCHESTRATE_LIBGRPC"].flatMap { $0.isEmpty ? nil : $0 })
    }

    /// `--remote-key-file FILE` (trailing newline ignored), else `$ORCHESTRATE_REMOTE_KEY`.
    static func signingKey(_ args: Arguments, _ ctx: Context) throws -> [UInt8]? {
        var key: [UInt8]
        if let file = try args.value(remoteKeyFile) {
            guard let data = FileManager.default.contents(atPath: ctx.path(file)) else {
                throw CLIError.inputMissing(path: file, what: "remote key file")
            }
            key = [UInt8](data)
            while let last = key.last, last == 0x0a || last == 0x0d { key.removeLast() }
            guard !key.isEmpty else { throw CLIError.usage("remote key file \(file) is empty", hint: "put at least 32 random bytes in it") }
        } else if let env = ctx.environment["ORCHESTRATE_REMOTE_KEY"], !env.isEmpty {
            key = Array(env.utf8)
        } else {
            return nil
        }
        return key
    }

    /// Writes what the chain still holds back, then prints each store event once, as a warning.
    static func report(_ chain: StoreChain, _ ctx: Context) {
        chain.flush()
        for e in chain.events { ctx.err("orchestrate: \(ErrorMessage.of(e))\n") }
    }

    /// One line about the remote, when there is one.
    static func remoteSummary(_ chain: StoreChain) -> String? {
        guard let counts = chain.remoteCounts, let remote = chain.remote else { return nil }
        let t = remote.traffic
        var s = "remote \(remote.location): \(counts.entryHits) hits"
        if counts.unverifiedHits > 0 { s += " (\(counts.unverifiedHits) unverified)" }
        s += ", \(counts.entryMisses) misses"
        if counts.incompleteEntries > 0 { s += ", \(counts.incompleteEntries) with objects missing" }
        if counts.rejected > 0 { s += ", \(counts.rejected) rejected" }
        if counts.corruptObjects > 0 { s += ", \(counts.corruptObjects) corrupt objects" }
        if counts.refusedObjects > 0 { s += ", \(counts.refusedObjects) objects of the wrong length" }
        if counts.entriesKept > 0 { s += ", \(counts.entriesKept) signed entries kept" }
        s += "; \(t.requests) requests, \(t.bytesDownloaded) bytes down (\(t.objectBytesDownloaded) in objects)"
        s += ", \(t.objectsUploaded) objects and \(t.entriesUploaded) entries up (\(t.bytesUploaded) bytes)"
        if counts.disabled { s += "; disabled after a failure" }
        return s + "\n"
    }
}
