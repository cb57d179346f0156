/// One usage line of a command: the words it starts with and the options it shows, named from
/// the command's declarations (never spelled out by hand, so the line cannot drift from them).
public struct Usage: Sendable {
    enum Selection: Sendable {
        case all
        case allBut([String])
        case only([String])
    }

    /// Subcommand and positionals: `PLAN`, `put FILE`, `gc`.
    var words: String
    var options: Selection
    /// Shown as required in this line, though not required in every use of the command.
    var required: Set<String>
    /// Ends with `[...]`: the command's other options apply too.
    var more: Bool

    /// Every option the command declares.
    static func all(_ words: String) -> Usage { Usage(words: words, options: .all, required: [], more: false) }

    /// Every option but `excluded` (those of another line).
    static func all(_ words: String, but excluded: [String]) -> Usage {
        Usage(words: words, options: .allBut(excluded), required: [], more: false)
    }

    /// Only `names`, in that order.
    static func only(_ words: String, _ names: [String], required: Set<String> = [], more: Bool = false) -> Usage {
        Usage(words: words, options: .only(names), required: required, more: more)
    }

    /// The line's options, from the command's declarations. A name that is not declared is a
    /// programming error (the help snapshot tests build every line).
    func shown(_ declared: [CommandOption]) -> [CommandOption] {
        switch options {
        case .all: return declared
        case let .allBut(excluded): return declared.filter { !excluded.contains($0.name) }
        case let .only(names):
            return names.map { n in
                guard let o = declared.first(where: { $0.name == n }) else { preconditionFailure("usage names undeclared option --\(n)") }
                return o
            }
        }
    }

    /// `orchestrate <command> <words> <options>`, wrapped before `width` columns, continued lines
    /// aligned under the first option.
    func render(command: String, declared: [CommandOption], lead: String, width: Int = 100) -> String {
        var tokens = words.isEmpty ? [] : [words]
        tokens += shown(declared).map { $0.usage(required: $0.required || required.contains($0.name)) }
        if more { tokens.append("[...]") }
        let head = lead + "orchestrate " + command
        let indent = String(repeating: " ", count: head.count + 1)
        var lines: [String] = []
        var line = head
        for t in tokens {
            if line.count + 1 + t.count > width, line != head {
                lines.append(line)
                line = indent + t
            } else {
                line += " " + t
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
