/// An RFC 6901 JSON pointer. The root is the empty pointer; `~` is written `~0` and `/` is `~1`.
public struct JSONPointer: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The unescaped reference tokens, outermost first.
    public var tokens: [String]

    public init(tokens: [String] = []) { self.tokens = tokens }

    /// Parses an escaped pointer such as `/entities/2/plural`; nil when it is not a valid pointer.
    public init?(_ text: String) {
        if text.isEmpty { self.tokens = []; return }
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
        self.tokens = tokens
    }

    public static let root = JSONPointer()

    public var isRoot: Bool { tokens.isEmpty }

    public func appending(_ key: String) -> JSONPointer { JSONPointer(tokens: tokens + [key]) }

    public func appending(_ index: Int) -> JSONPointer { JSONPointer(tokens: tokens + [String(index)]) }

    /// The pointer one level up; the root is its own parent.
    public var parent: JSONPointer { JSONPointer(tokens: Array(tokens.dropLast())) }

    public var description: String {
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
