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
    /// The path cut at its placeholders (derived from `path` once: composition matches every
    /// output against the seams, and lowerings fill a pattern once per file).
    private let template: [Segment]
    private let pathBytes: [UInt8]
    /// What every match starts with (the bytes before the first `{`) and ends with (the bytes after
    /// the last `}`): a candidate without both cannot match, checked before the full match.
    private let literalPrefix: [UInt8]
    private let literalSuffix: [UInt8]
    /// True when the path holds a `{name}` placeholder segment.
    public let isPattern: Bool
    /// How tightly the seam's path pins a file: an exact path beats every pattern, and a pattern
    /// with more literal characters beats one with fewer.
    public let specificity: Int

    private enum Segment: Hashable, Sendable {
        case literal([UInt8])
        case placeholder(String)
    }

    public init(_ id: SeamID, path: String, mode: FileMode = .regular, origin: Origin, optional: Bool = false) {
        self.id = id
        self.path = path
        self.mode = mode
        self.origin = origin
        self.optional = optional
        pathBytes = Array(path.utf8)
        template = Self.segments(path)
        isPattern = pathBytes.contains(UInt8(ascii: "{"))
        let open = pathBytes.firstIndex(of: UInt8(ascii: "{")) ?? pathBytes.endIndex
        literalPrefix = Array(pathBytes[..<open])
        let close = pathBytes.lastIndex(of: UInt8(ascii: "}")).map { $0 + 1 } ?? pathBytes.endIndex
        literalSuffix = isPattern ? Array(pathBytes[max(close, open)...]) : []
        var literal = 0
        var inPlaceholder = false
        for ch in path {
            if ch == "{" { inPlaceholder = true } else if ch == "}" { inPlaceholder = false } else if !inPlaceholder { literal += 1 }
        }
        specificity = isPattern ? literal : Int.max
    }

    /// `path` as literal runs and `{name}` placeholders; a `{` without its `}` is literal.
    private static func segments(_ path: String) -> [Segment] {
        let bytes = Array(path.utf8)
        var segments: [Segment] = []
        var literal: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "{"), let close = bytes[(i + 1)...].firstIndex(of: UInt8(ascii: "}")) {
                if !literal.isEmpty { segments.append(.literal(literal)); literal = [] }
                segments.append(.placeholder(String(decoding: bytes[(i + 1)..<close], as: UTF8.self)))
                i = close + 1
            } else {
                literal.append(bytes[i])
                i += 1
            }
        }
        if !literal.isEmpty { segments.append(.literal(literal)) }
        return segments
    }

    public var platform: Platform { id.platform }

    /// The seam's path in the output (its Core's mount prepended).
    public var outputPath: String { mounted(platform.mount, path) }

    /// The output path of one file of a pattern seam: each `{name}` replaced by its value.
    /// A placeholder without a value stays as written.
    public func outputPath(_ values: [String: String]) -> String {
        guard isPattern else { return outputPath }
        let mount = platform.mount
        var out: [UInt8] = []
        out.reserveCapacity(mount.utf8.count + 1 + path.utf8.count + 32)
        if !mount.isEmpty { out += mount.utf8; out.append(UInt8(ascii: "/")) }
        for segment in template {
            switch segment {
            case let .literal(bytes): out += bytes
            case let .placeholder(name):
                if let value = values[name] { out += value.utf8 } else { out += "{\(name)}".utf8 }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }


    /// Whether `path` (relative to the Core root) is this seam's path; `{name}` matches one or
    /// more characters other than `/`, `{name*}` one or more path segments (`a/b.swift`).
    public func matches(_ candidate: String) -> Bool {
        guard isPattern else { return candidate == path }
        return matches(utf8: Array(candidate.utf8))
    }

    /// `matches` for a candidate already as UTF-8 bytes (composition matches each output against
    /// every pattern: the bytes are made once per output, and most patterns are ruled out by
    /// their literal prefix or suffix without the full match).
    public func matches(utf8 candidate: [UInt8]) -> Bool {
        guard isPattern else { return candidate == pathBytes }
        guard candidate.count >= literalPrefix.count + literalSuffix.count,
              candidate.starts(with: literalPrefix),
              candidate[(candidate.count - literalSuffix.count)...].elementsEqual(literalSuffix) else { return false }
        return Self.match(pathBytes[...], candidate[...])
    }

    private static func match(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        if first == UInt8(ascii: "{") {
            guard let close = pattern.firstIndex(of: UInt8(ascii: "}")) else { return false }
            let rest = pattern[(close + 1)...]
            let segments = pattern[pattern.index(before: close)] == UInt8(ascii: "*")
            var i = text.startIndex
            while i < text.endIndex && (segments || text[i] != UInt8(ascii: "/")) {
                i += 1
                if match(rest, text[i...]) { return true }
            }
            return false
        }
        guard let t = text.first, t == first else { return false }
        return match(pattern.dropFirst(), text.dropFirst())
    }
}
