/// What the Rails push files read (`rails.push`): the emitted clients with push, the APNs topic
/// (the iOS bundle id) and the app's name for the test notification. Built only when at least one
/// emitted client has push.
struct RailsPushSpec: Hashable, Sendable {
    /// Emitted clients with push, `ios` before `android`.
    var clients: [Platform]
    /// The iOS bundle identifier (APNs `topic`), when iOS has push.
    var apnsTopic: String?
    var appName: String

    /// The spec for `plan`, or nil when no emitted client has push.
    init?(plan: Plan, emittedClients: [Platform]) {
        clients = emittedClients.filter { plan.application.push.requested(for: $0) }
        guard !clients.isEmpty else { return nil }
        apnsTopic = clients.contains(.ios)
            ? BundleIdentity.derive(key: plan.application.key, domain: plan.application.domain).identity?.bundleIdentifier
            : nil
        appName = plan.application.name
    }

    var ios: Bool { clients.contains(.ios) }
    var android: Bool { clients.contains(.android) }

    var projection: Projection {
        Projection(name: "rails.push", fields: [
            "clients": .array(clients.map { .string($0.rawValue) }),
            "apns_topic": .optional(apnsTopic),
            "name": .string(appName),
        ], sources: [
            "clients": clients.map(\.pushPointer),
            "apns_topic": ["/application/key", "/application/domain"],
            "name": ["/application/name"],
        ])
    }
}
