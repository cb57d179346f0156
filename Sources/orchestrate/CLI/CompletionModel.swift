/// What shell completion offers for each command, read from the commands' declarations (their
/// option tables and usage lines), never listed by hand: a command or option added to the CLI
/// is completed without touching the scripts. `CompletionScript` writes it for bash, zsh and fish.
struct CompletionModel: Sendable {
    /// What a value or positional argument completes to.
    enum Values: Equatable, Sendable {
        /// Anything (a number, a URL, a name): no suggestion.
        case none
        case files
        case directories
        /// One of a closed set (`json|dot`, `ios|android`).
        case choices([String])
    }

    struct Option: Sendable {
        /// Without dashes.
        let name: String
        /// The first line of its help.
        let summary: String
        /// Nil: a flag (no value).
        let value: Values?
        /// The word completion offers: `--name`, or `--name=false` for a flag on by default.
        let word: String
        let repeatable: Bool
    }

    struct Entry: Sendable {
        let name: String
        let abstract: String
        /// First positional words that select a mode (`store stats|verify|gc`, `completions bash`).
        let subcommands: [String]
        let options: [Option]
        /// The other positional arguments (`PLAN`, `DIR`).
        let positionals: Values
    }

    let commands: [Entry]

    init(_ commands: [Command.Type]) {
        self.commands = commands.map(Self.entry)
    }

    static func entry(_ c: Command.Type) -> Entry {
        var subcommands: [String] = []
        var positionalWords: [String] = []
        for u in c.usage {
            let words = u.words.split(separator: " ").map { $0.trimmingCharacters(in: ["[", "]"]) }
            guard let first = words.first else { continue }
            let alternatives = first.split(separator: "|").map(String.init)
            if alternatives.allSatisfy(isLiteral) {
                subcommands += alternatives.filter { !subcommands.contains($0) }
                positionalWords += words.dropFirst()
            } else {
                positionalWords += words
            }
        }
        let options = c.options.map { o -> Option in
            let summary = String(o.help.split(separator: "\n", omittingEmptySubsequences: false)[0])
            switch o.value {
            case .flag: return Option(name: o.name, summary: summary, value: nil, word: "--" + o.name, repeatable: false)
            case .onByDefault: return Option(name: o.name, summary: summary, value: nil, word: "--" + o.name + "=false", repeatable: false)
            case let .one(placeholder): return Option(name: o.name, summary: summary, value: values(placeholder), word: "--" + o.name, repeatable: false)
            case let .many(placeholder): return Option(name: o.name, summary: summary, value: values(placeholder), word: "--" + o.name, repeatable: true)
            }
        }
        // The other positionals: directories when every placeholder is `DIR`, else files; none
        // when the command takes none, or only its subcommand.
        let placeholders = positionalWords.flatMap { $0.split(separator: "|").map(String.init) }
        let positionals: Values
        if c.positionals.upperBound == 0 || (!subcommands.isEmpty && placeholders.isEmpty) {
            positionals = .none
        } else if !placeholders.isEmpty, placeholders.allSatisfy({ $0 == "DIR" }) {
            positionals = .directories
        } else {
            positionals = .files
        }
        return Entry(name: c.name, abstract: c.abstract, subcommands: subcommands, options: options, positionals: positionals)
    }

    /// A placeholder's completions: `DIR` directories, `FILE`/`PLAN`/`SUMMARY` files, `a|b` the
    /// choices, anything else (`N`, `URL`, `NAME`) nothing.
    static func values(_ placeholder: String) -> Values {
        let alternatives = placeholder.split(separator: "|").map(String.init)
        if alternatives.count > 1, alternatives.allSatisfy(isLiteral) { return .choices(alternatives) }
        switch placeholder {
        case "DIR": return .directories
        case "FILE", "PLAN", "SUMMARY": return .files
        default: return .none
        }
    }

    /// A word typed as it is (`stats`, `reuse-check`), not a placeholder (`PLAN`, `DIR`).
    static func isLiteral(_ word: String) -> Bool {
        !word.isEmpty && word.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}
