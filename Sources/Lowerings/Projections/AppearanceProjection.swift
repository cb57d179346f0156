/// Theme and colors after the color rules: omitted theme = light; a scalar color expands to both
/// modes; an omitted accent stays absent (an empty named color); an omitted background is white
/// (light) and black (dark).
public struct AppearanceProjection: Hashable, Sendable {
    public let theme: Theme
    public let accent: Color?
    public let background: Color
    public let projection: Projection
    /// Separate projections so that an accent change moves only accent seams.
    public let themeProjection: Projection
    public let accentProjection: Projection
    public let backgroundProjection: Projection

    public init(plan: Plan) {
        let a = plan.application.appearance
        theme = a?.effectiveTheme ?? .light
        accent = a?.accent
        background = a?.background ?? .pair(light: RGBColor(red: 255, green: 255, blue: 255), dark: RGBColor(red: 0, green: 0, blue: 0))
        let base = "/application/appearance"
        func colorValue(_ c: Color?) -> ProjectionValue {
            guard let c else { return .null }
            return .object(["light": .string(c.light.hex), "dark": .string(c.dark.hex)])
        }
        themeProjection = Projection(name: "theme", fields: ["theme": .string(theme.rawValue)], sources: ["theme": [base + "/theme"]])
        accentProjection = Projection(name: "accent", fields: ["accent": colorValue(accent)], sources: ["accent": [base + "/accent"]])
        backgroundProjection = Projection(name: "background", fields: ["background": colorValue(background)], sources: ["background": [base + "/background"]])
        projection = Projection(name: "appearance", fields: [
            "theme": .string(theme.rawValue), "accent": colorValue(accent), "background": colorValue(background),
        ], sources: ["theme": [base + "/theme"], "accent": [base + "/accent"], "background": [base + "/background"]])
    }
}
