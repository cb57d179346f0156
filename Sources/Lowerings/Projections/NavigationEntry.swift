/// One entry of the application navigation, shared by Web, iOS and Android.
public struct NavigationEntry: Hashable, Sendable {
    /// Stable id: the entity uuid, or `account-self:<subject_uuid>`.
    public let id: String
    public let route: String
    /// The entity's plural display name, or "Account".
    public let label: String
    /// 1-based position in the navigation.
    public let rank: Int
    public let icon: IconToken
    /// The Plan pointer the entry was derived from (`/entities/2`, `/account`).
    public let source: String
    /// Whether the entry needs a signed-in account (protected index, Account).
    public let requiresAccount: Bool
    /// The entity key, nil for Account.
    public let entityKey: String?

    var value: ProjectionValue {
        .object([
            "id": .string(id), "route": .string(route), "label": .string(label), "rank": .int(rank),
            "icon": .string(icon.rawValue), "source": .string(source), "requires_account": .bool(requiresAccount),
            "entity_key": .optional(entityKey),
        ])
    }
}

/// How a native client lays out its navigation entries.
public enum TabLayout: Hashable, Sendable {
    /// One entry: a single navigator, no tab bar.
    case single(NavigationEntry)
    /// Two to five entries: one tab each.
    case tabs([NavigationEntry])
    /// More than five: four direct tabs and a native More list with the rest, in order.
    case tabsWithMore(direct: [NavigationEntry], more: [NavigationEntry])

    /// nil when there is no entry (a selected client cannot render then).
    public init?(_ entries: [NavigationEntry]) {
        switch entries.count {
        case 0: return nil
        case 1: self = .single(entries[0])
        case 2...5: self = .tabs(entries)
        default: self = .tabsWithMore(direct: Array(entries.prefix(4)), more: Array(entries.dropFirst(4)))
        }
    }

    /// Entries that are the root of a direct tab (or the single navigator).
    public var directRoots: [NavigationEntry] {
        switch self {
        case .single(let e): return [e]
        case .tabs(let es): return es
        case .tabsWithMore(let direct, _): return direct
        }
    }

    public var moreEntries: [NavigationEntry] {
        if case .tabsWithMore(_, let more) = self { return more }
        return []
    }

    public var name: String {
        switch self {
        case .single: return "single"
        case .tabs: return "tabs"
        case .tabsWithMore: return "tabs_with_more"
        }
    }
}
