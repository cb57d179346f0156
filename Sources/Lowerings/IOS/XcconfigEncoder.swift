/// Writes a literal string as an `.xcconfig` value that Xcode reads back unchanged.
///
/// Part of release `ios-application-2026-11.1`: changing the bytes it produces needs a new release.
/// Xcode's configuration-file parser starts a comment at any `//` (quotes do not protect it),
/// skips whitespace after `=`, trims trailing whitespace and a trailing `;`, joins a line ending
/// in `\` with the next one, and expands `$(NAME)`, `${NAME}` and `$NAME`, with `$$` standing for
/// a literal `$` and `$()` expanding to nothing. So the encoder:
///
/// * writes every `$` as `$$`;
/// * breaks every `//` with an empty reference: `/$()/` (so `///` becomes `/$()/$()/`);
/// * puts `$()` before a leading whitespace character and after a trailing whitespace character
///   or `;`, so neither is trimmed;
/// * refuses a line break (`\n`, `\r`, U+0085, U+2028, U+2029) and a trailing `\`, which no value
///   on one line can carry.
///
/// Quotes, backslashes elsewhere and any other Unicode pass through as they are.
public enum XcconfigEncoder {
    public enum Problem: Error, Hashable, Sendable {
        case lineBreak
        case trailingBackslash
    }

    static let emptyReference = "$()"
    static let lineBreaks: Set<Unicode.Scalar> = ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"]

    /// The encoded value, or why `value` cannot be written on one xcconfig line.
    public static func encode(_ value: String) -> Result<String, Problem> {
        if value.unicodeScalars.contains(where: { lineBreaks.contains($0) }) { return .failure(.lineBreak) }
        if value.unicodeScalars.last == "\\" { return .failure(.trailingBackslash) }
        // Scalars, not Characters: the parser reads bytes, and a combining mark after `/` or `$`
        // must not hide the byte pair it forms.
        var out = ""
        var previous: Unicode.Scalar?
        for scalar in value.unicodeScalars {
            switch scalar {
            case "$": out += "$$"
            case "/" where previous == "/": out += emptyReference + "/"
            default: out.unicodeScalars.append(scalar)
            }
            previous = scalar
        }
        if let first = value.unicodeScalars.first, first.properties.isWhitespace { out = emptyReference + out }
        if let last = value.unicodeScalars.last, last.properties.isWhitespace || last == ";" { out += emptyReference }
        return .success(out)
    }
}
