/// `Resources/ios_v1.json`, the bundled Hotwire Native path configuration (the Rails app serves
/// the same bytes at `/configurations/ios_v1`). Rules apply in order and later ones win:
/// the default (push, pull to refresh) first, then `replace_root` for each direct tab root, the
/// session reset, a full-screen modal without pull to refresh for every GET form route, and
/// `view_controller: <id>` for every native-screen rule routing on iOS.
/// Root and form patterns never match the same path, so no path is both modal and replace_root.
enum PathConfigurationRenderer {
    static func render(_ routes: IOSPathRoutes) -> [UInt8] {
        var rules: [PrettyJSON] = [
            rule([".*"], [("context", .string("default")), ("pull_to_refresh_enabled", .bool(true))]),
        ]
        for route in routes.replaceRoot {
            rules.append(rule([route.pattern], [("presentation", .string("replace_root"))]))
        }
        for route in routes.resetNavigation {
            rules.append(rule([route.pattern], [("reset_navigation", .bool(true))]))
        }
        for route in routes.forms {
            rules.append(rule([route.pattern], [("context", .string("modal")), ("pull_to_refresh_enabled", .bool(false))]))
        }
        // Native screens last: their paths are no entity's, so only a tab root's replace_root
        // merges with them.
        for screen in routes.nativeScreens {
            rules.append(rule([screen.route.pattern], [("view_controller", .string(screen.id))]))
        }
        return PrettyJSON.object([("settings", .object([])), ("rules", .array(rules))]).rendered()
    }

    /// Properties are written in name order.
    private static func rule(_ patterns: [String], _ properties: [(String, PrettyJSON)]) -> PrettyJSON {
        .object([
            ("patterns", .array(patterns.map { .string($0) })),
            ("properties", .object(properties.sorted { $0.0 < $1.0 })),
        ])
    }
}
