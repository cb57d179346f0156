/// What a compile starts from: a Plan, or the built-in synthetic task set (`--demo N`).
public enum CompileSource: Sendable {
    case plan(PlanFile)
    /// `count` tasks; `variant` changes every 100th task's content (for incremental demos).
    case demo(count: Int, variant: Int)
}
