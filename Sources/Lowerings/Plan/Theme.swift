/// `/application/appearance/theme`.
public enum Theme: String, Hashable, Sendable, CaseIterable {
    case light
    case dark
    case auto
    case toggle
}
