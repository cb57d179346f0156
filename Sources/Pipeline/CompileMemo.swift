import Cache
import Foundation
import Lowerings
import Tasks

/// The compile memo: a no-op answered the way ninja answers one, by stat'ing the outputs.
///
/// A compile is a pure function of what it reads: the Plan's bytes (and the name its diagnostics
/// give it), the native directory's files, and the orchestrate that runs (its renderers, its
/// lowerings and the Cores it pins by digest). A run that completes cleanly records the SHA-256 of
/// those inputs (`fingerprint`) in `<out>/.orchestrate/memo.json`, bound to the digest of the state
/// file the same run left. A later run with the same fingerprint then needs nothing but the tree
/// as that state records it — and the materializer's stat check (`Materializer.unchanged`) proves
/// that by the rules `apply` already trusts: size, inode, mtime, ctime and mode as recorded, no
/// journal, and a file as recent as the state (racily clean) hashed, up to 64 of them. Anything
/// else — another input, another binary, an edited or missing file, more recent files than that,
/// a state another run replaced — is a miss, and the full compile runs and records again.
///
/// What a hit does not do: it does not look in the store (no keys are computed), so it neither
/// uploads to nor heals a store, nor marks its entries as used (a memo answers for `maxAge`,
/// then one full run does that); it does not write a summary or an SLSA statement (the CLI runs
/// the full compile when either is asked for). `--full` on the CLI always runs every stage.
public enum CompileMemo {
    public static let schema = "orchestrate.compile-memo/1"

    public struct Record: Codable, Equatable, Sendable {
        public var schema: String
        /// The inputs' fingerprint (`fingerprint(_:tool:)`).
        public var fingerprint: Digest
        /// The SHA-256 of the state file the recorded run left.
        public var state: Digest
        /// The run's task count, for the line a hit prints.
        public var tasks: Int
        /// When the run ended (ms since 1970): a memo older than `maxAge` is no hit.
        public var recordedMs: Int64
        /// What the run said about the Plan, said again by a hit: its diagnostics and its gaps,
        /// as printed (the same inputs give the same ones).
        public var diagnostics: [String]
        public var gaps: [String]

        public init(fingerprint: Digest, state: Digest, tasks: Int, diagnostics: [String], gaps: [String], recorded: Date = Date()) {
            schema = CompileMemo.schema
            self.fingerprint = fingerprint
            self.state = state
            self.tasks = tasks
            recordedMs = CompileMemo.milliseconds(recorded)
            self.diagnostics = diagnostics
            self.gaps = gaps
        }
    }

    /// `source` with its native files read (once: the fingerprint and the load stage see the same
    /// bytes, so a file changed mid-run cannot be recorded under the other version's fingerprint).
    public static func readingNative(_ source: CompileSource) throws -> CompileSource {
        guard case var .plan(file) = source, file.nativeSources == nil, let native = file.native else { return source }
        file.nativeSources = try NativeSourceReader.read(native)
        return .plan(file)
    }

    /// The SHA-256 of everything a compile of `source` reads, with the tool's identity and the
    /// `context` of the run (the CLI's store and remote: another store or remote is a full run,
    /// which fills it); nil when the tool has no identity (then there is no memo) or a Plan's
    /// native files were not read ahead (`readingNative`).
    /// With `planBytes` false, the Plan's bytes and name are left out (the entity base's context:
    /// what must be the last run's for one entity to be compiled alone; the name is only ever in
    /// diagnostics, and a run with diagnostics leaves no base).
    public static func fingerprint(_ source: CompileSource, tool: [UInt8]? = ToolIdentity.current, context: [String] = [],
                                   planBytes: Bool = true) -> Digest? {
        guard let tool else { return nil }
        var b = DigestBuilder(domain: planBytes ? "orchestrate.compile-memo" : "orchestrate.entity-base-context", version: 1)
        b.add(bytes: tool)
        b.add(UInt64(context.count))
        for c in context { b.add(c) }
        switch source {
        case let .demo(count, variant):
            b.add("demo")
            b.add(UInt64(count))
            b.add(UInt64(variant))
        case let .plan(file):
            b.add("plan")
            if planBytes {
                b.add(file.name)
                b.add(Digest.of(file.bytes))
            }
            if let native = file.native {
                guard let sources = file.nativeSources else { return nil }
                b.add(native.display)
                b.add(native.required)
                b.add(UInt64(sources.files.count))
                for f in sources.files {
                    b.add(f.path)
                    b.add(f.digest)
                }
                b.add(UInt64(sources.diagnostics.count))
                for d in sources.diagnostics { b.add("\(d.file):\(d.line):\(d.column):\(d.code.rawValue):\(d.message)") }
            } else {
                b.add("no native directory")
            }
        }
        return b.finalize()
    }

    /// How long a memo answers: past it, one full run looks every key up again (which marks the
    /// store's entries as used, so `store gc` keeps what is in use) and records a new memo.
    public static let maxAge: TimeInterval = 3600

    /// The memo in `out` when it names `fingerprint`, was recorded less than `maxAge` before
    /// `now`, and the tree is unchanged since (see the type); nil otherwise.
    /// `state`: the state of `out` as `Materializer.loadPrevious(digesting: true)` reads it, when
    /// the caller started reading it early (`Materializer.unchanged(stateDigest:read:)`).
    public static func hit(_ fingerprint: Digest, out: String, state: Preloaded<Materializer.Previous>? = nil,
                           now: Date = Date()) -> (record: Record, files: Int)? {
        let materializer = Materializer(root: out)
        guard let bytes = materializer.readMemo(),
              let record = try? JSONDecoder().decode(Record.self, from: Data(bytes)),
              record.schema == schema, record.fingerprint == fingerprint else { return nil }
        let age = now.timeIntervalSince1970 - Double(record.recordedMs) / 1000
        guard age >= -1, age < maxAge, let files = materializer.unchanged(stateDigest: record.state, read: state?.value) else { return nil }
        return (record, files)
    }

    /// `date` as the memo and the entity base record it: milliseconds since 1970.
    public static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }

    /// Records `record` in `out` (and `base`, the run's `EntityPatchCompile.Record` packed, beside
    /// it), if the state there is still the one `record` names. Returns whether it was written.
    @discardableResult
    public static func record(_ record: Record, base: [UInt8]? = nil, out: String,
                              leftAs: MaterializeReport.StateFileIdentity? = nil) throws -> Bool {
        try Materializer(root: out).writeMemo(StableJSON.encode(record), base: base, stateDigest: record.state, leftAs: leftAs)
    }
}
