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
