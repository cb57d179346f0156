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
        self.init(components: native ? BuiltInBridgeComponent.allCases.filter { app.bridge.enabled($0) } : [])
    }

    /// The projection of `components`, as a Plan enabling exactly these gives it.
    init(components: [BuiltInBridgeComponent]) {
        self.components = components
        projection = Projection(name: "bridge", fields: [
            "components": .array(components.map { .string($0.name) }),
        ], sources: [
            "components": ["/application/bridge", "/application/native/ios", "/application/native/android"],
        ])
    }

    /// The components a lowering's `bridge` projection lists (what the Rails lowering read).
    public static func components(in projections: [String: Projection]) -> [BuiltInBridgeComponent] {
        guard case .object(let fields)? = projections["bridge"]?.value, case .array(let names)? = fields["components"] else { return [] }
        return names.compactMap { if case .string(let n) = $0 { return BuiltInBridgeComponent(rawValue: n) } else { return nil } }
    }
}
