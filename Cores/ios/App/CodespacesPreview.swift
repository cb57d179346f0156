import Foundation

/// A Debug preview of Rails through a public GitHub Codespaces forwarded port,
/// `https://<codespace>-<port>.app.github.dev`. That forwarding answers a page
/// request with a warning page instead of Rails unless the request carries the
/// tunnel's documented skip header. Only the exact origin APP_ROOT_URL names is
/// decorated, and only Debug builds contain the header; a private port still
/// requires GitHub sign-in.
enum CodespacesPreview {
    static let forwardedPortDomain = "app.github.dev"

    #if DEBUG
    /// Microsoft Dev Tunnels, which serves Codespaces forwarded ports, documents
    /// this header as skipping its anti-phishing page.
    static let skipWarningHeader = (name: "X-Tunnel-Skip-AntiPhishing-Page", value: "true")
    #endif

    /// `root` when it is an HTTPS origin on one `*.app.github.dev` host label, else nil.
    static func forwardedOrigin(of root: URL) -> URL? {
        guard root.scheme?.lowercased() == "https", root.port == nil,
              let host = root.host?.lowercased(),
              host.hasSuffix("." + forwardedPortDomain) else {
            return nil
        }
        let label = host.dropLast(forwardedPortDomain.count + 1)
        return label.isEmpty || label.contains(".") ? nil : root
    }

    /// True when `url` has the scheme, host and port of `origin`.
    static func isSameOrigin(_ url: URL, as origin: URL) -> Bool {
        url.scheme?.lowercased() == origin.scheme?.lowercased()
            && url.host?.lowercased() == origin.host?.lowercased()
            && effectivePort(url) == effectivePort(origin)
    }

    private static func effectivePort(_ url: URL) -> Int? {
        if let port = url.port { return port }
        switch url.scheme?.lowercased() {
        case "https": return 443
        case "http": return 80
        default: return nil
        }
    }
}
