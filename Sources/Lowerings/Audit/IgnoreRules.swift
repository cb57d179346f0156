/// The patterns of a tree's own `.gitignore` (the one at the platform tree's root that the Core
/// ships), with git's matching rules for what the Cores use: comments and blank lines, `!`
/// negation (the last matching rule wins), a trailing `/` for directories only, a pattern with a
/// `/` anchored to the tree's root, otherwise matched against a name at any depth; `*`, `?`,
/// `[…]` within one path segment and `**` across segments. A path below an ignored directory is
/// ignored and cannot be re-included (as in git).
///
/// The native input digest leaves these paths out, so the files `xcodegen generate` or a Gradle
/// build write (`*.xcodeproj/`, `App/Info.plist`, `build/`, `.gradle/`, `local.properties`) leave
/// it where CI, which hashes what `git ls-files --cached --others --exclude-standard` lists,
/// and the preview helpers find it.
public struct IgnoreRules: Hashable, Sendable {
    struct Rule: Hashable, Sendable {
        var pattern: [Character]
        var negated: Bool
        var directoryOnly: Bool
        var anchored: Bool
    }

    let rules: [Rule]

    public static let none = IgnoreRules(text: "")

    public init(text: String) {
        var rules: [Rule] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = String(raw)
            if line.hasSuffix("\r") { line.removeLast() }
            while line.hasSuffix(" "), !line.hasSuffix("\\ ") { line.removeLast() }
            if line.isEmpty || line.hasPrefix("#") { continue }
            var negated = false
            if line.hasPrefix("!") { negated = true; line.removeFirst() }
            else if line.hasPrefix("\\!") || line.hasPrefix("\\#") { line.removeFirst() }
            var directoryOnly = false
            if line.hasSuffix("/") { directoryOnly = true; line.removeLast() }
            let anchored = line.contains("/")
            if line.hasPrefix("/") { line.removeFirst() }
            if line.isEmpty { continue }
            rules.append(Rule(pattern: Array(line), negated: negated, directoryOnly: directoryOnly, anchored: anchored))
        }
        self.rules = rules
    }

    /// True when the file at `path` (relative to the tree, `/`-separated) is ignored.
    public func ignores(_ path: String) -> Bool {
        guard !rules.isEmpty else { return false }
        let segments = path.split(separator: "/").map(String.init)
        // Every leading directory first: an ignored directory hides everything below it.
        for depth in 1..<max(segments.count, 1) where decision(segments[0..<depth].joined(separator: "/"), directory: true) {
            return true
        }
        return decision(path, directory: false)
    }

    private func decision(_ path: String, directory: Bool) -> Bool {
        let name = Array(path.split(separator: "/").last.map(String.init) ?? path)
        let whole = Array(path)
        var ignored = false
        for rule in rules where !rule.directoryOnly || directory {
            if IgnoreRules.glob(rule.pattern[...], rule.anchored ? whole[...] : name[...]) { ignored = !rule.negated }
        }
        return ignored
    }

    /// Git's wildmatch for the subset above: `*` and `?` stop at `/`, `**/` spans directories.
    static func glob(_ p: ArraySlice<Character>, _ s: ArraySlice<Character>) -> Bool {
        guard let c = p.first else { return s.isEmpty }
        switch c {
        case "*":
            if p.dropFirst().first == "*" {
                let rest = p.dropFirst(2)
                if rest.isEmpty { return true }
                if rest.first == "/" {
                    let after = rest.dropFirst()
                    if glob(after, s) { return true }
                    var i = s.startIndex
                    while i < s.endIndex {
                        if s[i] == "/", glob(after, s[(i + 1)...]) { return true }
                        i += 1
                    }
                    return false
                }
                return glob(p.dropFirst(), s)
            }
            var i = s.startIndex
            while true {
                if glob(p.dropFirst(), s[i...]) { return true }
                if i == s.endIndex || s[i] == "/" { return false }
                i += 1
            }
        case "?":
            guard let first = s.first, first != "/" else { return false }
            return glob(p.dropFirst(), s.dropFirst())
        case "[":
            guard let first = s.first, first != "/", let (matched, rest) = characterClass(p, first) else {
                return s.first == "[" && glob(p.dropFirst(), s.dropFirst())
            }
            return matched && glob(rest, s.dropFirst())
        case "\\":
            guard let literal = p.dropFirst().first, s.first == literal else { return false }
            return glob(p.dropFirst(2), s.dropFirst())
        default:
            guard s.first == c else { return false }
            return glob(p.dropFirst(), s.dropFirst())
        }
    }

    /// Whether `c` is in the class that opens `p` (`[abc]`, `[a-z]`, `[!x]`), and the pattern after
    /// it; nil when the class never closes (then `[` is literal).
    private static func characterClass(_ p: ArraySlice<Character>, _ c: Character) -> (Bool, ArraySlice<Character>)? {
        var i = p.index(after: p.startIndex)
        var negate = false
        if i < p.endIndex, p[i] == "!" || p[i] == "^" { negate = true; i += 1 }
        var matched = false
        var first = true
        while i < p.endIndex {
            if p[i] == "]", !first { return (matched != negate, p[(i + 1)...]) }
            first = false
            if i + 2 < p.endIndex, p[i + 1] == "-", p[i + 2] != "]" {
                if p[i] <= c, c <= p[i + 2] { matched = true }
                i += 3
            } else {
                if p[i] == c { matched = true }
                i += 1
            }
        }
        return nil
    }
}
