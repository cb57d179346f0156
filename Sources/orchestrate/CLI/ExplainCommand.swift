import Foundation
import Tasks

/// `orchestrate explain --base SUMMARY --head SUMMARY [--json]`
public enum ExplainCommand: Command {
    public static let name = "explain"
    public static let abstract = "why each task was rendered: which named input changed"
    public static let help = """
    usage: orchestrate explain --base SUMMARY --head SUMMARY [--json]

    Compares two run summaries (written by `compile --summary FILE`) and says, per task, whether
    it was reused or rendered, and for rendered tasks which named inputs were added, removed or
    changed, grouped by reason.

    options:
      --base FILE   summary of the earlier run
      --head FILE   summary of the later run
      --json        machine-readable output

    """
    public static let spec = Arguments.Spec(valued: ["base", "head"], flags: ["json"])

    public static func run(_ args: Arguments, _ ctx: Context) throws -> Int32 {
        guard let base = args.value("base"), let head = args.value("head") else {
            throw CLIError.usage("explain: --base and --head are both required", hint: "run `orchestrate explain --help`")
        }
        let e = Explanation(base: try loadSummary(base, ctx), head: try loadSummary(head, ctx))
        if args.flag("json") {
            ctx.out(try StableJSON.string(e))
        } else {
            ctx.out(e.text())
        }
        return ExitCode.success
    }

    static func loadSummary(_ path: String, _ ctx: Context) throws -> RunSummary {
        let full = ctx.path(path)
        return try RunSummary.decode(UserFile.read(full, display: path, what: "summary", limit: 1 << 30), path: path)
    }
}
