/// The target-neutral application navigation (DESIGN.md, Lowering rules, Navigation): admitted
/// indexes (public, protected) with the home entity first, then entity order, then Account last
/// when an account exists.
public struct ApplicationNavigation: Hashable, Sendable {
    public let entries: [NavigationEntry]
    public let projection: Projection

    public init(plan: Plan) {
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
