/// What `activity_main.xml` reads: the layout kind and how many navigator hosts it holds (one per
/// direct tab, plus one for More). Labels, routes and icons do not reach the layout.
public struct AndroidNavigatorLayout: Hashable, Sendable {
    /// `single`, `tabs` or `tabs_with_more`.
    public let kind: String
    public let navigators: Int
    private let sources: [String]

    public init(_ layout: TabLayout, sources: [String]) {
        kind = layout.name
        switch layout {
        case .single: navigators = 1
        case .tabs(let entries): navigators = entries.count
        case .tabsWithMore(let direct, _): navigators = direct.count + 1
        }
        self.sources = sources
    }

    public var hasBottomNavigation: Bool { kind != "single" }

    public var projection: Projection {
        Projection(name: "android_navigator_layout", fields: ["kind": .string(kind), "navigators": .int(navigators)],
                   sources: ["kind": sources, "navigators": sources])
    }
}
