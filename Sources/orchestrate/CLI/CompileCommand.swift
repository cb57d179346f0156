import Cache
import Foundation
import Lowerings
import Pipeline
import Tasks

/// `orchestrate compile PLAN --out DIR …`
public enum CompileCommand: Command {
    public static let name = "compile"
    public static let abstract = "compile a Plan into --out, rendering only what changed"
    static let out = Option<String>("out", "DIR", "output directory (created when missing)", required: true)
    static let jobs = Option<Int>.int("jobs", "N", "parallel tasks (default: the number of cores)")
    static let summary = Option<String>("summary", "FILE", "write the run summary (orchestrate.summary/1) to FILE")
    static let slsa = Option<String>("slsa", "FILE", "write an in-toto Statement v1 with an SLSA Provenance v1 predicate to FILE\n"
        + "(builder id: $ORCHESTRATE_BUILDER_ID, else urn:orchestrate:builder:cli)")
    static let force = Flag("force", "overwrite generated files edited since orchestrate wrote them (without it they are\n"
        + "kept, with a warning, and listed in the summary under \"kept\")")
    static let full = Flag("full", "run every stage, even when the Plan, its native files and this orchestrate are\n"
        + "those of the last compile into DIR (else such a run stats the tree and stops there)")
    static let progress = Flag("progress", "show the progress line even when stderr is not a terminal")
    static let demo = Option<Int>.int("demo", "N", "compile a built-in synthetic set of N tasks instead of a Plan", max: DemoTaskSet.maxCount)
    static let demoVariant = Option<Int>.int("demo-variant", "V", "change every 100th demo task's content (for incremental demos)", min: 0)

    public static let options: [CommandOption] = [
        out.declaration, PlanOptions.nativeDir.declaration, StoreOptions.store.declaration, jobs.declaration, summary.declaration, slsa.declaration,
        force.declaration, full.declaration, progress.declaration, demo.declaration, demoVariant.declaration,
    ] + StoreOptions.remoteOptions
    public static let positionals = 0...1
    public static let usage: [Usage] = [
        .all("PLAN", but: ["demo", "demo-variant"]),
        .only("", ["demo", "demo-variant", "out"], required: ["demo"], more: true),
    ]
    public static let discussion = """
    Looks every file task's key up in the store chain (local store, the repository's cas/, a
    remote), renders only misses, and writes only files whose bytes changed into DIR. A generated
    file someone edited since it was written is left as it is, with a warning, unless --force.
    When the Plan, its native files and this orchestrate are those of the last compile into DIR
    and every file there is as it left it (by stat, as git trusts its index), the run stops
    there: "up to date" (see docs/compile-memo.md; --summary, --slsa and --full run every stage).
    """
    public static let epilogue = """
    A remote entry is used only when every object it names downloads and re-hashes to its digest;
    an unreachable, slow or failing remote is reported once and the compile goes on locally.
    See docs/remote-cache.md.
    """

    public static func validate(_ args: Arguments) throws {
        if try args.value(demo) != nil {
            guard args.positionals.isEmpty else { throw CLIError.usage("compile: give a PLAN or --demo N, not both", hint: nil) }
            if args.given(PlanOptions.nativeDir.declaration) { throw CLIError.usage("compile: --native-dir goes with a PLAN, not --demo", hint: nil) }
        } else if args.positionals.isEmpty {
            throw CLIError.usage("compile: a PLAN file is required", hint: "orchestrate compile plan.json --out app/")
        }
        try StoreOptions.validate(args)
    }

