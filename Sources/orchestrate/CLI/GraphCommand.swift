import Cache
import Foundation
import Lowerings
import Pipeline
import Tasks

/// `orchestrate graph PLAN [--format json|dot]`
public enum GraphCommand: Command {
    public static let name = "graph"
    public static let abstract = "print the task DAG with keys (JSON or Graphviz DOT)"
    public static let help = """
    usage: orchestrate graph PLAN [--format json|dot]
           orchestrate graph --demo N [--format json|dot]

    Prints every file task with its id, output path, inputs and key, and the edges between tasks.
    Keys of tasks that depend on another task's output are shown only when that output is known
    (in the store); `dot` output renders with Graphviz (`dot -Tsvg`).

    options:
      --format json|dot   output format (default json)
      --store DIR         store used to resolve dependent keys
      --demo N            the built-in synthetic task set

    """
    public static let spec = Arguments.Spec(valued: ["format", "store", "demo"], positionals: 0...1)

    public static func run(_ args: Arguments, _ ctx: Context) throws -> Int32 {
        let format = args.value("format") ?? "json"
        guard format == "json" || format == "dot" else {
            throw CLIError.usage("graph: --format must be json or dot, not \"\(format)\"", hint: nil)
        }
        let set: TaskSet
        if let n = try args.int("demo", max: DemoTaskSet.maxCount) {
            set = DemoTaskSet.make(count: n)
        } else {
            guard let plan = args.positionals.first else { throw CLIError.usage("graph: a PLAN file is required", hint: nil) }
            set = try Compilation.tasks(for: .plan(PlanFile(bytes: UserFile.read(ctx.path(plan), display: plan, what: "Plan", limit: PlanLimits.fileBytes),
                                                            name: plan)))
        }
        let graph = try TaskGraph(set.tasks)
        let keys = keysWithoutRendering(graph)
        if format == "dot" {
            ctx.out(GraphExport.dot(graph, keys: keys))
        } else {
            ctx.out(String(decoding: try GraphExport.json(graph, keys: keys), as: UTF8.self))
        }
        return ExitCode.success
    }

    /// Keys of tasks without dependencies (dependent keys need rendered outputs).
    static func keysWithoutRendering(_ graph: TaskGraph) -> [String: Digest] {
        var keys: [String: Digest] = [:]
        for t in graph.tasks where t.dependencies.isEmpty {
            keys[t.id] = TaskKey(task: t, dependencyDigests: [:]).digest
        }
        return keys
    }
}
