// Seam placeholder (owner: ios.navigation_definition). Composition replaces
// this file with the rendered navigation entries and their tab layout.
enum NavigationDefinition {
    static let entries: [NavigationEntry] = [
        NavigationEntry(
            id: "firstdraft-core-sentinel",
            label: "Home",
            path: "/",
            symbol: "square.grid.2x2",
            selectedSymbol: "square.grid.2x2.fill"
        ),
    ]

    static let tabLayout: TabLayout = .single
}
