/// Swift source spellings of values that generated Swift files embed.
enum SwiftLiteral {
    /// A single-line string literal: `"` and `\` escaped; control characters, DEL and the Unicode
    /// line and paragraph separators as `\u{…}`, so the literal stays on one line; everything else
    /// as written.
    static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                || scalar == "\u{2028}" || scalar == "\u{2029}":
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `["a", "b"]` on one line.
    static func stringArray(_ values: [String]) -> String {
        "[" + values.map(string).joined(separator: ", ") + "]"
    }
}
