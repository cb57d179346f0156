import Hashing

/// One file of a Core source tree that composition takes from a renderer
/// instead of from the pinned Core archive.
///
/// A `.replaces` seam names a placeholder file that exists in the Core tree and
/// is swapped for the rendered bytes; an `.adds` seam names a file the Core does
/// not ship. An `.adds` path may be a pattern: a segment written `{name}`
/// (`{entity}`, `{plural}`, `{token}`, `{timestamp}`, `{view}`) stands for a
/// value the renderer derives from the Plan, one file per value.
public struct CoreSeam: Hashable, Sendable {
    public enum Origin: String, Hashable, Sendable {
        case replaces
        case adds
    }

    /// Which seam; also the owner its outputs are recorded under.
    public let id: SeamID
    /// Path relative to the Core root, `/`-separated, never absolute.
    public let path: String
    public let mode: FileMode
    public let origin: Origin
    /// A `.replaces` seam that a lowering may leave alone (the Core's file then stays, e.g. the
    /// Rodauth initializer without an account). Every other `.replaces` seam needs one output.
    public let optional: Bool

    public init(_ id: SeamID, path: String, mode: FileMode = .regular, origin: Origin, optional: Bool = false) {
        self.id = id
        self.path = path
        self.mode = mode
        self.origin = origin
        self.optional = optional
    }

    public var platform: Platform { id.platform }

    /// The seam's path in the output (its Core's mount prepended).
    public var outputPath: String { mounted(platform.mount, path) }

    /// The output path of one file of a pattern seam: each `{name}` replaced by its value.
    public func outputPath(_ values: [String: String]) -> String {
        var path = self.path
        for (name, value) in values { path = path.split(separator: "{\(name)}", omittingEmptySubsequences: false).joined(separator: value) }
        return mounted(platform.mount, path)
    }

    /// How tightly the seam's path pins a file: an exact path beats every pattern, and a pattern
    /// with more literal characters beats one with fewer.
    public var specificity: Int {
        guard isPattern else { return Int.max }
        var literal = 0
        var inPlaceholder = false
        for ch in path {
            if ch == "{" { inPlaceholder = true } else if ch == "}" { inPlaceholder = false } else if !inPlaceholder { literal += 1 }
        }
        return literal
    }

    /// Whether `path` (relative to the Core root) is this seam's path; `{name}` matches one or
    /// more characters other than `/`.
    public func matches(_ candidate: String) -> Bool {
        guard isPattern else { return candidate == path }
        return Self.match(Array(path.utf8)[...], Array(candidate.utf8)[...])
    }

    private static func match(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        if first == UInt8(ascii: "{") {
            guard let close = pattern.firstIndex(of: UInt8(ascii: "}")) else { return false }
            let rest = pattern[(close + 1)...]
            var i = text.startIndex
            while i < text.endIndex && text[i] != UInt8(ascii: "/") {
                i += 1
                if match(rest, text[i...]) { return true }
            }
            return false
        }
        guard let t = text.first, t == first else { return false }
        return match(pattern.dropFirst(), text.dropFirst())
    }

    /// True when the path holds a `{name}` placeholder segment.
    public var isPattern: Bool {
        path.contains("{")
    }
}
