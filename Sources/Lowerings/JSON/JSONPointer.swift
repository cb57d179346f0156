/// An RFC 6901 JSON pointer. The root is the empty pointer; `~` is written `~0` and `/` is `~1`.
public struct JSONPointer: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The last token and the pointer it extends. A parsed Plan holds a pointer for every value;
    /// as an array of tokens each was a copy of its parent's (the load's largest allocation, and
    /// most of its time); as a node, appending a token is one small allocation that shares every
    /// token above it.
    private final class Node: Sendable {
        let parent: Node?
        let token: String
        let depth: Int

        init(parent: Node?, token: String) {
            self.parent = parent
            self.token = token
            depth = (parent?.depth ?? 0) + 1
        }
    }

    private let last: Node?

    private init(last: Node?) { self.last = last }

    public init(tokens: [String] = []) {
        var node: Node?
        for token in tokens { node = Node(parent: node, token: token) }
        last = node
    }

    /// The unescaped reference tokens, outermost first.
    public var tokens: [String] {
        var out = [String](repeating: "", count: depth)
        var node = last
        while let n = node {
            out[n.depth - 1] = n.token
            node = n.parent
        }
        return out
    }

    /// The number of tokens.
    public var depth: Int { last?.depth ?? 0 }

    /// Parses an escaped pointer such as `/entities/2/plural`; nil when it is not a valid pointer.
    public init?(_ text: String) {
        if text.isEmpty { self.init(); return }
        guard text.hasPrefix("/") else { return nil }
        var tokens: [String] = []
        for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var token = ""
            var chars = raw.makeIterator()
            while let c = chars.next() {
                if c == "~" {
                    switch chars.next() {
                    case "0": token.append("~")
                    case "1": token.append("/")
                    default: return nil
                    }
                } else {
                    token.append(c)
                }
            }
            tokens.append(token)
        }
        self.init(tokens: tokens)
    }

    public static let root = JSONPointer()

    public var isRoot: Bool { last == nil }

    public func appending(_ key: String) -> JSONPointer { JSONPointer(last: Node(parent: last, token: key)) }

    public func appending(_ index: Int) -> JSONPointer { appending(String(index)) }

    /// The pointer one level up; the root is its own parent.
    public var parent: JSONPointer { JSONPointer(last: last?.parent) }

    /// Equal tokens, compared from the last up; a shared node ends the comparison.
    public static func == (a: JSONPointer, b: JSONPointer) -> Bool {
        guard a.depth == b.depth else { return false }
        var x = a.last, y = b.last
        while let p = x, let q = y {
            if p === q { return true }
            guard p.token == q.token else { return false }
            x = p.parent
            y = q.parent
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(depth)
        var node = last
        while let n = node {
            hasher.combine(n.token)
            node = n.parent
        }
    }

    public var description: String {
        let tokens = self.tokens
        var out: [UInt8] = []
        out.reserveCapacity(tokens.reduce(0) { $0 + $1.utf8.count + 1 })
        for token in tokens {
            out.append(UInt8(ascii: "/"))
            Self.appendEscaped(token, to: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Escapes one reference token: `~` to `~0`, `/` to `~1`.
    public static func escape(_ token: String) -> String {
        var out: [UInt8] = []
        appendEscaped(token, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func appendEscaped(_ token: String, to out: inout [UInt8]) {
        for b in token.utf8 {
            switch b {
            case UInt8(ascii: "~"): out += [UInt8(ascii: "~"), UInt8(ascii: "0")]
            case UInt8(ascii: "/"): out += [UInt8(ascii: "~"), UInt8(ascii: "1")]
            default: out.append(b)
            }
        }
    }

    public static func < (a: JSONPointer, b: JSONPointer) -> Bool {
        a.description.utf8.lexicographicallyPrecedes(b.description.utf8)
    }
}

extension String {
    /// Foundation-free replacement of every occurrence of a non-empty `target`.
    func replacingOccurrences(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self {
            if c == target { out += replacement } else { out.append(c) }
        }
        return out
    }
}
