import Cache
import Lowerings
import Tasks

/// What a compile runs: the tasks and what the summary reports beside them.
public struct TaskSet: Sendable {
    public var planDigest: Digest?
    public var tasks: [FileTask]
    /// The Plan's part of the summary before the run: trees and their status, gaps, diagnostics.
    public var report: PlanReport
    /// Builds the output tree from the run (composition on the Cores); nil = the task outputs as they are.
    public var assemble: (@Sendable (RunRecord, (Digest) -> [UInt8]?) throws -> Assembly)?

    public init(planDigest: Digest?, tasks: [FileTask], report: PlanReport = PlanReport()) {
        self.planDigest = planDigest
        self.tasks = tasks
        self.report = report
    }
}

/// The files a run leaves in the output directory, beyond the task outputs' own bytes.
public struct Assembly: Sendable {
    public var files: [TreeFile] = []
    /// Bytes of files that are not task outputs (Core files, provenance).
    public var bytes: [Digest: [UInt8]] = [:]
    public var nativeInputDigests: [Platform: Digest] = [:]
    public var fileCounts: [Platform: Int] = [:]

    public init() {}
}
