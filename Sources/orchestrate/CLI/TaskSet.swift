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
    /// Builds the output tree from the run (composition on the Cores); nil = the task outputs as they are.
    public var assemble: (@Sendable (RunRecord, (Digest) -> [UInt8]?) throws -> Assembly)?

    public init(planDigest: Digest?, tasks: [FileTask], platforms: [String: RunSummary.Platform] = [:],
                gaps: [RunSummary.Gap] = [], diagnostics: [RunSummary.Diagnostic] = []) {
        self.planDigest = planDigest
        self.tasks = tasks
        self.platforms = platforms
        self.gaps = gaps
        self.diagnostics = diagnostics
    }
}

/// The files a run leaves in the output directory, beyond the task outputs' own bytes.
public struct Assembly: Sendable {
    public var files: [TreeFile] = []
    /// Bytes of files that are not task outputs (Core files, provenance).
    public var bytes: [Digest: [UInt8]] = [:]
    public var nativeInputDigests: [String: Digest] = [:]
    public var fileCounts: [String: Int] = [:]

    public init() {}
}