    public static func run(_ args: Arguments, _ ctx: Context) throws -> Int32 {
        let out = try args.value(Self.out)!
        // The state of the last run into DIR, read on another core from the start, for the memo's
        // check and a change of one entity (both need it, and both compare its digest with the one
        // they recorded); let go before a full compile, which reads the state its own way.
        var state = try earlyState(args, ctx)
        var source: CompileSource
        if let n = try args.value(demo) {
            source = .demo(count: n, variant: try args.value(demoVariant) ?? 0)
        } else {
            source = .plan(try PlanOptions.planFile(args.positionals[0], args, ctx))
        }
        source = try CompileMemo.readingNative(source)
        // The remote options are checked on every run (files read, URL parsed; nothing is
        // contacted), so a mistake in them is said even when the memo answers.
        let remote = try StoreOptions.remoteCache(args, ctx)
        let (fingerprint, hit, eligible) = try memo(source, out: ctx.path(out), state: state, args, ctx)
        if let hit {
            for line in hit.record.diagnostics { ctx.err(line) }
            ctx.out("\(hit.record.tasks) tasks: up to date (the Plan, native files and orchestrate of the last run); "
                + "\(hit.files) unchanged → \(out)\n")
            for line in hit.record.gaps { ctx.err(line) }
            return ExitCode.success
        }
        // The store is opened once, by whichever compile needs it first.
        var opened: StoreChain?
        func store() throws -> StoreChain {
            if let opened { return opened }
            let chain = try StoreOptions.chain(args, ctx, remote: remote)
            opened = chain
            return chain
        }
        let jobs = try args.value(jobs) ?? ProcessInfo.processInfo.activeProcessorCount
        let context = CompileMemo.fingerprint(source, context: try memoContext(args, ctx), planBytes: false)
        if eligible, case let .plan(file) = source, let context {
            let patched: EntityPatchCompile.Outcome?
            do {
                patched = try EntityPatchCompile.compile(file, out: ctx.path(out), context: context, store: store, jobs: jobs,
                                                         overwriteEdited: args.flag(force), state: state)
            } catch {
                if let opened { StoreOptions.report(opened, ctx) }
                throw error
            }
            if let patched {
                let r = patched.written
                StoreOptions.report(try store(), ctx)
                let record = patched.record
                ctx.out("\(patched.tasks) tasks: \(record.count(.rendered)) rendered, \(record.count(.local)) local, "
                    + "\(record.count(.seed)) seed, \(record.count(.remote)) remote (entity \(patched.entity)), "
                    + "\(patched.tasks - record.results.count) as the last run left them; " + written(r, out))
                if let line = StoreOptions.remoteSummary(try store()) { ctx.out(line) }
                warnKept(r, ctx)
                for line in patched.gaps { ctx.err(line) }
                if let fingerprint, let state = r.stateDigest, r.keptEdited.isEmpty, r.keptModified.isEmpty, r.stateProblem == nil {
                    let base = patched.packing.value.finished(state: state, recordedMs: CompileMemo.milliseconds(Date()))
                    _ = try? CompileMemo.record(.init(fingerprint: fingerprint, state: state, tasks: patched.tasks, diagnostics: [], gaps: patched.gaps),
                                                base: base, out: ctx.path(out), leftAs: r.stateFile)
                }
                return ExitCode.success
            }
        }
        state = nil
        let chain = try store()
        let showProgress = args.flag(progress) || ctx.stdoutIsTerminal
        let line = showProgress ? ProgressLine(ctx) : nil
        let options = CompileOptions(
            outDirectory: ctx.path(out),
            jobs: jobs,
            overwriteEdited: args.flag(force),
            progress: line.map { l in { @Sendable p in l.update(p) } },
            summaryName: try args.value(summary),
            attestation: try args.value(slsa).map { _ in builder(ctx.environment) })
        let result: CompileResult
        do {
            result = try Compilation.compile(source, options: options, store: chain)
        } catch {
            line?.finish()
            StoreOptions.report(chain, ctx)
            throw error
        }
        line?.finish()
        ctx.keepUntilExit(result)
        let diagnostics = result.tasks.report.diagnostics.map {
            "\($0.file):\($0.line):\($0.column): \($0.severity.rawValue)[\($0.code.rawValue)]: \($0.pointer): \($0.message)\n"
        }
        for line in diagnostics { ctx.err(line) }
        StoreOptions.report(chain, ctx)
        if let path = try args.value(summary), let bytes = result.summaryBytes {
            try UserFile.write(bytes, to: ctx.path(path), display: path, what: "summary")
        }
        guard let r = result.written, result.failures.isEmpty else { throw TaskError.runFailed(result.failures) }
        if let path = try args.value(slsa), let statement = result.statement {
            try UserFile.write(statement, to: ctx.path(path), display: path, what: "SLSA provenance")
        }
        let t = result.summary.totals
        if let problem = r.stateProblem {
            ctx.err("orchestrate: warning: \(out)/\(Materializer.stateFile) (what earlier runs wrote) \(describe(problem)); "
                + "this run went on as a first one: files earlier runs wrote that this Plan does not produce were left in place "
                + "(remove them by hand), and edits to generated files could not be told apart; a new record was written\n")
        }
        let kept = r.keptEdited.count + r.keptModified.count
        ctx.out("\(t.tasks) tasks: \(t.rendered) rendered, \(t.reusedLocal) local, \(t.reusedSeed) seed, \(t.reusedRemote) remote; "
            + written(r, out))
        if let line = StoreOptions.remoteSummary(chain) { ctx.out(line) }
        warnKept(r, ctx)
        let gaps = result.summary.gaps.map { "gap \($0.code.rawValue) at \($0.pointer): \($0.message)\n" }
        for line in gaps { ctx.err(line) }
        // A clean run is recorded for the next one (best effort: the run itself succeeded); one
        // with no diagnostics (their positions move with any edit) also leaves its base, for a
        // change of one entity.
        if let fingerprint, let state = r.stateDigest, kept == 0, r.stateProblem == nil {
            let base = diagnostics.isEmpty ? context.flatMap {
                EntityPatchCompile.record(of: result.tasks, source: source, tasks: t.tasks, gaps: gaps, context: $0, state: state)
            } : nil
            _ = try? CompileMemo.record(.init(fingerprint: fingerprint, state: state, tasks: t.tasks, diagnostics: diagnostics, gaps: gaps),
                                        base: base?.packed(), out: ctx.path(out), leftAs: r.stateFile)
        }
        return ExitCode.success
    }

