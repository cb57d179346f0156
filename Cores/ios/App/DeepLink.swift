import Foundation

/// Incoming links (seed 002, "Deep Links"): a custom-scheme link (`<scheme>:///movies/1?sort=year`
/// or `<scheme>://movies/1`), a Universal Link (`https://<domain>/movies/1`) or a path made into a
/// URL on the root the app talks to, or nil when the link is not the app's: another scheme,
/// another host or port, a protocol-relative or malformed link, credentials, a `..` segment. The
/// query is kept; the fragment is dropped. Foundation only, so its rules are unit-tested off
/// Apple platforms too.
enum DeepLink {
    /// - Parameters:
    ///   - link: what arrived (`openURLContexts`, a browsing-web user activity, a notification).
    ///   - root: the root the app talks to (`AppRootURL.current`); the result is on it.
    ///   - origin: the compiled origin (`ApplicationDefinition.origin`), whose links a Debug build
    ///     with another root still accepts.
    ///   - scheme: the app's own URL scheme (`Info.plist` `FoundationURLScheme`).
    static func canonical(_ link: String, root: URL, origin: URL, scheme: String) -> URL? {
        let text = link.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, let parts = URLComponents(string: text), parts.user == nil, parts.password == nil else { return nil }
        var path: String
        switch parts.scheme?.lowercased() {
        case nil:
            // A path on the app's root; "//host/…" would name another host.
            guard text.hasPrefix("/"), !text.hasPrefix("//") else { return nil }
            path = parts.percentEncodedPath
        case scheme.lowercased():
            // <scheme>://movies/1 reads the host as the first segment; <scheme>:///movies/1 has none.
            let host = parts.percentEncodedHost ?? ""
            guard parts.port == nil else { return nil }
            path = host.isEmpty ? parts.percentEncodedPath : "/" + host + parts.percentEncodedPath
        case "http", "https":
            guard sameServer(parts, root) || sameServer(parts, origin) else { return nil }
            path = parts.percentEncodedPath
        default:
            return nil
        }
        if path.isEmpty { path = "/" }
        guard path.hasPrefix("/"), !path.split(separator: "/").contains(where: { $0 == ".." }) else { return nil }
        guard var result = URLComponents(url: root, resolvingAgainstBaseURL: false) else { return nil }
        result.percentEncodedPath = path
        result.percentEncodedQuery = parts.percentEncodedQuery
        result.fragment = nil
        return result.url
    }

    /// Same scheme, host (case-insensitively) and port (a default port equals none).
    static func sameServer(_ link: URLComponents, _ server: URL) -> Bool {
        guard let server = URLComponents(url: server, resolvingAgainstBaseURL: false),
              let scheme = link.scheme?.lowercased(), scheme == server.scheme?.lowercased(),
              let host = link.host?.lowercased(), !host.isEmpty, host == server.host?.lowercased() else { return false }
        return port(link.port, scheme) == port(server.port, scheme)
    }

    private static func port(_ port: Int?, _ scheme: String) -> Int? {
        port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
    }
}
