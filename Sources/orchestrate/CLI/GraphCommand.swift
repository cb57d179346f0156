import Cache
import Foundation
import Lowerings
import Pipeline
import Tasks

/// `orchestrate graph PLAN [--format json|dot]`
public enum GraphCommand: Command {
    public static let name = "graph"
    public static let abstract = "print the task DAG with keys (JSON or Graphviz DOT)"

    enum Format: String { case json, dot }

    static let format = Option<Format>("format", "json|dot", "output format (default json)") { v in
        guard let f = Format(rawValue: v) else { throw CLIError.usage("graph: --format must be json or dot, not \"\(v)\"", hint: nil) }
        return f
    }
    static let store = Option<String>("store", "DIR", "store used to resolve dependent keys")
    static let demo = Option<Int>.int("demo", "N", "the built-in synthetic task set", max: DemoTaskSet.maxCount)

    public static let options = [format.declaration, PlanOptions.nativeDir.declaration, store.declaration, demo.declaration]
    public static let positionals = 0...1
    public static let usage: [Usage] = [.all("PLAN", but: ["demo"]), .only("", ["demo", "format"], required: ["demo"])]
    public static let discussion = """
    Prints every file task with its id, output path, inputs and key, and the edges between tasks.
    Keys of tasks that depend on another task's output are shown only when that output is known
    (in the store); `dot` output renders with Graphviz (`dot -Tsvg`).
    """

    public static func validate(_ args: Arguments) throws {
        if try args.value(demo) == nil, args.positionals.isEmpty { throw CLIError.usage("graph: a PLAN file is required", hint: nil) }
    }

    public static func run(_ args: Arguments, _ ctx: Context) throws -> Int32 {
        let source: CompileSource
        if let n = try args.value(demo) {
            source = .demo(count: n, variant: 0)
        } else {
            source = .plan(try PlanOptions.planFile(args.positionals[0], args, ctx))
        }
        let (graph, keys) = try Compilation.graph(for: source)
        if try args.value(format) == .dot {
            ctx.out(GraphExport.dot(graph, keys: keys))
        } else {
            ctx.out(String(decoding: try GraphExport.json(graph, keys: keys), as: UTF8.self))
        }
        return ExitCode.success
    }
}
