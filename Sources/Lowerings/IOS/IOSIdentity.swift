import Hashing

/// Everything the identity seams read (xcconfig, application definition, the generated unit
/// tests), as one projection named `ios_identity`. It is derived from the shared `identity`
/// projection's values (key, name, domain, theme, project id, release) plus the Plan format, and
/// records that projection's digest: the digest the native definition carries (DESIGN.md, "One
/// departure from 000"). Colors and navigation are not in it.
public struct IOSIdentity: Hashable, Sendable {
    /// The compilation target and naming profile the definition records.
    public static let target = "rails"
    public static let profile = "foundation-plan-rails"

    public let bundle: BundleIdentity
    public let displayName: String
    /// `UserAgentPrefix` of the display name (the key's when the name has no ASCII letter or digit).
    public var userAgentPrefix: String { UserAgentPrefix.make(name: displayName, key: bundle.keyComponent) }
    /// `displayName`, `bundle.origin` and `bundle.bundleIdentifier` through `XcconfigEncoder`.
    public let encodedDisplayName: String
    public let encodedOrigin: String
    public let encodedBundleIdentifier: String
    public let theme: NativeTheme
    public let projectID: String
    /// The Plan format version (`plan_format`).
    public let graphVersion: Int
    public let release: String
    /// Hex digest of the shared `identity` projection.
    public let identityDigest: String
    public let projection: Projection

    /// The identity, or every reason it cannot be lowered (key, domain, display name).
    public static func lower(plan: Plan, identity: IdentityProjection, release: String) -> (identity: IOSIdentity?, problems: [IOSProblem]) {
        let app = plan.application
        var (bundle, problems) = BundleIdentity.derive(key: app.key, domain: app.domain)
        var encodedName: String?
        switch XcconfigEncoder.encode(app.name) {
        case .success(let encoded): encodedName = encoded
        case .failure(.lineBreak):
            problems.append(IOSProblem(.iosDisplayNameLineBreak, at: "/application/name",
                                       "the name contains a line break, which no Xcode configuration value can hold; use one line"))
        case .failure(.trailingBackslash):
            problems.append(IOSProblem(.iosDisplayNameTrailingBackslash, at: "/application/name",
                                       "the name ends in a backslash, which Xcode reads as a line continuation; remove it or add a character after it"))
        }
        guard let bundle, let encodedName, problems.isEmpty else { return (nil, problems) }
        return (IOSIdentity(bundle: bundle, displayName: app.name, encodedDisplayName: encodedName,
                            theme: NativeTheme(app.appearance?.effectiveTheme ?? .light), projectID: plan.projectID,
                            graphVersion: plan.format, release: release, identityDigest: identity.digest.hex), [])
    }

    init(bundle: BundleIdentity, displayName: String, encodedDisplayName: String, theme: NativeTheme,
         projectID: String, graphVersion: Int, release: String, identityDigest: String) {
        self.bundle = bundle
        self.displayName = displayName
        self.encodedDisplayName = encodedDisplayName
        // Origins and bundle ids are ASCII on one line: encoding cannot fail.
        self.encodedOrigin = (try? XcconfigEncoder.encode(bundle.origin).get()) ?? bundle.origin
        self.encodedBundleIdentifier = (try? XcconfigEncoder.encode(bundle.bundleIdentifier).get()) ?? bundle.bundleIdentifier
        self.theme = theme
        self.projectID = projectID
        self.graphVersion = graphVersion
        self.release = release
        self.identityDigest = identityDigest
        let identitySources = ["/application/key", "/application/name", "/application/domain",
                               "/application/appearance/theme", "/project_id"]
        projection = Projection(name: "ios_identity", fields: [
            "key_component": .string(bundle.keyComponent),
            "bundle_identifier": .string(bundle.bundleIdentifier),
            "origin": .string(bundle.origin),
            "placeholder": .bool(bundle.isPlaceholder),
            "display_name": .string(displayName),
            "theme": .string(theme.rawValue),
            "project_id": .string(projectID),
            "graph_version": .int(graphVersion),
            "target": .string(IOSIdentity.target),
            "profile": .string(IOSIdentity.profile),
            "release": .string(release),
            "identity_digest": .string(identityDigest),
        ], sources: [
            "key_component": ["/application/key"],
            "bundle_identifier": ["/application/key", "/application/domain"],
            "origin": ["/application/key", "/application/domain"],
            "placeholder": ["/application/domain"],
            "display_name": ["/application/name"],
            "theme": ["/application/appearance/theme"],
            "project_id": ["/project_id"],
            "graph_version": ["/plan_format"],
            "identity_digest": identitySources,
        ])
    }

    /// `Light` or `Dark` for a fixed theme; nil when the app follows the system.
    public var userInterfaceStyle: String? {
        switch theme {
        case .light: return "Light"
        case .dark: return "Dark"
        case .automatic: return nil
        }
    }
}

/// The appearance the native shell applies: the Core's `InterfaceTheme` cases. `auto` and
/// `toggle` both follow the system (no native theme preference control is generated).
public enum NativeTheme: String, Hashable, Sendable {
    case automatic
    case light
    case dark

    public init(_ theme: Theme) {
        switch theme {
        case .light: self = .light
        case .dark: self = .dark
        case .auto, .toggle: self = .automatic
        }
    }
}
