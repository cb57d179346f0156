/// A validated DAG of file tasks: unique ids, one owner per output path, every dependency
/// present, no cycle. `order` is a deterministic topological order.
public struct TaskGraph: Sendable {
    public let tasks: [FileTask]
    /// Task index by id.
    public let index: [String: Int]
    /// Indices of the tasks each task depends on.
    public let dependencies: [[Int]]
    /// Indices of the tasks that depend on each task.
    public let dependents: [[Int]]
    /// Topological order (dependencies first; ties broken by id).
    public let order: [Int]

    public init(_ tasks: [FileTask]) throws {
        var index: [String: Int] = [:]
        var owners: [String: String] = [:]
        for (i, t) in tasks.enumerated() {
            if index[t.id] != nil { throw TaskError.duplicateTaskID(t.id) }
            index[t.id] = i
            if let reason = OutputPath.problem(t.path) {
                throw TaskError.invalidOutputPath(taskID: t.id, path: t.path, reason: reason)
            }
            if let first = owners[t.path] {
                throw TaskError.duplicateOutput(path: t.path, first: first, second: t.id)
            }
            owners[t.path] = t.id
        }
        var deps = [[Int]](repeating: [], count: tasks.count)
        var dependents = [[Int]](repeating: [], count: tasks.count)
        for (i, t) in tasks.enumerated() {
            for (input, depID) in t.dependencies.sorted(by: { $0.key < $1.key }) {
                guard let j = index[depID] else {
                    throw TaskError.unknownDependency(taskID: t.id, input: input, missing: depID)
                }
                deps[i].append(j)
                dependents[j].append(i)
            }
        }
        if let cycle = Self.findCycle(tasks: tasks, deps: deps) { throw TaskError.cycle(cycle) }
        self.tasks = tasks
        self.index = index
        self.dependencies = deps
        self.dependents = dependents
        self.order = Self.topologicalOrder(tasks: tasks, deps: deps, dependents: dependents)
    }

    public subscript(id: String) -> FileTask? { index[id].map { tasks[$0] } }

    /// Depth-first search with colors; returns the cycle as ids, first id repeated at the end.
    private static func findCycle(tasks: [FileTask], deps: [[Int]]) -> [String]? {
        var color = [UInt8](repeating: 0, count: tasks.count)  // 0 white, 1 grey, 2 black
        var stack: [(node: Int, next: Int)] = []
        let roots = tasks.indices.sorted { tasks[$0].id < tasks[$1].id }
        for root in roots where color[root] == 0 {
            stack.append((root, 0))
            color[root] = 1
            while let top = stack.last {
                if top.next < deps[top.node].count {
                    stack[stack.count - 1].next += 1
                    let child = deps[top.node][top.next]
                    if color[child] == 1 {
                        let start = stack.firstIndex { $0.node == child }!
                        var path = stack[start...].map { tasks[$0.node].id }
                        path.append(tasks[child].id)
                        return path
                    }
                    if color[child] == 0 {
                        color[child] = 1
                        stack.append((child, 0))
                    }
                } else {
                    color[top.node] = 2
                    stack.removeLast()
                }
            }
        }
        return nil
    }

    private static func topologicalOrder(tasks: [FileTask], deps: [[Int]], dependents: [[Int]]) -> [Int] {
        var remaining = deps.map(\.count)
        var ready = tasks.indices.filter { remaining[$0] == 0 }.sorted { tasks[$0].id > tasks[$1].id }
        var order: [Int] = []
        order.reserveCapacity(tasks.count)
        while let next = ready.popLast() {
            order.append(next)
            var added = false
            for d in dependents[next] {
                remaining[d] -= 1
                if remaining[d] == 0 { ready.append(d); added = true }
            }
            if added { ready.sort { tasks[$0].id > tasks[$1].id } }
        }
        return order
    }
}
