import Cache
import Foundation
import Lowerings
import Tasks

/// A compile, stage by stage. Each stage is one function whose typed result the next one takes:
///
/// | stage | in | out |
/// | --- | --- | --- |
/// | `load` | `PlanFile` (bytes, name) | `LoadedPlan` (canonical bytes, digest); `PipelineError.invalidPlan` with every diagnostic |
/// | `lower` | `LoadedPlan` | `TaskSet`: one file task per seam, the trees to compose, gaps, diagnostics |
/// | `execute` | `TaskSet`, a `CompileStore` | `ExecutedRun`: keys looked up, misses rendered and stored |
/// | `compose` | `ExecutedRun`, `TaskSet`, `CoreTrees` | `ComposedOutput`: each tree on its pinned Core, provenance, native input digests |
/// | `materialize` | `ComposedOutput` | `MaterializeReport`: only changed files written into the output directory |
/// | `report` | all of the above | `CompileResult`: the run summary (and its bytes), the SLSA statement |
///
/// `compile` runs the six in that order against a store chain; `audit --plan` loads and lowers,
/// then `rederive` runs execute and compose against a store that lives in memory. The disk, the store and the clock
/// enter here and in the stages' own types, never in the lowerings.
public enum Compilation {
    // MARK: 1. load

    /// Reads a Plan and its native directory (positioned diagnostics, all at once). The one place
    /// the app's native files are read: renderers get their bytes as values.
    public static func load(_ plan: PlanFile) throws -> LoadedPlan {
        let native = try plan.nativeSources ?? plan.native.map(NativeSourceReader.read) ?? .none
        switch PlanLoader.load(bytes: plan.bytes, file: plan.name, native: native) {
        case .failed(let diagnostics): throw PipelineError.invalidPlan(file: plan.name, diagnostics: diagnostics)
        case .loaded(let loaded): return loaded
        }
    }

    // MARK: 2. lower

    /// Lowers every tree of a loaded Plan into file tasks (pure).
    public static func lower(_ plan: LoadedPlan) -> TaskSet { TaskSet(lowering: plan) }

    /// `load` then `lower` for a Plan; the synthetic task set for a demo.
    public static func tasks(for source: CompileSource) throws -> TaskSet {
        switch source {
        case let .plan(file): return lower(try load(file))
        case let .demo(count, variant): return DemoTaskSet.make(count: count, variant: variant)
        }
    }

    /// `graph`: the task DAG of a source, with the keys of the tasks that depend on no other
    /// (a dependent key needs its dependency's rendered output).
    public static func graph(for source: CompileSource) throws -> (graph: TaskGraph, keys: [String: Digest]) {
        let graph = try TaskGraph(try tasks(for: source).tasks)
        var keys: [String: Digest] = [:]
        for t in graph.tasks where t.dependencies.isEmpty {
            keys[t.id] = TaskKey(task: t, dependencyDigests: [:]).digest
        }
        return (graph, keys)
    }

    // MARK: 3. execute

    /// Runs the tasks through `store`: every key looked up first, only misses rendered, `jobs` at
    /// once. Failed tasks are in the run's `failures`; the run itself does not throw for them.
    /// With `lowerAgain`, the run holds no reference to the set's tasks: an object that has to be
    /// rendered again comes from the tasks `lowerAgain` gives (the same Plan lowered again), so
    /// the caller can let the set's tasks go (`TaskSet.releasingTasks`). The run keeps up to
    /// `keepRenderedBytes` of what it rendered for composition and the writer.
    public static func execute(_ set: TaskSet, store: any CompileStore, jobs: Int,
                               progress: (@Sendable (ExecutorProgress) -> Void)? = nil,
                               lowerAgain: (@Sendable () throws -> [FileTask])? = nil,
                               keepRenderedBytes: Int = Executor.defaultKeepRenderedBytes) throws -> ExecutedRun {
        let viewOptIns = RenderedViewOptIns()
        let record = Executor(cache: store, jobs: jobs, runDigest: set.planDigest, keepRenderedBytes: keepRenderedBytes, progress: progress,
                              observeRendered: { viewOptIns.observe($0, $1, $2) })
            .run(try TaskGraph(set.tasks))
        let tasks = set.tasks
        return ExecutedRun(record: record, outputs: outputBytes(record, store: store, tasks: lowerAgain ?? { tasks }), viewOptIns: viewOptIns)
    }

