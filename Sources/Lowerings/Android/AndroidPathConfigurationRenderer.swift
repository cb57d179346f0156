/// Renders `app/src/main/assets/json/android_v1.json` from `android_routes`.
///
/// Rules, in order (Hotwire Android merges every matching rule, later keys winning):
/// 1. `.*`: the web fragment (`uri` and `fallback_uri`), default context, pull-to-refresh on.
/// 2. each direct tab root: `presentation: replace_root` (overflow roots keep default push, so Back
///    returns to More).
/// 3. more than five entries: the More path opens `hotwire://fragment/firstdraft-more`, titled More.
/// 4. with an Account: `/native-session-changed` sets `reset_navigation: true`.
/// 5. each GET form route: `context: modal`, `pull_to_refresh_enabled: false`.
/// 6. each native-screen rule routing on Android: `uri: hotwire://fragment/<id>` (derived from the
///    rule's `view_controller`), and its `title`.
/// Every pattern is anchored and ends with the query-safe suffix `(?:\?.*)?$`; form patterns are
/// `PathRoute.pattern`, the same the iOS configuration writes (a parameter matches one segment). A form route is never a tab root, so no path is modal and replace_root.
public enum AndroidPathConfigurationRenderer {
    public static let querySuffix = PathRoute.querySuffix
    public static let webURI = "hotwire://fragment/web"
    public static let moreURI = "hotwire://fragment/firstdraft-more"

    public static func render(_ routes: AndroidRoutes) -> [UInt8] {
        var rules: [PrettyJSON] = [
            rule([".*"], [
                ("context", .string("default")), ("uri", .string(webURI)), ("fallback_uri", .string(webURI)),
                ("pull_to_refresh_enabled", .bool(true)),
            ]),
        ]
        for root in routes.directRoots {
            rules.append(rule([pattern(root)], [("presentation", .string("replace_root"))]))
        }
        if routes.hasMore {
            rules.append(rule([pattern(AndroidRoutes.morePath)], [("uri", .string(moreURI)), ("title", .string("More"))]))
        }
        if routes.resetsNavigationOnSessionChange {
            rules.append(rule([pattern(AndroidRoutes.sessionChangedPath)], [("reset_navigation", .bool(true))]))
        }
        for form in routes.formRoutes {
            rules.append(rule([form.pattern], [("context", .string("modal")), ("pull_to_refresh_enabled", .bool(false))]))
        }
        for screen in routes.nativeScreens {
            var properties: [(String, PrettyJSON)] = [("uri", .string(screen.uri))]
            if let title = screen.title { properties.append(("title", .string(title))) }
            rules.append(rule([screen.route.pattern], properties))
        }
        let document = PrettyJSON.object([("settings", .object([])), ("rules", .array(rules))])
        return document.rendered(inlineScalarArrays: true)
    }

    /// `^` + the literal route + the query-safe suffix, for parameterless routes.
    public static func pattern(_ route: String) -> String { PathRoute(exact: route).pattern }

    private static func rule(_ patterns: [String], _ properties: [(String, PrettyJSON)]) -> PrettyJSON {
        .object([("patterns", .array(patterns.map { .string($0) })), ("properties", .object(properties))])
    }
}
