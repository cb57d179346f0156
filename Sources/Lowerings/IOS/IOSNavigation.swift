/// The application navigation as the iOS client shows it: each entry with its SF Symbols, and
/// the tab layout (one navigator; one tab each for 2–5; four direct tabs plus Core's More list
/// beyond five). Projection `ios_navigation`; entity fields, colors and identity are not in it.
public struct IOSNavigation: Hashable, Sendable {
    public struct Item: Hashable, Sendable {
        /// The entity uuid or `account-self:<subject_uuid>`.
        public let id: String
        public let label: String
        public let route: String
        public let symbol: SFSymbol
        /// The Plan pointer the entry came from (`/entities/2`, `/account`).
        public let source: String
    }

    public enum Layout: Hashable, Sendable {
        case single
        case tabs
        case tabsWithMore(directTabs: Int)
    }

    public let items: [Item]
    public let layout: Layout
    public let projection: Projection

    /// nil when the navigation has no entry (a selected client cannot render then).
    public init?(_ navigation: ApplicationNavigation) {
        guard let shared = navigation.layout else { return nil }
        items = navigation.entries.map {
            Item(id: $0.id, label: $0.label, route: $0.route, symbol: SFSymbol.forToken($0.icon), source: $0.source)
        }
        let layout: Layout
        switch shared {
        case .single: layout = .single
        case .tabs: layout = .tabs
        case .tabsWithMore(let direct, _): layout = .tabsWithMore(directTabs: direct.count)
        }
        self.layout = layout
        var sources = navigation.projection.sources
        sources["layout"] = sources["entries"]
        projection = Projection(name: "ios_navigation", fields: [
            "entries": .array(items.map { item in
                .object(["id": .string(item.id), "label": .string(item.label), "route": .string(item.route),
                         "symbol": .string(item.symbol.normal), "selected_symbol": .string(item.symbol.selected)])
            }),
            "layout": .string(IOSNavigation.name(of: layout)),
            "direct_tabs": .int(shared.directRoots.count),
        ], sources: sources)
    }

    /// Entries that are a direct tab's root (or the single navigator's).
    public var directItems: [Item] {
        if case .tabsWithMore(let direct) = layout { return Array(items.prefix(direct)) }
        return items
    }

    /// Entries listed in Core's More list, in order.
    public var moreItems: [Item] {
        if case .tabsWithMore(let direct) = layout { return Array(items.dropFirst(direct)) }
        return []
    }

    public var layoutName: String { IOSNavigation.name(of: layout) }

    static func name(of layout: Layout) -> String {
        switch layout {
        case .single: return "single"
        case .tabs: return "tabs"
        case .tabsWithMore: return "tabs_with_more"
        }
    }
}