    /// The outputs of `record`: a hit whose object vanished since the lookup (a `store gc`
    /// beside this run) is rendered again by `tasks` rather than failing the run, and kept.
    static func outputBytes(_ record: RunRecord, store: any CompileStore, tasks: @escaping () throws -> [FileTask]) -> OutputBytes {
        OutputBytes(tasks: tasks, record: record, load: { store.object($0)?.bytes }, keep: { store.keep($0) })
    }

    // MARK: 4. compose

    /// Composes every tree of `set` on its pinned Core from the run's outputs. A set without
    /// trees (the demo) is its task outputs as they are. Provenance documents are hashed as they
    /// are encoded and kept only up to `Composition.keepProvenanceBytes` (a larger one the
    /// materializer encodes again, in pieces, only where it must write it). With a `memo`, a
    /// document the memo knows by key is not encoded at all, and one it does not know is recorded
    /// there.
    public static func compose(_ run: ExecutedRun, of set: TaskSet, cores: CoreTrees,
                               memo: (any CompileStore)? = nil) throws -> ComposedOutput {
        guard !set.trees.isEmpty else { return ComposedOutput(taskOutputs: run.record) }
        guard let planDigest = set.planDigest else { preconditionFailure("trees come from a Plan") }
        var output = ComposedOutput()
        var sizes: [Digest: UInt64] = Dictionary(minimumCapacity: run.record.results.count)
        for r in run.record.results { if let d = r.output { sizes[d] = r.size } }
        let foreign = set.trees.map(\.mount).filter { !$0.isEmpty }
        for lowering in set.trees {
            let pin = CorePins.pin(for: lowering.platform)
            let core = try cores.tree(pin)
            sizes.merge(core.sizes) { a, _ in a }
            let outputs = try run.record.results.filter { $0.platform == lowering.platform.rawValue }.map {
                try SeamOutput($0, platform: lowering.platform)
            }
            let composition = try Composer.compose(
                .init(pin: pin, planDigest: planDigest, projectionDigest: lowering.definitionDigest,
                      release: lowering.release, foreignRoots: lowering.mount.isEmpty ? foreign : [],
                      projections: lowering.projections),
                core: core.files, outputs: outputs,
                known: memo.map { m in { key in m.derived(key).map { ProvenanceFacts(digest: $0.digest, size: Int($0.size)) } } })
            for f in composition.files {
                output.files.append(TreeFile(path: mounted(pin.mount, f.path), digest: f.digest, mode: f.mode,
                                             size: sizes[f.digest] ?? 0))
            }
            if !composition.provenanceFromMemo {
                memo?.recordDerived(composition.provenanceKey, digest: composition.provenanceDigest, size: UInt64(composition.provenanceSize))
            }
            output.files.append(TreeFile(path: composition.provenancePath, digest: composition.provenanceDigest, mode: .regular,
                                         size: UInt64(composition.provenanceSize)))
            output.trees.append(.init(composition: composition, release: lowering.release))
        }
        try checkBridgeNames(output, of: set, run: run, cores: cores, memo: memo)
        return output
    }

    /// What the memo records for a bridge check key that passed (`BuiltInBridgeCheck.key`).
    static let bridgeCheckPassed = Digest.of(Array("orchestrate.bridge-check.passed".utf8))

