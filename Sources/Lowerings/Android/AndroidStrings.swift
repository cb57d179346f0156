/// What `values/strings.xml` reads: the display name and the navigation labels in rank order.
public struct AndroidStrings: Hashable, Sendable {
    public let appName: String
    public let labels: [String]
    /// Plan pointers of the entries the labels come from.
    private let labelSources: [String]

    public init(plan: Plan, navigation: ApplicationNavigation) {
        appName = plan.application.name
        labels = navigation.entries.map(\.label)
        labelSources = navigation.entries.map(\.source)
    }

    public var projection: Projection {
        Projection(name: "android_strings", fields: [
            "app_name": .string(appName), "labels": .array(labels.map { .string($0) }),
        ], sources: ["app_name": ["/application/name"], "labels": labelSources])
    }
}
