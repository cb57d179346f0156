/// One problem an audit found: a stable code, the tree, the output path, and what was seen.
public struct AuditFinding: Codable, Hashable, Sendable, Comparable, CustomStringConvertible {
    public var code: AuditCode
    /// The tree the finding belongs to.
    public var tree: Platform
    /// The path relative to the output root (mount included).
    public var path: String
    public var message: String

    public init(_ code: AuditCode, tree: Platform, path: String, _ message: String) {
        self.code = code
        self.tree = tree
        self.path = path
        self.message = message
    }

    /// `<code> <path>: <message>`, one line.
    public var description: String { "\(code.rawValue) \(path): \(message)" }

    /// By path (bytewise), then code, then message.
    public static func < (a: AuditFinding, b: AuditFinding) -> Bool {
        if a.path != b.path { return a.path.utf8Precedes(b.path) }
        return (a.code.rawValue, a.message) < (b.code.rawValue, b.message)
    }
}