    /// The built-in bridge components' pieces share their names across the composed trees
    /// (`BuiltInBridgeCheck`); the first mismatch is a composition error. With a `memo`, a key
    /// that passed before (the same components, platforms and composed trees, byte for byte) is
    /// not checked again, and one that passes now is recorded.
    static func checkBridgeNames(_ output: ComposedOutput, of set: TaskSet, run: ExecutedRun, cores: CoreTrees,
                                 memo: (any CompileStore)? = nil) throws {
        guard let rails = set.trees.first(where: { $0.platform == .rails }) else { return }
        let components = BridgeProjection.components(in: rails.projections)
        let platforms = Set(set.trees.map(\.platform))
        let key = BuiltInBridgeCheck.key(components, platforms: platforms, trees: output.trees.map {
            ($0.composition.platform, $0.composition.mount, $0.composition.nativeInputDigest)
        })
        if let memo, memo.derived(key)?.digest == bridgeCheckPassed { return }
        var digests: [String: Digest] = [:]
        for f in output.files { digests[f.path] = f.digest }
        let paths = output.files.map(\.path)
        // Views that passed with the same controllers are not read again (a Rails-only change
        // scans the views it changed).
        let viewsKey = BuiltInBridgeCheck.viewsKey(identifiers: BuiltInBridgeCheck.controllerIdentifiers(paths))
        let passedViews = memo.map { passedViewDigests(viewsKey, memo: $0) } ?? []
        // Views this run rendered are not read back either: their opt-ins were taken as they rendered.
        let mismatches = try BuiltInBridgeCheck.check(components, platforms: platforms, paths: paths,
                                                      skipView: { digests[$0].map(passedViews.contains) ?? false },
                                                      knownOptIns: { digests[$0].flatMap(run.viewOptIns.optIns) }) { path in
            guard let d = digests[path] else { return nil }
            return try run.outputs.bytes(d) ?? cores.bytes(d)
        }
        if let first = mismatches.first { throw CompositionError.bridgeNameMismatch(first) }
        guard let memo else { return }
        memo.recordDerived(key, digest: bridgeCheckPassed, size: 0)
        let views = Set(paths.filter(BuiltInBridgeCheck.isView).compactMap { digests[$0] })
        if views != passedViews {
            let list = BridgeViewList.encode(views)
            memo.keep(list)
            memo.recordDerived(viewsKey, digest: Digest.of(list), size: UInt64(list.count))
        }
    }

    /// The view digests the memo says passed under `viewsKey`: its list object, read back and
    /// checked against the digest the memo names; empty when either is missing or wrong.
    static func passedViewDigests(_ viewsKey: Digest, memo: any CompileStore) -> Set<Digest> {
        guard let row = memo.derived(viewsKey), let bytes = memo.object(row.digest)?.bytes,
              Digest.of(bytes) == row.digest, let views = BridgeViewList.decode(bytes) else { return [] }
        return views
    }

    // MARK: 5. materialize

    /// Writes the output into `materializer`'s root: only files whose bytes or mode changed.
    /// Bytes come from the composition (provenance, written in pieces), the run (task outputs,
    /// rendered again when gone) or the Cores (inflated again when gone).
    public static func materialize(_ output: ComposedOutput, run: ExecutedRun, cores: CoreTrees, into materializer: Materializer,
                                   previous: Materializer.Previous? = nil) throws -> MaterializeReport {
        try materializer.apply(output.files, previous: previous) { digest in
            if let document = output.provenanceContent(digest) { return document }
            if let b = try run.outputs.bytes(digest) ?? cores.bytes(digest) { return .bytes(b) }
            throw CacheError.missingObject(digest: digest)
        }
    }

    // MARK: 6. report

