/// Every projection the Android tasks read, built once per lowering.
struct AndroidProjections: Sendable {
    let identity: AndroidIdentity
    let definition: AndroidDefinition
    let navigation: ApplicationNavigation
    let layout: TabLayout
    let navigatorLayout: AndroidNavigatorLayout
    let strings: AndroidStrings
    let routes: AndroidRoutes
    let appearance: AppearanceProjection
    /// `/application/version` (or the default) for `versionName`.
    let version: ReleaseVersion
    /// Whether the Android client registers for push, and its projection (the Android flag only).
    let push: Bool
    let pushProjection: Projection
    /// The custom scheme and the App Links domain; the built-in bridge components (issue 17).
    let links: LinksProjection
    let bridge: BridgeProjection
    /// Icon tokens used by navigation entries, in first-use order.
    let iconTokens: [IconToken]
    private let iconSources: [IconToken: [String]]

    init(plan: Plan, identity: AndroidIdentity, navigation: ApplicationNavigation, layout: TabLayout) {
        self.identity = identity
        definition = AndroidDefinition(plan: plan, release: AndroidLowering.release)
        self.navigation = navigation
        self.layout = layout
        navigatorLayout = AndroidNavigatorLayout(layout, sources: navigation.entries.map(\.source))
        strings = AndroidStrings(plan: plan, navigation: navigation)
        routes = AndroidRoutes(plan: plan, layout: layout, navigation: navigation)
        appearance = AppearanceProjection(plan: plan)
        version = ReleaseVersion(plan: plan)
        push = plan.application.push.requested(for: .android)
        pushProjection = PushProjection.client(.android, requested: push)
        links = LinksProjection(plan: plan)
        bridge = BridgeProjection(plan: plan)
        var tokens: [IconToken] = []
        var sources: [IconToken: [String]] = [:]
        for entry in navigation.entries {
            if !tokens.contains(entry.icon) { tokens.append(entry.icon) }
            sources[entry.icon, default: []].append(entry.entityKey == nil ? entry.source : entry.source + "/icon")
        }
        iconTokens = tokens
        iconSources = sources
    }

    /// `android_tab_icon`: the token and the Material icon it maps to in this release.
    func iconProjection(_ token: IconToken) -> Projection {
        Projection(name: "android_tab_icon", fields: ["token": .string(token.rawValue), "material": .string(MaterialIcon.of(token).name)],
                   sources: ["token": iconSources[token] ?? []])
    }

    /// Every projection by name; icon projections as `android_tab_icon.<token>`.
    var byName: [String: Projection] {
        let shared: [Projection] = [
            identity.projection, definition.projection, navigation.projection, navigatorLayout.projection,
            strings.projection, routes.projection, appearance.accentProjection, appearance.backgroundProjection,
            version.projection, pushProjection,
            links.schemeProjection, links.domainProjection, bridge.projection,
        ]
        var all = Dictionary(uniqueKeysWithValues: shared.map { ($0.name, $0) })
        for token in iconTokens where token != .grid { all["android_tab_icon.\(token.rawValue)"] = iconProjection(token) }
        return all
    }
}
