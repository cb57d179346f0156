import Foundation

/// One destination of the application's main navigation, in rank order.
/// Generated/NavigationDefinition.swift supplies the values; this type is Core.
struct NavigationEntry: Equatable {
    /// Stable identity: the entity UUID, or `account-self:<subject uuid>`.
    let id: String
    let label: String
    /// An absolute path on the Rails origin, such as `/movies`.
    let path: String
    /// SF Symbol names for the unselected and selected tab states.
    let symbol: String
    let selectedSymbol: String

    /// The entry's URL on `root`, which is always a host root (no path, query or fragment).
    func url(relativeTo root: URL) -> URL {
        guard var components = URLComponents(url: root, resolvingAgainstBaseURL: false) else {
            return root
        }
        components.path = path.hasPrefix("/") ? path : "/" + path
        components.query = nil
        components.fragment = nil
        return components.url ?? root
    }
}
