/// `/entities/<n>/index`: whether the entity's index is admitted to navigation.
public enum EntityIndex: String, Hashable, Sendable, CaseIterable {
    case `public`
    /// Admitted, behind sign-in; needs an account.
    case protected
    case none

    public var isInNavigation: Bool { self != .none }
}
