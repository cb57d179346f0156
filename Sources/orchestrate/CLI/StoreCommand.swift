import Tasks
import Cache
import Foundation

/// `orchestrate store stats|verify|gc`
public enum StoreCommand: Command {
    public static let name = "store"
    public static let abstract = "store maintenance: stats, verify, gc --max-size SIZE"

    enum Subcommand: String { case stats, verify, gc }

    static let maxSize = Option<UInt64>("max-size", "SIZE", "gc bound") { text in
        do { return try LocalStore.parseSize(text) } catch { throw CLIError.usage("\(error)", hint: nil) }
    }
    static let grace = Option<Int64>("grace", "MINUTES", "gc keeps what was used this recently (default 10; 0 keeps nothing)") { text in
        guard let minutes = Int64(text), (0...525_600).contains(minutes) else {
            throw CLIError.usage("store gc: --grace \"\(text)\" is not a number of minutes from 0 to 525600", hint: "orchestrate store gc --max-size 2G --grace 10")
        }
        return minutes
    }
    static let json = Flag("json", "machine-readable output")

    public static let options = [StoreOptions.store.declaration, maxSize.declaration, grace.declaration, json.declaration]
    public static let positionals = 1...1
    public static let usage: [Usage] = [
        .only("stats", ["store", "json"]),
        .only("verify", ["store", "json"]),
        .only("gc", ["max-size", "grace", "store", "json"], required: ["max-size"]),
    ]
    public static let discussion = """
      stats    objects, bytes on disk, action-cache entries, quarantined objects
      verify   re-hash every object; quarantine and list corrupt ones; drop entries that point at
               missing objects; exit 1 when anything was found
      gc       evict least recently used entries, and objects nothing references, until the
               objects take at most SIZE on disk (bytes, or with K, M, G, T: 500M); entries used
               and objects written in the last MINUTES (default 10) are kept, so a compile
               running beside gc keeps what it looked up
    """

    public static func validate(_ args: Arguments) throws {
        guard let sub = Subcommand(rawValue: args.positionals[0]) else {
            throw CLIError.usage("store: unknown subcommand \"\(args.positionals[0])\"", hint: "use stats, verify or gc")
        }
        if sub == .gc, try args.value(maxSize) == nil {
            throw CLIError.usage("store gc: --max-size SIZE is required", hint: "orchestrate store gc --max-size 2G")
        }
    }

    public static func run(_ args: Arguments, _ ctx: Context) throws -> Int32 {
        let root = try StoreOptions.root(args, ctx)
        let sub = Subcommand(rawValue: args.positionals[0])!
        let graceMinutes = try args.value(grace) ?? 10
        if sub != .gc && !FileManager.default.fileExists(atPath: root) {
            throw CLIError.inputMissing(path: root, what: "store")
        }
        let store = try LocalStore(root: root)
        defer { for e in store.events.all { ctx.err("orchestrate: \(e)\n") } }
        switch sub {
        case .stats:
            let s = try store.stats()
            if args.flag(json) { return try write(s, ctx) }
            ctx.out("""
            store        \(root)
            objects      \(s.objectCount) (\(bytes(s.bytesOnDisk)) on disk, \(bytes(s.uncompressedBytes)) uncompressed)
            entries      \(s.entryCount)
            quarantined  \(s.quarantineCount)

            """)
            return ExitCode.success
        case .verify:
            let r = try store.verify()
            if args.flag(json) { _ = try write(r, ctx) } else {
                ctx.out("checked \(r.objectsChecked) objects: \(r.corrupt.count) corrupt, \(r.dangling.count) dangling entries\n")
                for c in r.corrupt { ctx.out("corrupt \(c.digest.hex): \(c.reason)\(c.quarantinedTo.map { " (quarantined to \($0))" } ?? "")\n") }
                for d in r.dangling { ctx.out("dangling entry \(d.key.hex): missing \(d.missing.map(\.hex).joined(separator: ", "))\n") }
                for p in r.indexProblems { ctx.out("index: \(p)\n") }
                if let moved = r.indexRebuiltTo {
                    ctx.out("index: moved to \(moved) and started empty; objects are kept, entries are recorded again as runs render\n")
                }
            }
            return r.isClean ? ExitCode.success : ExitCode.negative
        case .gc:
            let r = try store.gc(maxBytes: try args.value(maxSize)!, graceMs: graceMinutes * 60_000)
            if args.flag(json) { return try write(r, ctx) }
            ctx.out("gc: \(bytes(r.bytesBefore)) → \(bytes(r.bytesAfter)) (bound \(bytes(r.maxBytes))); removed \(r.entriesRemoved) entries, \(r.objectsRemoved) objects\n")
            if !r.boundMet, graceMinutes > 0 {
                ctx.out("gc: the bound is not met: what was used in the last \(graceMinutes) minutes is kept for runs in progress; run gc again later, or pass --grace 0\n")
            }
            return ExitCode.success
        }
    }

    static func write(_ value: some Encodable, _ ctx: Context) throws -> Int32 {
        ctx.out(try StableJSON.string(value))
        return ExitCode.success
    }

    static func bytes(_ n: UInt64) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var v = Double(n)
        var u = 0
        while v >= 1024 && u < units.count - 1 { v /= 1024; u += 1 }
        return u == 0 ? "\(n) B" : String(format: "%.1f %@", v, units[u])
    }
}
