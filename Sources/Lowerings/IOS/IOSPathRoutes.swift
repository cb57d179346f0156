/// The routes the bundled path configuration classifies, as projection `ios_path_configuration`:
///
/// * the root of each direct tab (`presentation: replace_root`): every entry up to five, only the
///   first four beyond (More destinations keep the default push, so Back returns to the list);
/// * `/native-session-changed` (`reset_navigation: true`) when the Plan has an account;
/// * every GET form route of an entity with `forms: true` — `/<plural>/new`,
///   `/<plural>/:id/edit`, and for an entity with a `parent` also
///   `/<parent plural>/:<parent>_id/<plural>/new` — plus `/account/edit` when the account is
///   editable (`context: modal`, `pull_to_refresh_enabled: false`).
///
/// Labels, icons and entity fields are not in it.
public struct IOSPathRoutes: Hashable, Sendable {
    public static let sessionChangedRoute = "/native-session-changed"

    /// A route as path segments; a parameter matches exactly one path segment.
    public struct Route: Hashable, Sendable {
        public enum Segment: Hashable, Sendable {
            case literal(String)
            case parameter(String)
        }

        public let segments: [Segment]

        public init(_ segments: [Segment]) { self.segments = segments }

        /// A route without parameters, such as `/movies`.
        public init(exact path: String) {
            segments = path.split(separator: "/").map { .literal(String($0)) }
        }

        /// Rails style: `/movies/:id/edit`.
        public var template: String {
            segments.map {
                switch $0 {
                case .literal(let s): return "/" + s
                case .parameter(let name): return "/:" + name
                }
            }.joined()
        }

        /// Anchored, one path segment per parameter, with the query-safe suffix.
        public var pattern: String {
            "^" + segments.map {
                switch $0 {
                case .literal(let s): return "/" + Route.escaped(s)
                case .parameter: return "/[^/?]+"
                }
            }.joined() + "(?:\\?.*)?$"
        }

        /// A concrete path the route matches (`1` for every parameter), for generated tests.
        public var example: String {
            segments.map {
                switch $0 {
                case .literal(let s): return "/" + s
                case .parameter: return "/1"
                }
            }.joined()
        }

        static func escaped(_ literal: String) -> String {
            var out = ""
            for c in literal {
                if "\\^$.|?*+()[]{}".contains(c) { out.append("\\") }
                out.append(c)
            }
            return out
        }
    }

    public let replaceRoot: [Route]
    public let resetNavigation: [Route]
    public let forms: [Route]
    public let projection: Projection

    public init(plan: Plan, navigation: IOSNavigation) {
        replaceRoot = navigation.directItems.map { Route(exact: $0.route) }
        resetNavigation = plan.account == nil ? [] : [Route(exact: IOSPathRoutes.sessionChangedRoute)]
        var forms: [Route] = []
        var formSources: [String] = []
        for entity in plan.entities where entity.forms {
            forms.append(Route([.literal(entity.pluralKey), .literal("new")]))
            forms.append(Route([.literal(entity.pluralKey), .parameter("id"), .literal("edit")]))
            formSources += [entity.pointer.appending("forms").description, entity.pointer.appending("plural_key").description]
            if let parentKey = entity.parent, let parent = plan.entity(parentKey) {
                forms.append(Route([.literal(parent.pluralKey), .parameter(parent.key + "_id"),
                                    .literal(entity.pluralKey), .literal("new")]))
                formSources += [entity.pointer.appending("parent").description, parent.pointer.appending("plural_key").description]
            }
        }
        if let account = plan.account, account.editable {
            forms.append(Route([.literal("account"), .literal("edit")]))
            formSources.append(account.pointer.appending("editable").description)
        }
        var seen = Set<Route>()
        self.forms = forms.filter { seen.insert($0).inserted }
        projection = Projection(name: "ios_path_configuration", fields: [
            "replace_root": .array(replaceRoot.map { .string($0.template) }),
            "reset_navigation": .array(resetNavigation.map { .string($0.template) }),
            "modal_forms": .array(self.forms.map { .string($0.template) }),
        ], sources: [
            "replace_root": navigation.directItems.map(\.source),
            "reset_navigation": plan.account.map { [$0.pointer.description] } ?? [],
            "modal_forms": formSources,
        ])
    }
}
