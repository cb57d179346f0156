/// How links reach the app (issue 17, seed 002 "Deep Links", "Universal Links And AASA"): the
/// custom URL scheme both clients register, and the domain whose https links they claim
/// (Universal Links / App Links; nil without `/application/domain`). Projection `links`, read by
/// the native seams that register them and by the Rails routes that serve the association files;
/// not by entity files, so a new scheme moves neither a model nor a view.
public struct LinksProjection: Hashable, Sendable {
    public let scheme: String
    /// The https host the apps claim; nil without an authored domain (no entitlement, no
    /// `autoVerify` filter, no association files).
    public let domain: String?
    /// `links.scheme`: what registers the custom scheme reads (iOS xcconfig, Android properties).
    public let schemeProjection: Projection
    /// `links.domain`: what claims the domain reads (the iOS entitlements, the Android manifest).
    public let domainProjection: Projection

    public init(plan: Plan) {
        let app = plan.application
        scheme = app.links.effectiveScheme(key: app.key)
        domain = app.domain
        schemeProjection = Projection(name: "links.scheme", fields: ["scheme": .string(scheme)],
                                      sources: ["scheme": ["/application/links/scheme", "/application/key"]])
        domainProjection = Projection(name: "links.domain", fields: ["domain": .optional(domain)],
                                      sources: ["domain": ["/application/domain"]])
    }
}

/// The built-in bridge components a compile renders (projection `bridge`): those `/application/bridge`
/// leaves on, when a native client is requested; none otherwise (no native half to promote to).
/// Read by the form views (their opt-in attribute), the web controllers and hide rules, and each
/// client's component registry.
public struct BridgeProjection: Hashable, Sendable {
    public let components: [BuiltInBridgeComponent]
    public let projection: Projection

    public init(plan: Plan) {
        let app = plan.application
        let native = app.native.ios != nil || app.native.android != nil
        components = native ? BuiltInBridgeComponent.allCases.filter { app.bridge.enabled($0) } : []
        projection = Projection(name: "bridge", fields: [
            "components": .array(components.map { .string($0.name) }),
        ], sources: [
            "components": ["/application/bridge", "/application/native/ios", "/application/native/android"],
        ])
    }

    public func contains(_ component: BuiltInBridgeComponent) -> Bool { components.contains(component) }

    /// The components a lowering's `bridge` projection lists (what the Rails lowering read).
    public static func components(in projections: [String: Projection]) -> [BuiltInBridgeComponent] {
        guard case .object(let fields)? = projections["bridge"]?.value, case .array(let names)? = fields["components"] else { return [] }
        return names.compactMap { if case .string(let n) = $0 { return BuiltInBridgeComponent(rawValue: n) } else { return nil } }
    }
}
