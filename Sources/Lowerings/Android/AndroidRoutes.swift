/// What `android_v1.json` reads: the direct tab roots, whether a More list exists, whether the
/// session-change rule applies, and every GET form route the Rails scaffold draws.
public struct AndroidRoutes: Hashable, Sendable {
    /// Routes of the direct tab roots (all entries up to five, else the first four).
    public let directRoots: [String]
    /// More than five entries: the native More list exists.
    public let hasMore: Bool
    /// An Account exists: `/native-session-changed` resets navigation.
    public let resetsNavigationOnSessionChange: Bool
    /// Route templates, `:name` for one path segment: `/movies/new`, `/movies/:id/edit`,
    /// `/movies/:movie_id/reviews/new`, `/account/edit`.
    public let formRoutes: [String]
    private let sources: [String: [String]]

    public static let morePath = "/__firstdraft_android_more__"
    public static let sessionChangedPath = "/native-session-changed"

    public init(plan: Plan, layout: TabLayout, navigation: ApplicationNavigation) {
        directRoots = layout.directRoots.map(\.route)
        hasMore = !layout.moreEntries.isEmpty
        resetsNavigationOnSessionChange = plan.account != nil
        var forms: [String] = []
        var formSources: [String] = []
        for entity in plan.entities where entity.forms {
            forms.append("\(entity.route)/new")
            forms.append("\(entity.route)/:id/edit")
            formSources += [entity.pointer.appending("forms").description, entity.pointer.appending("plural_key").description]
            if let parentKey = entity.parent, let parent = plan.entity(parentKey) {
                forms.append("\(parent.route)/:\(parent.key)_id\(entity.route)/new")
                formSources += [entity.pointer.appending("parent").description, parent.pointer.appending("plural_key").description]
            }
        }
        if let account = plan.account, account.editable {
            forms.append("/account/edit")
            formSources.append(account.pointer.appending("editable").description)
        }
        formRoutes = forms
        sources = [
            "direct_roots": layout.directRoots.map(\.source),
            "has_more": navigation.entries.map(\.source),
            "session_reset": ["/account"],
            "form_routes": formSources,
        ]
    }

    public var projection: Projection {
        Projection(name: "android_routes", fields: [
            "direct_roots": .array(directRoots.map { .string($0) }), "has_more": .bool(hasMore),
            "session_reset": .bool(resetsNavigationOnSessionChange), "form_routes": .array(formRoutes.map { .string($0) }),
        ], sources: sources)
    }
}
