/// The target-neutral application navigation (DESIGN.md, Lowering rules, Navigation): admitted
/// indexes (public, protected) with the home entity first, then entity order, then Account last
/// when an account exists.
public struct ApplicationNavigation: Hashable, Sendable {
    public let entries: [NavigationEntry]
    public let projection: Projection

    /// The web's navigation, or with `client` a native client's: then each rule routing on that
    /// client with a `tab` adds an entry (`native-screen:<id>`) after the entities, before Account.
    public init(plan: Plan, client: Platform? = nil) {
        var admitted = plan.entities.enumerated().filter { $0.element.index.isInNavigation }
        if let home = plan.application.home, let i = admitted.firstIndex(where: { $0.element.key == home }) {
            admitted.insert(admitted.remove(at: i), at: 0)
        }
        var entries: [NavigationEntry] = []
        for (offset, (_, entity)) in admitted.enumerated() {
            entries.append(NavigationEntry(
                id: entity.uuid, route: entity.route, label: entity.plural, rank: offset + 1,
                icon: entity.effectiveIcon, source: entity.pointer.description,
                requiresAccount: entity.index == .protected, entityKey: entity.key))
        }
        for rule in client.map({ plan.application.native.rules(for: $0) }) ?? [] {
            guard let tab = rule.tab else { continue }
            entries.append(NavigationEntry(
                id: "native-screen:\(rule.viewController)", route: rule.path, label: tab.label, rank: entries.count + 1,
                icon: tab.icon ?? .grid, source: tab.pointer.description, requiresAccount: false, entityKey: nil))
        }
        if let account = plan.account {
            entries.append(NavigationEntry(
                id: "account-self:\(account.subjectUUID)", route: "/account", label: "Account",
                rank: entries.count + 1, icon: .person, source: account.pointer.description,
                requiresAccount: true, entityKey: nil))
        }
        self.entries = entries
        var sources: [String: [String]] = ["entries": entries.map(\.source)]
        if plan.application.home != nil { sources["entries"]!.append("/application/home") }
        projection = Projection(name: "navigation", fields: ["entries": .array(entries.map(\.value))], sources: sources)
    }

    public var layout: TabLayout? { TabLayout(entries) }
}
