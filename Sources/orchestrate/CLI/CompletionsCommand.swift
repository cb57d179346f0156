/// `orchestrate completions bash|zsh|fish`
public enum CompletionsCommand: Command {
    public static let name = "completions"
    public static let abstract = "print the shell completion script for bash, zsh or fish"

    public static let options: [CommandOption] = []
    public static let positionals = 1...1
    public static let usage: [Usage] = [.all(CompletionScript.Shell.allCases.map(\.rawValue).joined(separator: "|"))]
    public static let discussion = """
    Completes commands, subcommands, options and their values (directories, files, the choices of
    --platform and --format), generated from the same declarations as --help. Load it:

      bash  source <(orchestrate completions bash)
            (or save it as ~/.local/share/bash-completion/completions/orchestrate)
      zsh   orchestrate completions zsh > "${fpath[1]}/_orchestrate", then compinit
      fish  orchestrate completions fish > ~/.config/fish/completions/orchestrate.fish
    """

    public static func validate(_ args: Arguments) throws {
        guard CompletionScript.Shell(rawValue: args.positionals[0]) != nil else {
            throw CLIError.usage("completions: unknown shell \"\(args.positionals[0])\"", hint: "use bash, zsh or fish")
        }
    }

    public static func run(_ args: Arguments, _ ctx: Context) throws -> Int32 {
        let shell = CompletionScript.Shell(rawValue: args.positionals[0])!
        ctx.out(CompletionScript.render(shell, CompletionModel(CLI.commands)))
        return ExitCode.success
    }
}
