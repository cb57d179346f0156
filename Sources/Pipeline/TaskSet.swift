import Cache
import Lowerings
import Tasks

/// What the lower stage hands on: the tasks to run, the trees to compose from their outputs, and
/// what the summary reports beside them.
public struct TaskSet: Sendable {
    public var planDigest: Digest?
    public var tasks: [FileTask]
    /// The emitted trees, each composed on its pinned Core after the run. Empty (the demo set):
    /// the task outputs are the output as they are.
    public var trees: [PlatformLowering]
    /// The Plan's part of the summary before the run: each tree's status (`declined`, `omitted`,
    /// `emitted`), the gaps, the lowerings' diagnostics.
    public var report: PlanReport
    /// What the next compile needs of this Plan to lower one changed entity alone (`EntityBase`,
    /// packed: a few hundred bytes an entity and the canonical Plan); nil for the demo and for a
    /// Plan of `Compaction.threshold` tasks or more.
    public var base: [UInt8]?

    public init(planDigest: Digest?, tasks: [FileTask], trees: [PlatformLowering] = [], report: PlanReport = PlanReport()) {
        self.planDigest = planDigest
        self.tasks = tasks
        self.trees = trees
        self.report = report
    }

    /// What the report stage reads of the tasks once they ran: the dependencies of each task that
    /// has any, by id (the summary's edges; most tasks have none), and the pinned objects copied,
    /// by output path (the SLSA statement's dependencies). Kept when the tasks are let go
    /// (`releasingTasks`).
    public struct Outline: Sendable {
        public var dependencies: [String: [String: String]] = [:]
        public var pinned: [String: Digest] = [:]
    }

    /// The tasks' outline: computed from them, or as it was when they were let go.
    public var outline: Outline {
        if let released { return released }
        var o = Outline()
        o.dependencies = Dictionary(tasks.lazy.filter { !$0.dependencies.isEmpty }.map { ($0.id, $0.dependencies) },
                                    uniquingKeysWith: { a, _ in a })
        for t in tasks { if let object = t.pinnedOutput { o.pinned[t.path] = object } }
        return o
    }

    /// Set when the tasks were let go.
    private var released: Outline?

    /// The set without its tasks (here and in its trees), its outline kept: what composition,
    /// writing and the report read, after the run. A Plan's tasks hold their renderers and what
    /// those read (at 5,000 entities 45 MB); writing the tree is the compile's peak.
    public func releasingTasks() -> TaskSet {
        var light = TaskSet(planDigest: planDigest, tasks: [], trees: trees, report: report)
        light.base = base
        for i in light.trees.indices { light.trees[i].tasks = [] }
        light.released = outline
        return light
    }

    /// The trees' projections and the outline, packed (`BytePacker`), and the set without them,
    /// for `init(unpacking:into:)` to put back. A projection several trees share is packed once
    /// and read back as one value. For a set whose tasks were let go (`Compaction.compacted`).
    func packed() -> (shell: TaskSet, bytes: [UInt8]) {
        precondition(tasks.isEmpty, "a set's tasks cannot be packed")
        var seen: [Projection: Int] = [:]
        let outline = self.outline
        var bound = 20 + outline.pinned.reduce(0) { $0 + $1.key.utf8.count + 42 } + 10 * (report.loweredProjections?.count ?? 0)
        for t in trees { for (name, p) in t.projections { bound += name.utf8.count + 20 + p.packedSizeBound } }
        for (id, inputs) in outline.dependencies {
            bound += id.utf8.count + 10 + inputs.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 20 }
        }
        var out = BytePacker(capacity: bound)
        var shell = self
        shell.released = nil
        // A projection seen before is written as its number (plus one), a new one as 0 and itself.
        func projection(_ p: Projection) {
            if let n = seen[p] {
                out.count(n + 1)
            } else {
                out.count(0)
                seen[p] = seen.count
                p.pack(into: &out)
            }
        }
        out.count(trees.count)
        for i in trees.indices {
            shell.trees[i].projections = [:]
            out.count(trees[i].projections.count)
            for (name, p) in trees[i].projections {
                out.string(name)
                projection(p)
            }
        }
        out.count(outline.dependencies.count)
        for (id, inputs) in outline.dependencies {
            out.string(id)
            out.count(inputs.count)
            for (input, dependency) in inputs {
                out.string(input)
                out.string(dependency)
            }
        }
        out.count(outline.pinned.count)
        for (path, object) in outline.pinned {
            out.string(path)
            out.digest(object)
        }
        // The report keeps the projections of every lowering (a tree's, or one it did not emit).
        if let kept = report.loweredProjections {
            shell.report.loweredProjections = []
            out.count(kept.count)
            for p in kept { projection(p) }
        }
        return (shell, out.bytes)
    }

    /// `shell` with the projections and outline `packed` wrote.
    init(unpacking bytes: [UInt8], into shell: TaskSet) {
        self = shell
        var input = ByteUnpacker(bytes)
        var read: [Projection] = []
        func projection() -> Projection {
            let n = input.count()
            if n > 0 { return read[n - 1] }
            read.append(Projection(unpacking: &input))
            return read[read.count - 1]
        }
        precondition(input.count() == trees.count, "packed trees of another set")
        for i in trees.indices {
            let n = input.count()
            var projections: [String: Projection] = [:]
            projections.reserveCapacity(n)
            for _ in 0 ..< n {
                let name = input.string()
                projections[name] = projection()
            }
            trees[i].projections = projections
        }
        var outline = Outline()
        let dependents = input.count()
        outline.dependencies.reserveCapacity(dependents)
        for _ in 0 ..< dependents {
            let id = input.string()
            let n = input.count()
            var inputs: [String: String] = [:]
            inputs.reserveCapacity(n)
            for _ in 0 ..< n {
                let name = input.string()
                inputs[name] = input.string()
            }
            outline.dependencies[id] = inputs
        }
        let pinned = input.count()
        outline.pinned.reserveCapacity(pinned)
        for _ in 0 ..< pinned {
            let path = input.string()
            outline.pinned[path] = input.digest()
        }
        released = outline
        if report.loweredProjections != nil {
            report.loweredProjections = (0 ..< input.count()).map { _ in projection() }
        }
    }

    /// One task per seam of every lowering, and the GapSet; the emitted lowerings are the trees.
    public init(lowering loaded: LoadedPlan) {
        let lowerings = PlanLowering.lower(loaded)
        var report = PlanReport(lowerings)
        // The load's warnings (nothing hooked up, an unrouted screen, an ignored file) too.
        report.diagnostics = (loaded.warnings + lowerings.flatMap(\.diagnostics)).sorted().map(DiagnosticRecord.init)
        self.init(planDigest: loaded.digest, tasks: lowerings.flatMap(\.tasks) + [GapSetFile.task(report.gaps)],
                  trees: lowerings.filter { $0.status == .emitted }, report: report)
        // Not for a Plan whose compile compacts (`Compaction`): its memory bound has no room for it.
        base = tasks.count < Compaction.threshold ? EntityBase(loaded)?.packed() : nil
    }
}
