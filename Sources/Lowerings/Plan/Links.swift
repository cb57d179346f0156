/// `/application/links`: how links reach the app from outside. The custom URL scheme both native
/// clients register (seed 002, "Deep Links"); Universal Links / App Links follow
/// `/application/domain`.
public struct Links: Hashable, Sendable {
    /// An RFC 3986 scheme, lowercase; nil when omitted (then derived from the application key).
    public var scheme: String?

    public init(scheme: String? = nil) {
        self.scheme = scheme
    }

    /// The scheme derived from an application key (`^[a-z][a-z0-9_]*$`): `_` is not allowed in a
    /// scheme, so it becomes `-` (`movie_catalog` → `movie-catalog`).
    public static func derivedScheme(key: String) -> String {
        String(key.map { $0 == "_" ? "-" : $0 })
    }

    /// The authored scheme, else the one derived from `key`.
    public func effectiveScheme(key: String) -> String { scheme ?? Self.derivedScheme(key: key) }

    /// RFC 3986 §3.1 `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`, lowercase (schemes
    /// compare case-insensitively; Android's `<data android:scheme>` matches lowercase only).
    public static func isScheme(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return s.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) }
    }

    /// Schemes the platforms or the shell already give a meaning: a link in one would never reach
    /// the app, or would hijack the system's handling.
    public static let reservedSchemes: Set<String> = [
        "http", "https", "mailto", "tel", "sms", "smsto", "mms", "facetime", "facetime-audio", "file", "ftp", "data",
        "javascript", "about", "blob", "content", "intent", "market", "geo", "maps", "ws", "wss", "hotwire",
        "itms", "itms-apps", "itms-services", "app-settings", "prefs", "shortcuts", "android-app",
    ]
}
