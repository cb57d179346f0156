/// The prefix each native client puts before Hotwire Native's user agent (`Hotwire.config
/// .applicationUserAgentPrefix` on both platforms), built from the app's display name so each app
/// names itself in server logs instead of every app sending the same token: the ASCII letters and
/// digits of the name, each run capitalized and joined (`Movie Catalog` → `MovieCatalog;`). A name
/// with none (all non-ASCII, say) falls back to the application key (`movie_catalog` →
/// `MovieCatalog;`). The result is a plain HTTP token, so it is safe in a User-Agent header, and it
/// never contains "Hotwire Native", which Rails' `hotwire_native_app?` looks for.
public enum UserAgentPrefix {
    public static func make(name: String, key: String) -> String {
        let fromName = camel(runs(name))
        return (fromName.isEmpty ? camel(runs(key)) : fromName) + ";"
    }

    private static func runs(_ text: String) -> [String] {
        var runs: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                runs.append(current)
                current = ""
            }
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    private static func camel(_ runs: [String]) -> String {
        runs.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
