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
    /// Each rule routing on Android: its path, `hotwire://fragment/<id>`, and its title.
    public let nativeScreens: [NativeScreenRoute]
    private let sources: [String: [String]]

    public struct NativeScreenRoute: Hashable, Sendable {
        public let route: PathRoute
        public let id: String
        public let title: String?
        public var uri: String { "hotwire://fragment/\(id)" }
    }

    public static let morePath = "/__firstdraft_android_more__"
    public static let sessionChangedPath = "/native-session-changed"

    public init(plan: Plan, layout: TabLayout, navigation: ApplicationNavigation) {
        directRoots = layout.directRoots.map(\.route)
        hasMore = !layout.moreEntries.isEmpty
        resetsNavigationOnSessionChange = plan.account != nil
        let table = RouteTable(plan: plan)
        formRoutes = table.formRoutes
        pushedLookalikes = table.pushedLookalikes
        let rules = plan.application.native.rules(for: .android)
        nativeScreens = rules.map { NativeScreenRoute(route: $0.route, id: $0.viewController, title: $0.title) }
        sources = [
            "native_screens": rules.map(\.pointer.description),
            "direct_roots": layout.directRoots.map(\.source),
            "has_more": navigation.entries.map(\.source),
            "session_reset": ["/account"],
            "form_routes": table.formSources,
            "pushed_lookalikes": table.formSources,
        ]
    }

    public var projection: Projection {
        var fields: [String: ProjectionValue] = [
            "direct_roots": .array(directRoots.map { .string($0) }), "has_more": .bool(hasMore),
            "session_reset": .bool(resetsNavigationOnSessionChange), "form_routes": .array(formRoutes.map { .string($0.template) }),
            "pushed_lookalikes": .array(pushedLookalikes.map { .string($0.template) }),
        ]
        var sources = self.sources
        // Only with rules, so a Plan without native screens keeps its keys.
        if nativeScreens.isEmpty {
            sources["native_screens"] = nil
        } else {
            fields["native_screens"] = .array(nativeScreens.map {
                .object(["path": .string($0.route.template), "id": .string($0.id), "title": .optional($0.title)])
            })
        }
        return Projection(name: "android_routes", fields: fields, sources: sources)
    }
}
