/// The routes the bundled path configuration classifies, as projection `ios_path_configuration`:
///
/// * the root of each direct tab (`presentation: replace_root`): every entry up to five, only the
///   first four beyond (More destinations keep the default push, so Back returns to the list);
/// * `/native-session-changed` (`reset_navigation: true`) when the Plan has an account;
/// * every GET form route the Rails app draws (`RouteTable.formRoutes`: new, edit, the nested
///   new below a parent, `/account/edit`) (`context: modal`, `pull_to_refresh_enabled: false`).
///
/// Labels, icons and entity fields are not in it.
public struct IOSPathRoutes: Hashable, Sendable {
    public static let sessionChangedRoute = "/native-session-changed"

    public typealias Route = PathRoute

    public let replaceRoot: [Route]
    public let resetNavigation: [Route]
    public let forms: [Route]
    /// Paths that look like form routes but are not (`RouteTable.pushedLookalikes`).
    public let pushedLookalikes: [Route]
    /// Each rule routing on iOS: its path and the screen id (`view_controller`).
    public let nativeScreens: [(route: Route, id: String)]
    public let projection: Projection

    public static func == (a: IOSPathRoutes, b: IOSPathRoutes) -> Bool { a.projection == b.projection }
    public func hash(into hasher: inout Hasher) { hasher.combine(projection) }

    public init(plan: Plan, navigation: IOSNavigation) {
        replaceRoot = navigation.directItems.map { Route(exact: $0.route) }
        resetNavigation = plan.account == nil ? [] : [Route(exact: IOSPathRoutes.sessionChangedRoute)]
        let table = RouteTable(plan: plan)
        forms = table.formRoutes
        pushedLookalikes = table.pushedLookalikes
        let rules = plan.application.native.rules(for: .ios)
        nativeScreens = rules.map { ($0.route, $0.viewController) }
        var fields: [String: ProjectionValue] = [
            "replace_root": .array(replaceRoot.map { .string($0.template) }),
            "reset_navigation": .array(resetNavigation.map { .string($0.template) }),
            "modal_forms": .array(forms.map { .string($0.template) }),
            "pushed_lookalikes": .array(pushedLookalikes.map { .string($0.template) }),
        ]
        var sources: [String: [String]] = [
            "replace_root": navigation.directItems.map(\.source),
            "reset_navigation": plan.account.map { [$0.pointer.description] } ?? [],
            "modal_forms": table.formSources,
            "pushed_lookalikes": table.formSources,
        ]
        // Only with rules, so a Plan without native screens keeps its keys.
        if !rules.isEmpty {
            fields["native_screens"] = .array(nativeScreens.map { .object(["path": .string($0.route.template), "id": .string($0.id)]) })
            sources["native_screens"] = rules.map(\.pointer.description)
        }
        projection = Projection(name: "ios_path_configuration", fields: fields, sources: sources)
    }
}