    /// The run summary of a run (failed ones included: then without composition or writes), its
    /// bytes when `options` name where it is written, and the SLSA statement when they ask for one.
    /// The summary lists every task only when it or the statement is written (else its `tasks` is
    /// empty; the totals are always counted).
    public static func report(_ source: CompileSource?, _ set: TaskSet, _ run: ExecutedRun, composed: ComposedOutput?,
                              written: MaterializeReport?, options: CompileOptions, started: Date, elapsedMs: Int64) throws -> CompileResult {
        var plan = set.report
        plan.count(run.record)
        for tree in composed?.trees ?? [] {
            plan.platforms[tree.composition.platform]?.nativeInputDigest = tree.composition.nativeInputDigest
            plan.platforms[tree.composition.platform]?.files = tree.composition.files.count
        }
        // The per-task list only where it is written: the summary, or the statement's counts.
        let listing = options.summaryName != nil || options.attestation != nil
        var summary = CompileSummary(run: RunSummary(planDigest: set.planDigest, durationMs: elapsedMs, record: run.record,
                                                     dependencies: listing ? set.outline.dependencies : [:], listingTasks: listing),
                                     plan: plan)
        if let written {
            summary.run.kept = (written.keptEdited.map { RunSummary.KeptFile(path: $0, reason: .edited) }
                + written.keptModified.map { RunSummary.KeptFile(path: $0, reason: .editedNoLongerProduced) })
                .sorted { $0.path < $1.path }
        }
        // Encoded only when it is written (10,000 tasks take a while to encode).
        let summaryBytes = try options.summaryName.map { _ in try summary.encoded() }
        var statement: [UInt8]?
        if let builder = options.attestation, let composed {
            let slsa = SLSAProvenance.Run(source: source, set: set, summary: summary, composed: composed,
                                          summaryName: options.summaryName, summaryDigest: summaryBytes.map { Digest.of($0) },
                                          builder: builder, started: started, finished: Date())
            statement = try StableJSON.encode(SLSAProvenance.statement(slsa))
        }
        return CompileResult(tasks: set, summary: summary, summaryBytes: summaryBytes, written: written,
                             failures: run.failures, statement: statement)
    }

    // MARK: All six

    /// Compiles `source` into `options.outDirectory` through `store`. A run with failed tasks
    /// returns its result (summary, `failures`) having written nothing.
    /// Once the tasks have run, they are let go before the trees are composed and written
    /// (`TaskSet.releasingTasks`; the result's set has none): a Plan's tasks hold their renderers
    /// and what those read, and composing and writing are the compile's peak. An object that
    /// vanished from the store by then is rendered by the Plan's tasks lowered again from `source`.
    public static func compile(_ source: CompileSource, options: CompileOptions, store: any CompileStore) throws -> CompileResult {
        try compile(try tasks(for: source), from: source, options: options, store: store, lowerAgain: { try tasks(for: source).tasks })
    }

    /// `compile` of a task set already lowered; `source` (what it was lowered from) only goes into
    /// the SLSA statement. The result's set keeps its tasks.
    public static func compile(_ set: TaskSet, from source: CompileSource?, options: CompileOptions,
                               store: any CompileStore) throws -> CompileResult {
        try compile(set, from: source, options: options, store: store, lowerAgain: nil)
    }

