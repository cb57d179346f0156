import Cache
import Foundation

/// Runs a task graph: topological, up to `jobs` tasks at once. Every key is looked up first;
/// only misses render. A failing task names itself, its dependents are not run, independent
/// tasks finish and are cached, and the record lists every failure.
public struct Executor: Sendable {
    public let cache: TaskCache
    public let jobs: Int
    public let progress: (@Sendable (ExecutorProgress) -> Void)?
    /// The Plan digest of this run, recorded with what it renders (provenance `rendered_in`).
    public let runDigest: Digest?

    public init(cache: TaskCache, jobs: Int = ProcessInfo.processInfo.activeProcessorCount, runDigest: Digest? = nil,
                progress: (@Sendable (ExecutorProgress) -> Void)? = nil) {
        self.cache = cache
        self.runDigest = runDigest
        self.jobs = max(1, jobs)
        self.progress = progress
    }

    public func run(_ graph: TaskGraph) -> RunRecord {
        let state = RunState(graph: graph)
        let workers = min(jobs, max(1, graph.tasks.count))
        if workers == 1 {
            worker(state)
        } else {
            let group = DispatchGroup()
            for _ in 0..<workers {
                group.enter()
                Thread.detachNewThread {
                    worker(state)
                    group.leave()
                }
            }
            group.wait()
        }
        return state.record()
    }

    private func worker(_ state: RunState) {
        while let i = state.next() {
            let outcome = execute(i, state: state)
            let snapshot = state.finish(i, outcome)
            if let progress, let snapshot { progress(snapshot) }
        }
    }

    private func execute(_ i: Int, state: RunState) -> TaskResult {
        let graph = state.graph
        let task = graph.tasks[i]
        var depDigests: [String: Digest] = [:]
        for (input, depID) in task.dependencies {
            let dep = state.result(graph.index[depID]!)
            guard let out = dep.output, dep.error == nil else {
                let key = TaskKey(task: task, dependencyDigests: [:])
                return failure(task, key, .dependencyFailed(taskID: task.id, dependency: depID))
            }
            depDigests[input] = out
        }
        let key = TaskKey(task: task, dependencyDigests: depDigests)

        if let (entry, layer) = cache.lookup(key.digest), entry.outputs.count == 1 {
            let out = entry.outputs[0]
            return result(task, key, output: out.digest, size: out.size, status: TaskStatus(layer: layer), renderedIn: entry.renderedIn)
        }
        if let pinned = task.pinnedOutput {
            guard let (bytes, layer) = cache.object(pinned) else {
                return failure(task, key, .pinnedObjectMissing(taskID: task.id, digest: pinned))
            }
            do {
                _ = try cache.store(key: key.digest, outputs: [(task.path, bytes, task.mode == .executable)], release: task.release,
                                    renderedIn: runDigest)
            } catch {
                return failure(task, key, .storeFailed(taskID: task.id, message: "\(error)"))
            }
            return result(task, key, output: pinned, size: UInt64(bytes.count), status: TaskStatus(layer: layer), renderedIn: runDigest)
        }

        var depBytes: [String: [UInt8]] = [:]
        for (input, digest) in depDigests {
            if let b = state.rendered(digest) ?? cache.object(digest)?.bytes {
                depBytes[input] = b
            } else {
                return failure(task, key, .storeFailed(taskID: task.id, message: "output \(digest.hex) of dependency \(input) is in no store layer"))
            }
        }
        let bytes: [UInt8]
        do {
            bytes = try task.render(RenderContext(taskID: task.id, dependencyOutputs: depBytes))
        } catch let error as TaskError {
            return failure(task, key, error)
        } catch {
            return failure(task, key, .renderFailed(taskID: task.id, message: "\(error)"))
        }
        let digest: Digest
        do {
            let entry = try cache.store(key: key.digest, outputs: [(task.path, bytes, task.mode == .executable)], release: task.release,
                                        renderedIn: runDigest)
            digest = entry.outputs[0].digest
        } catch {
            return failure(task, key, .storeFailed(taskID: task.id, message: "\(error)"))
        }
        state.keepRendered(digest, bytes)
        return result(task, key, output: digest, size: UInt64(bytes.count), status: .rendered, renderedIn: runDigest)
    }

    private func result(_ t: FileTask, _ key: TaskKey, output: Digest, size: UInt64, status: TaskStatus, renderedIn: Digest?) -> TaskResult {
        TaskResult(id: t.id, family: t.family, platform: t.platform, path: t.path, mode: t.mode,
                   key: key, output: output, size: size, status: status, renderedIn: renderedIn, error: nil)
    }

    private func failure(_ t: FileTask, _ key: TaskKey, _ error: TaskError) -> TaskResult {
        TaskResult(id: t.id, family: t.family, platform: t.platform, path: t.path, mode: t.mode,
                   key: key, output: nil, size: 0, status: .failed, renderedIn: nil, error: error)
    }
}

/// The shared scheduling state of one run, guarded by one condition variable.
private final class RunState: @unchecked Sendable {
    let graph: TaskGraph
    private let cond = NSCondition()
    private var remaining: [Int]
    private var ready: [Int]
    private var results: [TaskResult?]
    private var renderedBytes: [Digest: [UInt8]] = [:]
    private var done = 0
    private var reused = 0

    init(graph: TaskGraph) {
        self.graph = graph
        remaining = graph.dependencies.map(\.count)
        // Ready tasks are taken from the end: keep the graph's order reversed.
        let position = Dictionary(uniqueKeysWithValues: graph.order.enumerated().map { ($1, $0) })
        ready = graph.tasks.indices.filter { graph.dependencies[$0].isEmpty }.sorted { position[$0]! > position[$1]! }
        results = Array(repeating: nil, count: graph.tasks.count)
    }

    func next() -> Int? {
        cond.lock()
        defer { cond.unlock() }
        while ready.isEmpty {
            if done == graph.tasks.count { return nil }
            cond.wait()
        }
        return ready.removeLast()
    }

    func finish(_ i: Int, _ result: TaskResult) -> ExecutorProgress? {
        cond.lock()
        defer { cond.unlock() }
        results[i] = result
        done += 1
        if result.status.isReuse { reused += 1 }
        for d in graph.dependents[i] {
            remaining[d] -= 1
            if remaining[d] == 0 { ready.append(d) }
        }
        cond.broadcast()
        return ExecutorProgress(done: done, total: graph.tasks.count, reused: reused)
    }

    func result(_ i: Int) -> TaskResult {
        cond.lock()
        defer { cond.unlock() }
        return results[i]!
    }

    func rendered(_ d: Digest) -> [UInt8]? {
        cond.lock()
        defer { cond.unlock() }
        return renderedBytes[d]
    }

    func keepRendered(_ d: Digest, _ bytes: [UInt8]) {
        cond.lock()
        renderedBytes[d] = bytes
        cond.unlock()
    }

    func record() -> RunRecord {
        RunRecord(results: results.map { $0! }, renderedBytes: renderedBytes)
    }
}
