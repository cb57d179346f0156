import Foundation
import Pipeline
import Tasks

/// `orchestrate report SUMMARY [--base SUMMARY] --out FILE`
public enum ReportCommand: Command {
    public static let name = "report"
    public static let abstract = "a run as one self-contained HTML page (graph, digests, gaps, why re-rendered)"

    static let base = Option<String>("base", "SUMMARY", "summary of the base run: adds reuse verdicts and why each task re-rendered")
    static let out = Option<String>("out", "FILE", "where the HTML page goes", required: true)

    public static let options = [base.declaration, out.declaration]
    public static let positionals = 1...1
    public static let usage: [Usage] = [.all("SUMMARY")]
    public static let discussion = """
    Writes one HTML page about the run whose summary (`compile --summary FILE`) is SUMMARY: the
    task counts, each tree's native input digest, the task graph drawn by Graphviz (`dot`, which
    must be installed) with each task colored by how its output was obtained (rendered, reused
    from the local store, the seed or the remote), the gaps and diagnostics, and every task.
    With --base (the base commit's summary) it adds each native tree's reuse verdict and why each
    task re-rendered: the inputs that changed and the Plan pointers behind them. Past 300 tasks
    the graph shows one node per family and platform. The page loads nothing from the network
    and runs no script.
    """
    public static let epilogue = "exit codes: 0 written, 65 a summary is not valid, 66 a summary is missing, 69 `dot` is not installed."

    public static func run(_ args: Arguments, _ ctx: Context) throws -> Int32 {
        let headPath = args.positionals[0]
        let head = try loadSummary(headPath, ctx)
        let basePath = try args.value(base)
        let baseSummary = try basePath.map { try loadSummary($0, ctx) }
        let report = RunReport(head: head, base: baseSummary, headName: headPath, baseName: basePath)
        let svg = try Graphviz.svg(report.dot(), environment: ctx.environment)
        let path = try args.value(out)!
        try UserFile.write(Array(report.html(svg: svg).utf8), to: ctx.path(path), display: path, what: "report")
        let t = head.totals
        ctx.out("report: \(path): \(t.tasks) tasks, \(t.rendered) rendered, \(t.reusedLocal + t.reusedSeed + t.reusedRemote) reused\n")
        return ExitCode.success
    }

    static func loadSummary(_ path: String, _ ctx: Context) throws -> CompileSummary {
        try CompileSummary.decode(UserFile.read(ctx.path(path), display: path, what: "summary", limit: 1 << 30), path: path)
    }
}
