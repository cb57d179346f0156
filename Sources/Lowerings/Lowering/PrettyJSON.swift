/// A JSON value with its object members in the order they are written, for generated files that
/// people read (path configurations, asset catalogs). Output is deterministic: 2-space indentation,
/// one member or element per line (or, with `inlineScalarArrays`, arrays of scalars on one line),
/// `{}`/`[]` when empty, a trailing newline.
indirect enum PrettyJSON: Sendable {
    case object([(String, PrettyJSON)])
    case array([PrettyJSON])
    case string(String)
    case int(Int)
    case bool(Bool)

    /// How a member's name and value are separated: `": "` (JSON's usual form) or `" : "`
    /// (the form Xcode writes into asset catalogs).
    enum Style: Sendable {
        case standard
        case xcode

        var separator: String { self == .standard ? ": " : " : " }
    }

    func rendered(_ style: Style = .standard, inlineScalarArrays: Bool = false) -> [UInt8] {
        var out = ""
        write(into: &out, indent: 0, style: style, inline: inlineScalarArrays)
        out += "\n"
        return Array(out.utf8)
    }

    private var isScalar: Bool {
        switch self {
        case .string, .int, .bool: return true
        case .object, .array: return false
        }
    }

    private func write(into out: inout String, indent: Int, style: Style, inline: Bool) {
        let inner = String(repeating: "  ", count: indent + 1)
        let closing = String(repeating: "  ", count: indent)
        switch self {
        case .string(let s): out += PrettyJSON.quoted(s)
        case .int(let n): out += String(n)
        case .bool(let b): out += b ? "true" : "false"
        case .array(let elements):
            guard !elements.isEmpty else { out += "[]"; return }
            if inline && elements.allSatisfy(\.isScalar) {
                out += "["
                for (i, element) in elements.enumerated() {
                    if i > 0 { out += ", " }
                    element.write(into: &out, indent: indent + 1, style: style, inline: inline)
                }
                out += "]"
                return
            }
            out += "[\n"
            for (i, element) in elements.enumerated() {
                out += inner
                element.write(into: &out, indent: indent + 1, style: style, inline: inline)
                out += i == elements.count - 1 ? "\n" : ",\n"
            }
            out += closing + "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{\n"
            for (i, (name, value)) in members.enumerated() {
                out += inner + PrettyJSON.quoted(name) + style.separator
                value.write(into: &out, indent: indent + 1, style: style, inline: inline)
                out += i == members.count - 1 ? "\n" : ",\n"
            }
            out += closing + "}"
        }
    }

    /// A JSON string literal: `"` and `\` escaped, control characters as `\n`, `\t` or `\u00XX`,
    /// `/` and non-ASCII text left as they are.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16, uppercase: false)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
