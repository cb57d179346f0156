/// What the Kotlin `ApplicationDefinition` is lowered from, and whose digest the APK records
/// (manifest placeholder and `BuildConfig.PROJECTION_DIGEST`): the identity projection's fields
/// without the domain. The domain reaches the APK only through `application.properties`, so a new
/// domain rewrites no Kotlin source; an accent or a navigation change leaves this digest alone.
public struct AndroidDefinition: Hashable, Sendable {
    public let projectID: String
    public let release: String
    public let key: String
    public let name: String
    /// As authored (`toggle` stays `toggle`); `interfaceTheme` lowers it.
    public let theme: Theme

    public init(plan: Plan, release: String) {
        projectID = plan.projectID
        self.release = release
        key = plan.application.key
        name = plan.application.name
        theme = plan.application.appearance?.effectiveTheme ?? .light
    }

    public var projection: Projection {
        Projection(name: "android_definition", fields: [
            "project_id": .string(projectID), "release": .string(release), "key": .string(key),
            "name": .string(name), "theme": .string(theme.rawValue),
        ], sources: [
            "project_id": ["/project_id"], "key": ["/application/key"], "name": ["/application/name"],
            "theme": ["/application/appearance/theme"],
        ])
    }

    /// The Core `InterfaceTheme` case: light and dark fix the appearance; auto and the toggle
    /// residual follow the system.
    public var interfaceTheme: String {
        switch theme {
        case .light: return "LIGHT"
        case .dark: return "DARK"
        case .auto, .toggle: return "AUTOMATIC"
        }
    }
}
