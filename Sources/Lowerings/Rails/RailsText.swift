/// Spelling helpers for generated Ruby, ERB and HTML. Every display string from the Plan passes
/// through one of these before it lands in a file.
enum RailsText {
    /// `watchlist_item` → `WatchlistItem`.
    static func camelize(_ snake: String) -> String {
        snake.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// `released_on` → `Released on` (the label Rails' `humanize` would give).
    static func humanize(_ snake: String) -> String {
        let words = snake.split(separator: "_").joined(separator: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// A double-quoted Ruby string literal; `#` is escaped so no interpolation can start, and the
    /// `>` of `%>` (as `\>`, the same character) so the literal cannot end an ERB tag it sits in.
    static func ruby(_ text: String) -> String {
        var out = "\""
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "#": out += "\\#"
            case ">" where previous == "%": out += "\\>"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Text for an HTML element or attribute; also keeps `<%` out of ERB templates.
    static func html(_ text: String) -> String { HTMLText.escape(text) }

    /// A Markdown line fragment: backslash-escapes the characters that start markup.
    static func markdown(_ text: String) -> String {
        var out = ""
        for c in text {
            if "\\`*_[]<>#|".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out
    }

    /// A single-quoted shell word.
    static func shell(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Lines joined with `\n`, ending in one newline.
    static func file(_ lines: [String]) -> [UInt8] {
        Array((lines.joined(separator: "\n") + "\n").utf8)
    }
}