    /// With `lowerAgain` (the set's tasks, lowered again), the set's tasks are let go once they
    /// have run.
    static func compile(_ set: consuming TaskSet, from source: CompileSource?, options: CompileOptions,
                        store: any CompileStore, lowerAgain: (@Sendable () throws -> [FileTask])?,
                        compactFrom: Int = Compaction.threshold) throws -> CompileResult {
        let started = Date()
        let start = DispatchTime.now().uptimeNanoseconds
        func elapsed() -> Int64 { Int64((DispatchTime.now().uptimeNanoseconds - start) / 1_000_000) }
        let materializer = Materializer(root: options.outDirectory, overwriteEdited: options.overwriteEdited)
        let tasks = set.tasks.count
        // A large run whose tasks are let go keeps nothing it rendered (the run is its peak) and
        // moves what outlives the tasks afterwards (`Compaction`); the output tree's state is read
        // after that, not held through the run. Else the state is read while the executor runs.
        let compacting = lowerAgain != nil && tasks >= compactFrom
        let early = compacting ? nil : Preloaded<Materializer.Previous> { materializer.loadPrevious() }
        // Between stages of a large run, the pages of what the last one freed go back (`FreedMemory`).
        FreedMemory.release(tasks: tasks)
        var run = try execute(set, store: store, jobs: options.jobs, progress: options.progress, lowerAgain: lowerAgain,
                              keepRenderedBytes: compacting ? 0 : Executor.defaultKeepRenderedBytes)
        guard run.failures.isEmpty else {
            return try report(source, set, run, composed: nil, written: nil, options: options, started: started, elapsedMs: elapsed())
        }
        // Composition reads the trees' projections and the run, not the tasks. A run that does not
        // compact has them freed on another thread, beside composition (7 ms of a 1,000-entity
        // change went to freeing them here; kept to the end instead, they added 18 MB to the peak
        // of an 1,850-entity cold compile).
        if let lowerAgain {
            var held: TaskSet?
            if !compacting { held = set }
            set = set.releasingTasks()
            if let lowered = held.take() {
                let dropped = Dropped(lowered)
                DispatchQueue.global().async { dropped.drop() }
            }
            if compacting {
                FreedMemory.release(tasks: tasks)
                (set, run) = Compaction.compacted(consume set, consume run, tasks: tasks) { outputBytes($0, store: store, tasks: lowerAgain) }
            }
        }
        // The tree is probed against the state on another core while this one composes (a small
        // tree's state, read beside the run: `Materializer.probingAhead`).
        let previous = early.map { read in Preloaded<Materializer.Previous> { materializer.probingAhead(read.value) } }
            ?? Preloaded<Materializer.Previous> { materializer.loadPrevious() }
        FreedMemory.release(tasks: tasks)
        let cores = CoreTrees(store: store)
        let composed = try compose(run, of: set, cores: cores, memo: store)
        FreedMemory.release(tasks: tasks)
        let written = try materialize(composed, run: run, cores: cores, into: materializer, previous: previous.value)
        var result = try report(source, set, run, composed: composed, written: written, options: options, started: started, elapsedMs: elapsed())
        // Nothing that holds the store: a store chain writes its pending entries when it goes.
        result.intermediates = [run.record, run.viewOptIns, composed, previous]
        return result
    }

    /// The output a task set compiles to, derived in memory (`audit --plan`): the same stages as
    /// `compile` from execute to compose, against `store` (a `MemoryTaskCache` that starts empty, so
    /// every task renders; pinned objects come from its seed). Throws `TaskError.runFailed` when a
    /// task fails.
    public static func rederive(_ set: TaskSet, store: MemoryTaskCache, cores: CoreTrees? = nil,
                                jobs: Int = ProcessInfo.processInfo.activeProcessorCount) throws -> ComposedOutput {
        let run = try execute(set, store: store, jobs: jobs)
        guard run.failures.isEmpty else { throw TaskError.runFailed(run.failures) }
        return try compose(run, of: set, cores: cores ?? CoreTrees(store: store))
    }
}

/// The store object listing the view digests that passed the bridge opt-in rule: a header line,
/// then the digests, sorted, 32 bytes each.
enum BridgeViewList {
    static let header = Array("orchestrate.bridge-views/1\n".utf8)

    static func encode(_ views: Set<Digest>) -> [UInt8] {
        var out = header
        out.reserveCapacity(header.count + views.count * 32)
        for d in views.sorted() { d.withUnsafeBytes { out.append(contentsOf: $0) } }
        return out
    }

    static func decode(_ bytes: [UInt8]) -> Set<Digest>? {
        guard bytes.starts(with: header), (bytes.count - header.count) % 32 == 0 else { return nil }
        var views: Set<Digest> = []
        var i = header.count
        while i < bytes.count {
            views.insert(bytes[i ..< i + 32].withUnsafeBytes { Digest(raw: $0) })
            i += 32
        }
        return views
    }
}

/// A value whose last reference is let go by `drop`, on whichever thread calls it.
private final class Dropped<T>: @unchecked Sendable {
    private var value: T?

    init(_ value: T) { self.value = value }

    func drop() { value = nil }
}