    /// What a run wrote, as its line ends.
    static func written(_ r: MaterializeReport, _ out: String) -> String {
        let kept = r.keptEdited.count + r.keptModified.count
        return "\(r.written.count) written, \(r.unchanged) unchanged, \(r.modeChanged.count) mode changed, \(r.removed.count) removed"
            + (kept > 0 ? ", \(kept) kept (edited)" : "") + " → \(out)\n"
    }

    static func warnKept(_ r: MaterializeReport, _ ctx: Context) {
        for p in r.keptEdited { ctx.err("orchestrate: warning: \(p) was edited since orchestrate wrote it; kept (--force overwrites it)\n") }
        for p in r.overwrittenEdited { ctx.err("orchestrate: warning: \(p) was edited since orchestrate wrote it; overwritten (--force)\n") }
        for p in r.keptModified { ctx.err("orchestrate: warning: \(p) was produced by an earlier run and edited since; left in place\n") }
    }

    /// This run's compile memo fingerprint (the inputs and the tool, with the store and the remote:
    /// another store or remote is a full run, which fills it), and the memo's answer when it may
    /// give one: not with --full, --summary or --slsa, nor when the store is not a directory now
    /// (the full run makes it, or says what is wrong with it).
    /// `eligible`: whether the run may skip stages at all (the memo's conditions), which a
    /// change of one entity's fields also needs (`EntityPatchCompile`).
    static func memo(_ source: CompileSource, out: String, state: Preloaded<Materializer.Previous>?, _ args: Arguments, _ ctx: Context) throws
        -> (fingerprint: Digest?, hit: (record: CompileMemo.Record, files: Int)?, eligible: Bool) {
        let fingerprint = CompileMemo.fingerprint(source, context: try memoContext(args, ctx))
        var st = stat()
        guard let fingerprint, try skipsStages(args),
              stat(try StoreOptions.root(args, ctx), &st) == 0, st.st_mode & S_IFMT == S_IFDIR else { return (fingerprint, nil, false) }
        return (fingerprint, CompileMemo.hit(fingerprint, out: out, state: state), true)
    }

    /// Whether the run may skip stages at all by its options: not with --full, --summary or --slsa.
    static func skipsStages(_ args: Arguments) throws -> Bool {
        try !args.flag(full) && args.value(summary) == nil && args.value(slsa) == nil
    }

    /// The state of `--out` read on another thread (`Materializer.loadPrevious(digesting: true)`),
    /// when the run may skip stages: the memo's check and a change of one entity use it.
    static func earlyState(_ args: Arguments, _ ctx: Context) throws -> Preloaded<Materializer.Previous>? {
        guard try skipsStages(args), let out = try args.value(Self.out) else { return nil }
        let materializer = Materializer(root: ctx.path(out))
        return Preloaded { materializer.loadPrevious(digesting: true) }
    }

    /// The run's context in a memo's fingerprint: its store and remote (another store or remote
    /// is a full run, which fills it).
    static func memoContext(_ args: Arguments, _ ctx: Context) throws -> [String] {
        ["store " + (try StoreOptions.root(args, ctx)), "remote " + (args.value(StoreOptions.remote.declaration.name) ?? ""),
         args.flag(StoreOptions.remoteUpload) ? "uploads" : "no uploads"]
    }

    /// The builder an SLSA statement names: `$ORCHESTRATE_BUILDER_ID` (the platform that ran us,
    /// e.g. a CI workflow URI), else the CLI.
    static func builder(_ environment: [String: String]) -> SLSAProvenance.Builder {
        let id = environment["ORCHESTRATE_BUILDER_ID"].flatMap { $0.isEmpty ? nil : $0 } ?? SLSAProvenance.defaultBuilderID
        return SLSAProvenance.Builder(id: id, version: ["orchestrate": CLI.version])
    }

    static func describe(_ problem: MaterializeReport.StateProblem) -> String {
        switch problem {
        case let .unreadable(e): return "could not be read: \(String(cString: strerror(e))) (errno \(e))"
        case .notARegularFile: return "is not a regular file"
        case .malformed: return "is not a valid record (truncated or edited)"
        case let .unknownSchema(schema): return "has schema \"\(schema)\", which this orchestrate does not read"
        }
    }

}
