/// The application-wide facts the Rails renderers read, each group a projection of its own so a
/// field added to one entity moves none of them.
struct RailsApplicationSpec: Hashable, Sendable {
    /// One `resources` line in `config/routes.rb` (the routes the native clients classify too).
    typealias Resource = RouteTable.Resource

    var name: String
    /// Selected native clients in fixed order: `ios`, `android`.
    var clients: [Platform]
    var hasAccount: Bool
    var accountEditable: Bool
    var resources: [Resource]
    /// The entity the root route serves: the first navigation entity (the admitted home, when there
    /// is one), else `home`, else the first entity.
    var rootPluralKey: String?
    /// The identities the association files name, with an authored domain and an emitted client
    /// (`RailsLowering.lower` sets it once the emitted clients are known).
    var appLinks: RailsAppLinksRenderer.Apps?
    /// Emitted clients with push (`/application/push`), set by the lowering once it knows which
    /// clients were emitted.
    var push: [Platform] = []

    init(plan: Plan, navigation: ApplicationNavigation) {
        name = plan.application.name
        clients = Platform.clients.filter { plan.application.native.requests($0) }
        hasAccount = plan.account != nil
        accountEditable = plan.account?.editable ?? false
        resources = RouteTable(plan: plan).resources
        // The page the native clients open first: navigation puts an admitted home first; a home
        // whose index navigation omits gives way to the first admitted entity (000).
        let rootKey = navigation.entries.compactMap(\.entityKey).first ?? plan.application.home ?? plan.entities.first?.key
        rootPluralKey = rootKey.flatMap { plan.entity($0)?.pluralKey }
    }

    var nativeSession: Bool { hasAccount && !clients.isEmpty }

    /// What `config/routes.rb` reads.
    var routesProjection: Projection {
        Projection(name: "rails.routes", fields: [
            "clients": .array(clients.map { .string($0.rawValue) }),
            "account": hasAccount ? .object(["editable": .bool(accountEditable)]) : .null,
            "resources": .array(resources.map {
                .object(["key": .string($0.key), "plural_key": .string($0.pluralKey), "forms": .bool($0.forms),
                         "parent_plural_key": .optional($0.parentPluralKey)])
            }),
            "root": .optional(rootPluralKey),
            "app_links": appLinks.map { .object(["ios": .optional($0.iosBundleIdentifier), "android": .optional($0.androidPackage)]) } ?? .null,
            "push": .array(push.map { .string($0.rawValue) }),
        ], sources: [
            "clients": ["/application/native"], "account": ["/account"],
            "app_links": ["/application/domain", "/application/key", "/application/native"],
            "resources": ["/entities"], "root": ["/application/home", "/entities"], "push": ["/application/push"],
        ])
    }

    /// What the inflections initializer reads: each entity's key and plural key.
    var inflectionsProjection: Projection {
        Projection(name: "rails.inflections", fields: [
            "pairs": .array(resources.map { .array([.string($0.key), .string($0.pluralKey)]) }),
        ], sources: ["pairs": ["/entities"]])
    }

    /// What the identity initializer reads.
    var identityProjection: Projection {
        Projection(name: "rails.identity", fields: ["name": .string(name)], sources: ["name": ["/application/name"]])
    }

    /// What the README reads.
    var readmeProjection: Projection {
        Projection(name: "rails.readme", fields: [
            "name": .string(name), "clients": .array(clients.map { .string($0.rawValue) }), "account": .bool(hasAccount),
            "app_links": appLinks.map { .object(["domain": .optional($0.domain), "ios": .bool($0.iosBundleIdentifier != nil),
                                                 "android": .bool($0.androidPackage != nil)]) } ?? .null,
            "push": .array(push.map { .string($0.rawValue) }),
        ], sources: ["name": ["/application/name"], "clients": ["/application/native"], "account": ["/account"],
                     "app_links": ["/application/domain", "/application/native"], "push": ["/application/push"]])
    }
}
