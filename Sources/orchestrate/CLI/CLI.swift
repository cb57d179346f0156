import Foundation

/// Entry point: dispatches to a command and maps every error to one message and an exit code.
public enum CLI {
    public static let version = "0.1.0"

    public static let commands: [Command.Type] = [
        CompileCommand.self, GraphCommand.self, ExplainCommand.self, StoreCommand.self, CoreCommand.self, IconsCommand.self,
        DigestCommand.self, ReuseCheckCommand.self, AuditCommand.self, ArtifactCommand.self, SchemaCommand.self, ReportCommand.self,
        InitCommand.self, CompletionsCommand.self,
    ]

    public static func main(_ argv: [String], context ctx: Context) -> Int32 {
        var args = argv
        guard let first = args.first else {
            ctx.err(overview())
            return ExitCode.usage
        }
        switch first {
        case "--help", "-h":
            ctx.out(overview())
            return ExitCode.success
        case "--version":
            ctx.out("orchestrate \(version)\n")
            return ExitCode.success
        case "help":
            guard args.count > 1 else { ctx.out(overview()); return ExitCode.success }
            guard let cmd = command(named: args[1]) else { return unknown(args[1], ctx) }
            ctx.out(cmd.help)
            return ExitCode.success
        default:
            break
        }
        guard let cmd = command(named: first) else { return unknown(first, ctx) }
        args.removeFirst()
        return run(cmd, args, context: ctx)
    }

    /// One command: parse, `--help`, validate, run; every error becomes one message and an exit code.
    public static func run(_ cmd: Command.Type, _ args: [String], context ctx: Context) -> Int32 {
        do {
            let parsed = try Arguments(args, spec: cmd.spec, command: cmd.name)
            if parsed.flag("help") {
                ctx.out(cmd.help)
                return ExitCode.success
            }
            try cmd.validateAll(parsed)
            return try cmd.run(parsed, ctx)
        } catch {
            ctx.err("orchestrate \(cmd.name): error: \(ErrorMessage.of(error))\n")
            return ExitCode.of(error)
        }
    }

    static func command(named name: String) -> Command.Type? { commands.first { $0.name == name } }

    private static func unknown(_ name: String, _ ctx: Context) -> Int32 {
        ctx.err("orchestrate: unknown command \"\(name)\"\nhint: run `orchestrate --help` for the list of commands\n")
        return ExitCode.usage
    }

    static func overview() -> String {
        var s = """
        orchestrate \(version): compiles an app Plan into a Rails app with Hotwire Native clients,
        as a task DAG over a content-addressed cache.

        usage: orchestrate <command> [options]

        commands:

        """
        for c in commands { s += "  " + c.name.padding(toLength: 13, withPad: " ", startingAt: 0) + c.abstract + "\n" }
        s += """

        orchestrate help <command> or orchestrate <command> --help for a command's options.
        exit codes: 0 ok, 1 negative answer, 64 usage, 65 invalid input, 66 input missing,
        69 a program it runs is not installed, 70 internal renderer failure, 74 store or I/O failure.

        """
        return s
    }
}
