import Cache
import Foundation

/// `--store DIR` or the default location, and the remote cache options; opens the store chain.
enum StoreOptions {
    /// Options of commands that can read through a remote cache.
    static let remoteValued: Set<String> = ["remote", "remote-key-file", "remote-timeout"]
    static let remoteFlags: Set<String> = ["remote-upload"]
    static let remoteRepeatable: Set<String> = ["remote-header"]

    static let remoteHelp = """
      --remote URL      a Bazel HTTP cache (http[s]://[user:password@]host[:port][/prefix]):
                        look misses up there, upload what was rendered
      --remote-upload=false
                        never write to the remote (read-only runners, forks)
      --remote-key-file FILE
                        sign uploaded entries and accept only entries signed with this key
                        (HMAC-SHA256; default: $ORCHESTRATE_REMOTE_KEY)
      --remote-header 'Name: value'
                        send a header with every request (repeatable), e.g. 'Authorization: Bearer …'
      --remote-timeout SECONDS
                        per request (default 10); the first failure turns the remote off for the run
    """

    static func root(_ args: Arguments, _ ctx: Context) -> String {
        if let s = args.value("store") { return ctx.path(s) }
        return StoreLocation.default(environment: ctx.environment, home: ctx.environment["HOME"] ?? "/root")
    }

    static func chain(_ args: Arguments, _ ctx: Context) throws -> StoreChain {
        let remote = try remoteCache(args, ctx)
        let local = try LocalStore(root: root(args, ctx))
        let seed = SeedLocation.find(environment: ctx.environment).map { SeedStore(root: $0, events: local.events) }
        return StoreChain(local: local, seed: seed, remote: remote, uploads: args.flag("remote-upload", default: true))
    }

    /// The HTTP cache named by `--remote`, or nil; usage errors for options that make no sense.
    static func remoteCache(_ args: Arguments, _ ctx: Context) throws -> HTTPRemoteCache? {
        guard let url = args.value("remote") else {
            let stray = (remoteValued.subtracting(["remote"]).filter { args.value($0) != nil }
                + remoteRepeatable.filter { !args.all($0).isEmpty }
                + remoteFlags.filter { args.flag($0) || args.values["no-" + $0] != nil }).sorted()
            if let first = stray.first {
                throw CLIError.usage("--\(first) needs --remote URL", hint: "orchestrate compile … --remote http://cache:8080/")
            }
            return nil
        }
        var headers: [RemoteOptions.HTTPHeader] = []
        for h in args.all("remote-header") {
            guard let header = RemoteOptions.header(h) else {
                throw CLIError.usage("--remote-header takes 'Name: value', not \"\(h)\"", hint: "--remote-header 'Authorization: Bearer TOKEN'")
            }
            headers.append(header)
        }
        var timeout = 10.0
        if let t = args.value("remote-timeout") {
            guard let v = Double(t), v > 0, v.isFinite else {
                throw CLIError.usage("--remote-timeout must be a number of seconds > 0, not \"\(t)\"", hint: nil)
            }
            timeout = v
        }
        let key = try signingKey(args, ctx)
        do {
            let options = try RemoteOptions(url: url, headers: headers, signingKey: key, timeout: timeout)
            return HTTPRemoteCache(options: options)
        } catch let CacheError.remote(shown, reason) {
            throw CLIError.usage("--remote \(shown): \(reason)", hint: "--remote http://cache.example:8080/prefix")
        }
    }

    /// `--remote-key-file FILE` (trailing newline ignored), else `$ORCHESTRATE_REMOTE_KEY`.
    static func signingKey(_ args: Arguments, _ ctx: Context) throws -> [UInt8]? {
        var key: [UInt8]
        if let file = args.value("remote-key-file") {
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
        guard let counts = chain.remoteCounts, let http = chain.remote as? HTTPRemoteCache else { return nil }
        let t = http.traffic
        var s = "remote \(http.location): \(counts.entryHits) hits"
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
