/// What `values/strings.xml` reads: the display name and the navigation labels in rank order.
public struct AndroidStrings: Hashable, Sendable {
    public let appName: String
    public let labels: [String]

    public init(plan: Plan, navigation: ApplicationNavigation) {
        appName = plan.application.name
        labels = navigation.entries.map(\.label)
        sourcesOfLabels = navigation.entries.map(\.source)
    }

    private let sourcesOfLabels: [String]

    public var projection: Projection {
        Projection(name: "android_strings", fields: [
            "app_name": .string(appName), "labels": .array(labels.map { .string($0) }),
        ], sources: ["app_name": ["/application/name"], "labels": sourcesOfLabels])
    }
}
