/// Text for an HTML element or attribute (`&`, `<`, `>`, `"`, `'` as entities): the generated
/// Rails views (`RailsText.html`, which also keeps `<%` out of ERB) and `orchestrate report`'s page.
/// By Unicode scalar: a quote followed by a combining mark is one `Character` that a `Character`
/// comparison misses, but an HTML parser reads the quote alone.
public enum HTMLText {
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
