/// Escapers for the three text formats the Android renderers write.
enum AndroidText {
    /// A Kotlin string literal (with quotes): `\`, `"` and `$` escaped; control characters and the
    /// Unicode line/paragraph separators as `\uXXXX`. Other text stays as written (UTF-8 source).
    static func kotlinString(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "$": out += "\\$"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    out += "\\u" + hex4(scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Element text for XML 1.0: `&`, `<`, `>` as entities (`>` so `]]>` never appears).
    static func xmlText(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The content of an Android `<string>` resource that reads back as exactly `s`.
    ///
    /// aapt2 treats `\`, `'`, `"` specially, reads a leading `@` or `?` as a reference, and collapses
    /// whitespace outside double quotes. So: `\` `'` `"` `@` `?` are backslash-escaped, a newline or
    /// tab becomes `\n`/`\t`, other control characters `\uXXXX`, and a value with leading, trailing or
    /// repeated spaces is wrapped in (unescaped) double quotes. Then XML escaping (`&`, `<`, `>`).
    static func androidString(_ s: String) -> String {
        var body = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\\": body += "\\\\"
            case "'": body += "\\'"
            case "\"": body += "\\\""
            case "@": body += "\\@"
            case "?": body += "\\?"
            case "\n": body += "\\n"
            case "\t": body += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    body += "\\u" + hex4(scalar.value)
                } else {
                    body.unicodeScalars.append(scalar)
                }
            }
        }
        let needsQuotes = s.hasPrefix(" ") || s.hasSuffix(" ") || s.contains("  ")
        return xmlText(needsQuotes ? "\"" + body + "\"" : body)
    }
}
