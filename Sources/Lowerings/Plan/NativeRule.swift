/// `/application/native/rules/<i>`: one path routed to a native screen on both clients ("Both
/// platforms, one rule"): iOS reads `view_controller: <id>`, Android gets
/// `uri: hotwire://fragment/<id>` derived from the same id. Optionally a tab opens it.
public struct NativeRule: Hashable, Sendable {
    /// A Rails-style path (`/native/map`, `/builds/:id`); a `:name` segment matches one segment.
    public var path: String
    /// The screen id (a key of `native.<platform>.screens`).
    public var viewController: String
    /// Android's toolbar title for the screen (iOS screens set their own).
    public var title: String?
    /// The clients the rule routes on; nil: every requested client.
    public var platforms: [Platform]?
    public var tab: NativeTab?
    public var pointer: JSONPointer

    public init(path: String, viewController: String, title: String? = nil, platforms: [Platform]? = nil,
                tab: NativeTab? = nil, pointer: JSONPointer) {
        self.path = path
        self.viewController = viewController
        self.title = title
        self.platforms = platforms
        self.tab = tab
        self.pointer = pointer
    }

    /// The path as segments (`:name` a parameter).
    public var route: PathRoute {
        PathRoute(path.split(separator: "/").map { s in
            s.hasPrefix(":") ? .parameter(String(s.dropFirst())) : .literal(String(s))
        })
    }
}

/// A tab that opens a rule's native screen, after the entity tabs and before Account.
public struct NativeTab: Hashable, Sendable {
    public var label: String
    /// nil when omitted: `grid`.
    public var icon: IconToken?
    public var pointer: JSONPointer

    public init(label: String, icon: IconToken?, pointer: JSONPointer) {
        self.label = label
        self.icon = icon
        self.pointer = pointer
    }
}
