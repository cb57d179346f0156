import Tasks

/// What the report stage hands back: everything a caller prints or writes about a compile.
public struct CompileResult: Sendable {
    /// The tasks and the facts of lowering (diagnostics, gaps).
    public var tasks: TaskSet
    /// The run's part (tasks, totals, kept files) and the Plan's (trees, gaps, diagnostics). The
    /// run's `tasks` are listed when the options ask for the summary or a statement, else empty.
    public var summary: CompileSummary
    /// The summary as it is to be written (`orchestrate.summary/1`), when the options named where
    /// (`summaryName`).
    public var summaryBytes: [UInt8]?
    /// What was written; nil when tasks failed (then nothing was).
    public var written: MaterializeReport?
    public var failures: [TaskError]
    /// The in-toto statement (SLSA Provenance v1), when asked for and the run succeeded.
    public var statement: [UInt8]?
    /// What the stages made on the way (the run record, the composed trees, the output tree's
    /// state as the run found it): nothing reads it, and nothing in it holds the store. Held here so that a caller about to exit can keep it
    /// to the end (`Context.keepUntilExit`) instead of freeing tens of thousands of objects one
    /// by one as the compile returns (about 6 ms of a 1,000-entity change).
    public var intermediates: [any Sendable] = []
}
