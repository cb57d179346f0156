/// A bridge component's pieces must share one name (seed 001: "A single typo across the three
/// silently disables the bridge"). For the app's own components (issue 16's declarations, issue
/// 17's check) that is: the web half's `static component = "<name>"` (`native/web/*_controller.js`),
/// the Plan's component name (`native.<client>.components`, which the generated registries and the
/// Android factory are spelt from), and the Swift type's `class var name` (`native/ios`). The
/// built-in components' pieces are orchestrate's own and checked after composition
/// (`BuiltInBridgeCheck`).
enum BridgeNames {
    /// `static component = "share"` (single or double quotes).
    static func webName(_ bytes: [UInt8]) -> (name: String, line: Int)? {
        literal(after: ["static", "component", "="], in: tokenize(String(decoding: bytes, as: UTF8.self)))
    }

    /// `class var name: String { "share" }` (optionally `return "share"`) in the file declaring `type`.
    static func swiftName(_ bytes: [UInt8], type: String) -> (name: String, line: Int)? {
        let tokens = tokenize(String(decoding: bytes, as: UTF8.self))
        guard declares(tokens, "class", type) else { return nil }
        return literal(after: ["class", "var", "name", ":", "String", "{"], in: tokens, optional: ["return"])
    }

    /// Whether `tokens` have the two words `keyword type` in a row.
    private static func declares(_ tokens: [Token], _ keyword: String, _ type: String) -> Bool {
        zip(tokens, tokens.dropFirst()).contains { $0.text == keyword && $1.text == type }
    }

    /// The first string literal that follows `words` (tokens, any whitespace between), and its line.
    private static func literal(after words: [String], in tokens: [Token], optional: Set<String> = []) -> (name: String, line: Int)? {
        var i = 0
        while i + words.count < tokens.count {
            if tokens[i..<(i + words.count)].map(\.text) == words {
                var j = i + words.count
                while j < tokens.count, optional.contains(tokens[j].text) { j += 1 }
                if j < tokens.count, let quoted = tokens[j].string { return (quoted, tokens[j].line) }
            }
            i += 1
        }
        return nil
    }

    private struct Token { var text: String; var string: String?; var line: Int }

    /// Identifiers, single punctuation characters and string literals; comments skipped.
    private static func tokenize(_ text: String) -> [Token] {
        var tokens: [Token] = []
        let s = Array(text.unicodeScalars)
        var i = 0, line = 1
        func isWord(_ c: Unicode.Scalar) -> Bool { c == "_" || c == "$" || c.properties.isAlphabetic || ("0"..."9").contains(c) }
        while i < s.count {
            let c = s[i]
            if c == "\n" { line += 1; i += 1; continue }
            if c.properties.isWhitespace { i += 1; continue }
            if c == "/", i + 1 < s.count, s[i + 1] == "/" {
                while i < s.count, s[i] != "\n" { i += 1 }
                continue
            }
            if c == "/", i + 1 < s.count, s[i + 1] == "*" {
                i += 2
                while i + 1 < s.count, !(s[i] == "*" && s[i + 1] == "/") { if s[i] == "\n" { line += 1 }; i += 1 }
                i += 2
                continue
            }
            if c == "\"" || c == "'" {
                var j = i + 1, value = ""
                while j < s.count, s[j] != c, s[j] != "\n" {
                    if s[j] == "\\", j + 1 < s.count { j += 1 }
                    value.unicodeScalars.append(s[j])
                    j += 1
                }
                tokens.append(Token(text: String(c), string: value, line: line))
                i = j + 1
                continue
            }
            if isWord(c) {
                var j = i
                var word = ""
                while j < s.count, isWord(s[j]) { word.unicodeScalars.append(s[j]); j += 1 }
                tokens.append(Token(text: word, string: nil, line: line))
                i = j
                continue
            }
            tokens.append(Token(text: String(c), string: nil, line: line))
            i += 1
        }
        return tokens
    }
}

extension NativeExtensions {
    /// The names of the app's bridge components agree (see `BridgeNames`); a web file takes no
    /// built-in controller's place. Runs when a native directory was read.
    static func checkBridgeNames(_ sources: NativeSources, _ out: NativeExtensions, plan: Plan,
                                 report: (DiagnosticCode, String, Int, Diagnostic.Severity, String) -> Void) {
        let app = plan.application
        let builtIn = BridgeProjection(plan: plan).components
        var declared: [String: [Platform]] = [:]
        for platform in Platform.clients {
            for c in app.native.client(platform)?.components ?? [] { declared[c.id, default: []].append(platform) }
        }
        let known = declared.keys.sorted() + builtIn.map(\.name)
        var webNames: Set<String> = []
        let webPrefix = WebExtensionPaths.controllers + "/"
        for file in out.web {
            let path = sourcePath(file)
            let inside = String(file.destination.dropFirst(webPrefix.count))
            if let c = builtIn.first(where: { file.destination == CoreCatalog.seam($0.webSeam).outputPath }) {
                report(.sourceFileNameReserved, path, 1, .error,
                       "\(inside) is the web half of orchestrate's built-in \(c.name) component (/application/bridge/\(c.name)); rename yours, or set \"bridge\": { \"\(c.name)\": false }")
                continue
            }
            guard let (name, line) = BridgeNames.webName(file.bytes) else {
                report(.bridgeWebNameMissing, path, 1, .warning,
                       "no static component = \"<name>\": a BridgeComponent names the native component it talks to; add one (one of: \(known.joined(separator: ", "))) or move the file out of web/")
                continue
            }
            webNames.insert(name)
            if declared[name] == nil && !builtIn.contains(where: { $0.name == name }) {
                let hint = nearestName(name, among: known).map { "did you mean \"\($0)\"? " } ?? ""
                report(.bridgeWebNameUndeclared, path, line, .error,
                       "static component = \"\(name)\" names no component of /application/native/ios/components or /application/native/android/components, so the bridge would stay silently off; \(hint)use a declared name or declare \"\(name)\"")
            }
        }
        for (name, platforms) in declared.sorted(by: { $0.key < $1.key }) where !webNames.contains(name) {
            let pointers = platforms.map { "\($0.clientPointer)/components/\(name)" }.joined(separator: " and ")
            report(.bridgeComponentWithoutWeb, "web", 1, .error,
                   "\(pointers) \(platforms.count > 1 ? "declare" : "declares") component \"\(name)\", but no web/*_controller.js says static component = \"\(name)\", so nothing on the page talks to it; add the web half or fix its name")
        }
        // The Swift half names itself: `class var name` in the file declaring the type.
        for c in app.native.ios?.components ?? [] {
            for file in sources.files where file.path.hasPrefix("ios/") && file.path.hasSuffix(".swift") {
                guard let (name, line) = BridgeNames.swiftName(file.bytes, type: c.type) else { continue }
                if name != c.id {
                    report(.bridgeSwiftNameMismatch, file.path, line, .error,
                           "\(c.type) names itself \"\(name)\", but /application/native/ios/components calls it \"\(c.id)\" (and the web half's static component must match): use one name")
                }
                break
            }
        }
    }

    private static func sourcePath(_ file: ExtensionFile) -> String {
        String(file.origin.dropFirst("native/".count))
    }
}
