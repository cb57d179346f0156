/// What `android_v1.json` reads: the direct tab roots, whether a More list exists, whether the
/// session-change rule applies, and every GET form route the Rails scaffold draws.
public struct AndroidRoutes: Hashable, Sendable {
    /// Routes of the direct tab roots (all entries up to five, else the first four).
    public let directRoots: [String]
    /// More than five entries: the native More list exists.
    public let hasMore: Bool
    /// An Account exists: `/native-session-changed` resets navigation.
    public let resetsNavigationOnSessionChange: Bool
    /// Every GET form route the Rails app draws (`RouteTable.formRoutes`).
    public let formRoutes: [PathRoute]
    /// Paths that look like form routes but are not (`RouteTable.pushedLookalikes`).
    public let pushedLookalikes: [PathRoute]
    private let sources: [String: [String]]

    public static let morePath = "/__firstdraft_android_more__"
    public static let sessionChangedPath = "/native-session-changed"

    public init(plan: Plan, layout: TabLayout, navigation: ApplicationNavigation) {
        directRoots = layout.directRoots.map(\.route)
        hasMore = !layout.moreEntries.isEmpty
        resetsNavigationOnSessionChange = plan.account != nil
        let table = RouteTable(plan: plan)
        formRoutes = table.formRoutes
        pushedLookalikes = table.pushedLookalikes
        sources = [
            "direct_roots": layout.directRoots.map(\.source),
            "has_more": navigation.entries.map(\.source),
            "session_reset": ["/account"],
            "form_routes": table.formSources,
            "pushed_lookalikes": table.formSources,
        ]
    }

    public var projection: Projection {
        Projection(name: "android_routes", fields: [
            "direct_roots": .array(directRoots.map { .string($0) }), "has_more": .bool(hasMore),
            "session_reset": .bool(resetsNavigationOnSessionChange), "form_routes": .array(formRoutes.map { .string($0.template) }),
            "pushed_lookalikes": .array(pushedLookalikes.map { .string($0.template) }),
        ], sources: sources)
    }
}
