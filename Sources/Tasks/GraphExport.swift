import Hashing
import Foundation

/// The task DAG with ids, keys and edges, as JSON or Graphviz DOT.
public enum GraphExport {
    /// `keys`: the key of each task when known (a dependent's key needs its dependency's output).
    public static func json(_ graph: TaskGraph, keys: [String: Digest]) throws -> [UInt8] {
        struct Node: Encodable {
            let id, family, platform, path, release, mode: String
            let key: Digest?
            let inputs: [String: Digest]
        }
        struct Edge: Encodable { let from, to, input: String }
        struct Doc: Encodable {
            let schema = "orchestrate.graph/1"
            let nodes: [Node]
            let edges: [Edge]
        }
        let nodes = graph.order.map { i -> Node in
            let t = graph.tasks[i]
            return Node(id: t.id, family: t.family, platform: t.platform, path: t.path, release: t.release,
                        mode: String(t.mode.rawValue, radix: 8), key: keys[t.id], inputs: t.inputs)
        }
        let edges = graph.order.flatMap { i in
            graph.tasks[i].dependencies.sorted { $0.key < $1.key }.map { Edge(from: $0.value, to: graph.tasks[i].id, input: $0.key) }
        }
        return try StableJSON.encode(Doc(nodes: nodes, edges: edges))
    }

    public static func dot(_ graph: TaskGraph, keys: [String: Digest]) -> String {
        var lines = ["digraph orchestrate {", "  rankdir=LR;", "  node [shape=box, fontname=\"Helvetica\"];"]
        let byPlatform = Dictionary(grouping: graph.order, by: { graph.tasks[$0].platform })
        for platform in byPlatform.keys.sorted() {
            lines.append("  subgraph \(quote("cluster_" + platform)) {")
            lines.append("    label=\(quote(platform));")
            for i in byPlatform[platform]! {
                let t = graph.tasks[i]
                let key = keys[t.id].map { String($0.hex.prefix(12)) } ?? "?"
                lines.append("    \(quote(t.id)) [label=\(quote("\(t.id)\n\(t.path)\nkey \(key)"))];")
            }
            lines.append("  }")
        }
        for i in graph.order {
            for (input, dep) in graph.tasks[i].dependencies.sorted(by: { $0.key < $1.key }) {
                lines.append("  \(quote(dep)) -> \(quote(graph.tasks[i].id)) [label=\(quote(input))];")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A DOT quoted string: backslash and quote escaped, newlines as `\n`.
    public static func quote(_ s: String) -> String {
        var out = "\""
        for ch in s {
            switch ch {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.append(ch)
            }
        }
        return out + "\""
    }
}
