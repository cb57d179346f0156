/// What `PlanLoader.load` returns: a loaded Plan, or every diagnostic sorted by position.
public enum PlanLoadResult: Hashable, Sendable {
    case loaded(LoadedPlan)
    case failed([Diagnostic])

    public var loadedPlan: LoadedPlan? {
        if case .loaded(let loaded) = self { return loaded }
        return nil
    }

    /// The errors of a failed load, or the warnings of a successful one; sorted.
    public var diagnostics: [Diagnostic] {
        switch self {
        case .loaded(let loaded): return loaded.warnings
        case .failed(let diagnostics): return diagnostics
        }
    }
}
