/// How the navigation entries become native containers.
///
/// One entry is a single navigator without a tab bar, two to five entries are
/// one tab each, and more than five are four direct tabs plus a native More list
/// holding the remaining entries in order.
enum TabLayout: Equatable {
    case single
    case tabs
    case tabsWithMore(directTabs: Int)

    static let maximumTabs = 5
    static let directTabsBesideMore = 4

    /// The layout the lowering selects for `entryCount` entries, or nil when there is none.
    init?(entryCount: Int) {
        switch entryCount {
        case ..<1: return nil
        case 1: self = .single
        case 2...TabLayout.maximumTabs: self = .tabs
        default: self = .tabsWithMore(directTabs: TabLayout.directTabsBesideMore)
        }
    }
}
