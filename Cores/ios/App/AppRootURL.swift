import Foundation

/// Chooses the Rails root the app talks to.
///
/// Release builds always use the generated origin. Debug builds accept a
/// per-launch override named APP_ROOT_URL, given as the launch argument pair
/// `-APP_ROOT_URL <url>` or as a launch environment variable. Only an HTTPS
/// host root or an HTTP loopback root is accepted; anything else is ignored.
enum AppRootURL {
    static let overrideName = "APP_ROOT_URL"
    static let loopbackHosts: Set<String> = ["localhost", "127.0.0.1", "::1", "[::1]"]

    static var current: URL {
        #if DEBUG
        return resolve(
            arguments: ProcessInfo.processInfo.arguments,
            environment: ProcessInfo.processInfo.environment,
            compiled: ApplicationDefinition.origin
        )
        #else
        return ApplicationDefinition.origin
        #endif
    }

    /// The launch argument wins over the environment; an unusable value falls through.
    static func resolve(arguments: [String], environment: [String: String], compiled: URL) -> URL {
        if let value = argumentValue(in: arguments), let url = acceptedOverride(value) {
            return url
        }
        if let value = environment[overrideName], let url = acceptedOverride(value) {
            return url
        }
        return compiled
    }

    static func argumentValue(in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: "-" + overrideName),
              arguments.indices.contains(index + 1) else {
            return nil
        }
        return arguments[index + 1]
    }

    static func acceptedOverride(_ value: String) -> URL? {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard var components = URLComponents(string: trimmed),
              let scheme = components.scheme?.lowercased(),
              let host = components.host, !host.isEmpty,
              components.path.isEmpty || components.path == "/",
              components.query == nil, components.fragment == nil,
              components.user == nil, components.password == nil else {
            return nil
        }
        switch scheme {
        case "https":
            break
        case "http":
            guard loopbackHosts.contains(host.lowercased()) else { return nil }
        default:
            return nil
        }
        components.scheme = scheme
        components.path = ""
        return components.url
    }
}
