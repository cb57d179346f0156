/// A route the Rails app draws, as path segments; a parameter matches exactly one path segment.
/// The path configurations of both clients write its `pattern`, so the two classify the same URLs.
public struct PathRoute: Hashable, Sendable {
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

    /// The optional query string both clients accept after a path (Hotwire Native matches
    /// `path?query` when a query is present).
    public static let querySuffix = "(?:\\?.*)?$"

    /// Anchored, one path segment per parameter (`[^/?]+`: neither a slash nor the start of the
    /// query), with the query-safe suffix.
    public var pattern: String {
        "^" + segments.map {
            switch $0 {
            case .literal(let s): return "/" + PathRoute.escaped(s)
            case .parameter: return "/[^/?]+"
            }
        }.joined() + PathRoute.querySuffix
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
