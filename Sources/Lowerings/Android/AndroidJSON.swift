/// A JSON value whose object members keep their written order, printed with 2-space indentation;
/// arrays of scalars stay on one line.
indirect enum AndroidJSON: Sendable {
    case object([(String, AndroidJSON)])
    case array([AndroidJSON])
    case string(String)
    case bool(Bool)

    func pretty(indent: String) -> String {
        let inner = indent + "  "
        switch self {
        case .string(let s): return Self.quote(s)
        case .bool(let b): return b ? "true" : "false"
        case .array(let items):
            if items.isEmpty { return "[]" }
            if items.allSatisfy(\.isScalar) { return "[" + items.map { $0.pretty(indent: inner) }.joined(separator: ", ") + "]" }
            return "[\n" + items.map { inner + $0.pretty(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            return "{\n" + members.map { inner + Self.quote($0.0) + ": " + $0.1.pretty(indent: inner) }.joined(separator: ",\n")
                + "\n" + indent + "}"
        }
    }

    private var isScalar: Bool {
        switch self {
        case .string, .bool: return true
        case .object, .array: return false
        }
    }

    /// RFC 8259 string: `"` and `\` escaped, control characters as `\uXXXX` (`\n`, `\t` short forms).
    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += "\\u" + AndroidText.hex4(scalar.value).lowercased() } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}
