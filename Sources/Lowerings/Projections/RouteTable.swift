/// The resource routes the Rails app draws, derived once from the Plan. `config/routes.rb` is
/// written from `resources`, and both native path configurations take their form rules from
/// `formRoutes`, so the server and the two clients cannot disagree about which URLs exist.
///
/// Rails draws, per entity: `resources :<plural>` (index, show, and with `forms` new, create, edit,
/// update); an entity with `forms` and a `parent` gets its new/create routes only below the parent
/// (`/<parent plural>/:<parent>_id/<plural>/new`), so `/<plural>/new` is not a route there (Rails
/// would answer it as `show` with id "new"). An editable account adds `/account/edit`.
public struct RouteTable: Hashable, Sendable {
    public struct Resource: Hashable, Sendable {
        public var key: String
        public var pluralKey: String
        public var forms: Bool
        /// The parent whose routes hold this entity's new/create routes (only with `forms`).
        public var parentKey: String?
        public var parentPluralKey: String?
    }

    public let resources: [Resource]
    /// Nil without an account.
    public let accountEditable: Bool?
    /// Every GET form route, in entity order (new, edit, nested new), then `/account/edit`.
    public let formRoutes: [PathRoute]
    /// The Plan pointers the form routes read.
    public let formSources: [String]
    /// `/<plural>/new` of each entity whose new route nests below its parent: not a form route
    /// (Rails answers it as `show`), so the clients must push it like any other page.
    public let pushedLookalikes: [PathRoute]

    public init(plan: Plan) {
        resources = plan.entities.map { e in
            let parent = e.forms ? e.parent.flatMap { plan.entity($0) } : nil
            return Resource(key: e.key, pluralKey: e.pluralKey, forms: e.forms,
                            parentKey: parent?.key, parentPluralKey: parent?.pluralKey)
        }
        accountEditable = plan.account.map(\.editable)
        var routes: [PathRoute] = []
        var sources: [String] = []
        for (entity, resource) in zip(plan.entities, resources) where resource.forms {
            sources += [entity.pointer.appending("forms").description, entity.pointer.appending("plural_key").description]
            if resource.parentKey == nil {
                routes.append(PathRoute([.literal(resource.pluralKey), .literal("new")]))
            }
            routes.append(PathRoute([.literal(resource.pluralKey), .parameter("id"), .literal("edit")]))
            if let parentKey = resource.parentKey, let parentPlural = resource.parentPluralKey {
                routes.append(PathRoute([.literal(parentPlural), .parameter(parentKey + "_id"),
                                         .literal(resource.pluralKey), .literal("new")]))
                sources.append(entity.pointer.appending("parent").description)
                if let parent = plan.entity(parentKey) { sources.append(parent.pointer.appending("plural_key").description) }
            }
        }
        if let account = plan.account, account.editable {
            routes.append(PathRoute([.literal("account"), .literal("edit")]))
            sources.append(account.pointer.appending("editable").description)
        }
        pushedLookalikes = resources.filter { $0.parentKey != nil }.map { PathRoute([.literal($0.pluralKey), .literal("new")]) }
        var seen = Set<PathRoute>()
        formRoutes = routes.filter { seen.insert($0).inserted }
        formSources = sources
    }
}
