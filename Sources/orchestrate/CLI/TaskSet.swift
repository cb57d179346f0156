import Cache
import Tasks

/// What a compile runs: the tasks and what the summary reports beside them.
public struct TaskSet: Sendable {
    public var planDigest: Digest?
    public var tasks: [FileTask]
    /// Platforms and their status before the run (`declined`, `omitted`, `emitted`).
    public var platforms: [String: RunSummary.Platform]
    public var gaps: [RunSummary.Gap]
    public var diagnostics: [RunSummary.Diagnostic]

    public init(planDigest: Digest?, tasks: [FileTask], platforms: [String: RunSummary.Platform] = [:],
                gaps: [RunSummary.Gap] = [], diagnostics: [RunSummary.Diagnostic] = []) {
        self.planDigest = planDigest
        self.tasks = tasks
        self.platforms = platforms
        self.gaps = gaps
        self.diagnostics = diagnostics
    }
}
