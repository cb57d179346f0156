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
        for i in light.trees.indices { light.trees[i].tasks = [] }
        light.released = outline
        return light
    }

    /// One task per seam of every lowering, and the GapSet; the emitted lowerings are the trees.
    public init(lowering loaded: LoadedPlan) {
        let lowerings = PlanLowering.lower(loaded)
        var report = PlanReport(lowerings)
        // The load's warnings (nothing hooked up, an unrouted screen, an ignored file) too.
        report.diagnostics = (loaded.warnings + lowerings.flatMap(\.diagnostics)).sorted().map(DiagnosticRecord.init)
        self.init(planDigest: loaded.digest, tasks: lowerings.flatMap(\.tasks) + [GapSetFile.task(report.gaps)],
                  trees: lowerings.filter { $0.status == .emitted }, report: report)
    }
}
