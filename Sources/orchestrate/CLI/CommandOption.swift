/// One option a command declares, once: its name, the value it takes, its help, and how a value
/// is checked. A command's parser spec, usage lines, options section and validation are all
/// generated from its list of these, so the help cannot lose an option the parser accepts.
/// Commands read values through typed handles (`Option<T>`, `Flag`).
public struct CommandOption: Sendable {
    enum Value: Sendable {
        /// A flag: `--name` (or `--name=true|false`).
        case flag
        /// A flag that is on unless turned off: shown as `--name=false`.
        case onByDefault
        /// `--name PLACEHOLDER`, at most once.
        case one(String)
        /// `--name PLACEHOLDER`, as often as wanted.
        case many(String)
    }

    let name: String
    let value: Value
    /// One or more lines; the first goes beside the option.
    let help: String
    /// Required in every use of the command (the validate step says so when it is missing).
    let required: Bool
    /// Checks a given value; throws a usage error when it does not parse. Nil: any text.
    let check: (@Sendable (String) throws -> Void)?

    /// `--name VALUE`, `--name` or `--name=false`.
    var synopsis: String {
        switch value {
        case .flag: return "--" + name
        case .onByDefault: return "--" + name + "=false"
        case let .one(placeholder), let .many(placeholder): return "--" + name + " " + placeholder
        }
    }

    /// As a usage line shows it: optional ones in brackets, repeatable ones with `…`.
    func usage(required: Bool) -> String {
        var s = synopsis
        if case .many = value { s += " …" }
        return required ? s : "[" + s + "]"
    }

    var takesValue: Bool {
        switch value {
        case .one, .many: return true
        case .flag, .onByDefault: return false
        }
    }
}

/// A declared option that takes a value, with its typed accessor: `try args.value(option)`.
struct Option<T>: Sendable {
    let declaration: CommandOption
    let parse: @Sendable (String) throws -> T

    init(_ name: String, _ placeholder: String, _ help: String, required: Bool = false, repeatable: Bool = false,
         parse: @escaping @Sendable (String) throws -> T) {
        self.parse = parse
        declaration = CommandOption(name: name, value: repeatable ? .many(placeholder) : .one(placeholder), help: help,
                                    required: required, check: { _ = try parse($0) })
    }
}

extension Option where T == String {
    /// Any text (a path, a URL checked elsewhere).
    init(_ name: String, _ placeholder: String, _ help: String, required: Bool = false, repeatable: Bool = false) {
        self.parse = { $0 }
        declaration = CommandOption(name: name, value: repeatable ? .many(placeholder) : .one(placeholder), help: help,
                                    required: required, check: nil)
    }
}

extension Option where T == Int {
    /// A whole number in `min...max` (no upper bound when `max` is nil).
    static func int(_ name: String, _ placeholder: String, _ help: String, min: Int = 1, max: Int? = nil) -> Option<Int> {
        Option(name, placeholder, help) { v in
            guard let n = Int(v), n >= min, n <= (max ?? Int.max) else {
                let range = max.map { "from \(min) to \($0)" } ?? "≥ \(min)"
                throw CLIError.usage("--\(name) must be a whole number \(range), not \"\(v)\"", hint: nil)
            }
            return n
        }
    }
}

/// A declared flag, with its accessor: `args.flag(flag)`.
struct Flag: Sendable {
    let declaration: CommandOption

    /// `--name`, off unless given.
    init(_ name: String, _ help: String) {
        declaration = CommandOption(name: name, value: .flag, help: help, required: false, check: nil)
    }

    /// On unless turned off with `--name=false`.
    init(onByDefault name: String, _ help: String) {
        declaration = CommandOption(name: name, value: .onByDefault, help: help, required: false, check: nil)
    }
}

extension Arguments {
    /// The option's value, parsed (the last one when given twice); nil when not given.
    func value<T>(_ option: Option<T>) throws -> T? {
        try value(option.declaration.name).map(option.parse)
    }

    /// Every value of a repeatable option, parsed, in order.
    func values<T>(_ option: Option<T>) throws -> [T] {
        try all(option.declaration.name).map(option.parse)
    }

    func flag(_ flag: Flag) -> Bool {
        switch flag.declaration.value {
        case .onByDefault: return self.flag(flag.declaration.name, default: true)
        default: return self.flag(flag.declaration.name)
        }
    }

    /// Whether the option or flag was given at all (`--name=false` included).
    func given(_ option: CommandOption) -> Bool {
        values[option.name] != nil || flags.contains(option.name) || values["no-" + option.name] != nil
    }
}

extension Array where Element == CommandOption {
    /// The parser's view of these options.
    func spec(positionals: ClosedRange<Int>) -> Arguments.Spec {
        var valued: Set<String> = [], flags: Set<String> = [], repeatable: Set<String> = []
        for o in self {
            switch o.value {
            case .flag, .onByDefault: flags.insert(o.name)
            case .one: valued.insert(o.name)
            case .many: repeatable.insert(o.name)
            }
        }
        return Arguments.Spec(valued: valued, flags: flags, repeatable: repeatable, positionals: positionals)
    }

    /// The options section: each synopsis in a column of 16, its help beside it and below.
    var section: String {
        let indent = String(repeating: " ", count: 20)
        return map { o in
            let lines = o.help.split(separator: "\n", omittingEmptySubsequences: false)
            var s = "  " + o.synopsis
            if o.synopsis.count <= 16 {
                s += String(repeating: " ", count: 18 - o.synopsis.count) + lines[0]
            } else {
                s += "\n" + indent + lines[0]
            }
            for l in lines.dropFirst() { s += "\n" + indent + l }
            return s + "\n"
        }.joined()
    }
}
