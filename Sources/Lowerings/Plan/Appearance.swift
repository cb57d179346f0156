/// `/application/appearance`. Omitted members stay nil: the authored Plan is kept as written and
/// lowerings apply the defaults (`effectiveTheme`, empty accent, white/black background).
public struct Appearance: Hashable, Sendable {
    public var theme: Theme?
    public var accent: Color?
    public var background: Color?

    public init(theme: Theme? = nil, accent: Color? = nil, background: Color? = nil) {
        self.theme = theme
        self.accent = accent
        self.background = background
    }

    /// Omitted theme selects light.
    public var effectiveTheme: Theme { theme ?? .light }
}
