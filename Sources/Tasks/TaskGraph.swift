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
        // Sized once: grown by doubling, the two tables were rehashed a dozen times for a
        // 9,000-task Plan.
        var index: [String: Int] = Dictionary(minimumCapacity: tasks.count)
        var owners: [String: String] = Dictionary(minimumCapacity: tasks.count)
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
        // Every tie below is broken by id; compare ranks (one sort of the ids) instead of strings.
        let byID = tasks.indices.sorted { tasks[$0].id < tasks[$1].id }
        var rank = [Int](repeating: 0, count: tasks.count)
        for (r, i) in byID.enumerated() { rank[i] = r }
        if let cycle = Self.findCycle(tasks: tasks, deps: deps, roots: byID) { throw TaskError.cycle(cycle) }
        self.tasks = tasks
        self.index = index
        self.dependencies = deps
        self.dependents = dependents
        self.order = Self.topologicalOrder(deps: deps, dependents: dependents, rank: rank)
    }

    public subscript(id: String) -> FileTask? { index[id].map { tasks[$0] } }

    /// Depth-first search with colors; returns the cycle as ids, first id repeated at the end.
    private static func findCycle(tasks: [FileTask], deps: [[Int]], roots: [Int]) -> [String]? {
        var color = [UInt8](repeating: 0, count: tasks.count)  // 0 white, 1 grey, 2 black
        var stack: [(node: Int, next: Int)] = []
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

    /// Kahn's algorithm taking the ready task with the smallest id first (a binary min-heap on
    /// `rank`, the position of the id in sorted order).
    private static func topologicalOrder(deps: [[Int]], dependents: [[Int]], rank: [Int]) -> [Int] {
        var remaining = deps.map(\.count)
        // Tasks sorted by rank already form a valid min-heap.
        var heap = rank.indices.filter { remaining[$0] == 0 }.sorted { rank[$0] < rank[$1] }
        var order: [Int] = []
        order.reserveCapacity(rank.count)
        func less(_ a: Int, _ b: Int) -> Bool { rank[heap[a]] < rank[heap[b]] }
        while !heap.isEmpty {
            let next = heap[0]
            heap.swapAt(0, heap.count - 1)
            heap.removeLast()
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < heap.count, less(l, m) { m = l }
                if r < heap.count, less(r, m) { m = r }
                if m == i { break }
                heap.swapAt(i, m)
                i = m
            }
            order.append(next)
            for d in dependents[next] {
                remaining[d] -= 1
                guard remaining[d] == 0 else { continue }
                heap.append(d)
                var c = heap.count - 1
                while c > 0, less(c, (c - 1) / 2) {
                    heap.swapAt(c, (c - 1) / 2)
                    c = (c - 1) / 2
                }
            }
        }
        return order
    }
}
