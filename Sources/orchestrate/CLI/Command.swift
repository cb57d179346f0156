/// A CLI command: what it is called, what it declares (options, positionals, usage lines, the
/// text of its help), a `validate` step and `run`. Its parser spec and its `--help` are generated
/// from the declarations (see `CommandOption`), and every declared option's value is checked
/// before `validate` runs.
public protocol Command {
    static var name: String { get }
    static var abstract: String { get }
    /// Every option, declared once.
    static var options: [CommandOption] { get }
    /// How many positional arguments it takes.
    static var positionals: ClosedRange<Int> { get }
    /// Its usage lines.
    static var usage: [Usage] { get }
    /// The help between the usage lines and the options section.
    static var discussion: String { get }
    /// The help after the options section (exit codes, notes); may be empty.
    static var epilogue: String { get }
    /// Checks what no single option can (subcommands, combinations); throws usage errors.
    static func validate(_ args: Arguments) throws
    /// Runs with valid arguments and returns the exit code; throws for errors.
    static func run(_ args: Arguments, _ ctx: Context) throws -> Int32
}

extension Command {
    public static var epilogue: String { "" }
    public static func validate(_ args: Arguments) throws {}

    /// The parser's view of the declared options.
    public static var spec: Arguments.Spec { options.spec(positionals: positionals) }

    /// `--help`: the usage lines, the discussion, the options section, the epilogue.
    public static var help: String {
        var s = usage.enumerated().map { i, u in u.render(command: name, declared: options, lead: i == 0 ? "usage: " : "       ") }
            .joined(separator: "\n") + "\n"
        if !discussion.isEmpty { s += "\n" + discussion + "\n" }
        if !options.isEmpty { s += "\noptions:\n" + options.section }
        if !epilogue.isEmpty { s += "\n" + epilogue + "\n" }
        return s
    }

    /// The validate step: every required option is there, every given value parses, then the
    /// command's own checks.
    static func validateAll(_ args: Arguments) throws {
        for o in options where o.required && !args.given(o) {
            throw CLIError.usage("\(name): \(o.synopsis) is required", hint: "run `orchestrate \(name) --help`")
        }
        for o in options {
            guard let check = o.check else { continue }
            for v in args.all(o.name) { try check(v) }
        }
        try validate(args)
    }
}
