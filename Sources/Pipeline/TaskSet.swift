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
    /// Platforms and their status before the run (`declined`, `omitted`, `emitted`).
    public var platforms: [String: RunSummary.Platform]
    public var gaps: [RunSummary.Gap]
    public var diagnostics: [RunSummary.Diagnostic]

    public init(planDigest: Digest?, tasks: [FileTask], trees: [PlatformLowering] = [], platforms: [String: RunSummary.Platform] = [:],
                gaps: [RunSummary.Gap] = [], diagnostics: [RunSummary.Diagnostic] = []) {
        self.planDigest = planDigest
        self.tasks = tasks
        self.trees = trees
        self.platforms = platforms
        self.gaps = gaps
        self.diagnostics = diagnostics
    }

    /// One task per seam of every lowering, and the GapSet; the emitted lowerings are the trees.
    public init(lowering loaded: LoadedPlan) {
        let lowerings = PlanLowering.lower(loaded)
        let gaps = GapSetFile.sorted(lowerings.flatMap(\.gaps))
        var tasks = lowerings.flatMap(\.tasks)
        tasks.append(GapSetFile.task(gaps))
        var platforms: [String: RunSummary.Platform] = [:]
        for l in lowerings { platforms[l.platform] = RunSummary.Platform(status: l.status.rawValue) }
        let diagnostics = lowerings.flatMap(\.diagnostics).sorted().map {
            RunSummary.Diagnostic(file: $0.file, line: $0.line, column: $0.column, pointer: $0.pointer.description,
                                  code: $0.code.rawValue, severity: $0.severity.rawValue, message: $0.message)
        }
        self.init(planDigest: loaded.digest, tasks: tasks, trees: lowerings.filter { $0.status == .emitted },
                  platforms: platforms, gaps: gaps, diagnostics: diagnostics)
    }
}
