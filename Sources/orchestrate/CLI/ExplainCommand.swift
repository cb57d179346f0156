import Foundation
import Tasks

/// `orchestrate explain --base SUMMARY --head SUMMARY [--json]`
public enum ExplainCommand: Command {
    public static let name = "explain"
    public static let abstract = "why each task was rendered: which named input changed"

    static let base = Option<String>("base", "SUMMARY", "summary of the earlier run", required: true)
    static let head = Option<String>("head", "SUMMARY", "summary of the later run", required: true)
    static let json = Flag("json", "machine-readable output")

    public static let options = [base.declaration, head.declaration, json.declaration]
    public static let positionals = 0...0
    public static let usage: [Usage] = [.all("")]
    public static let discussion = """
    Compares two run summaries (written by `compile --summary FILE`) and says, per task, whether
    it was reused or rendered, and for rendered tasks which named inputs were added, removed or
    changed, grouped by reason.
    """

    public static func run(_ args: Arguments, _ ctx: Context) throws -> Int32 {
        let e = Explanation(base: try loadSummary(try args.value(base)!, ctx), head: try loadSummary(try args.value(head)!, ctx))
        if args.flag(json) {
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
