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
    public let projection: Projection

    public init(plan: Plan, navigation: IOSNavigation) {
        replaceRoot = navigation.directItems.map { Route(exact: $0.route) }
        resetNavigation = plan.account == nil ? [] : [Route(exact: IOSPathRoutes.sessionChangedRoute)]
        let table = RouteTable(plan: plan)
        forms = table.formRoutes
        pushedLookalikes = table.pushedLookalikes
        projection = Projection(name: "ios_path_configuration", fields: [
            "replace_root": .array(replaceRoot.map { .string($0.template) }),
            "reset_navigation": .array(resetNavigation.map { .string($0.template) }),
            "modal_forms": .array(forms.map { .string($0.template) }),
            "pushed_lookalikes": .array(pushedLookalikes.map { .string($0.template) }),
        ], sources: [
            "replace_root": navigation.directItems.map(\.source),
            "reset_navigation": plan.account.map { [$0.pointer.description] } ?? [],
            "modal_forms": table.formSources,
            "pushed_lookalikes": table.formSources,
        ])
    }
}
