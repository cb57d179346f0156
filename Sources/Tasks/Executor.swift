import StoreModel
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

    /// How many bytes of what it rendered the run keeps in memory (`RunRecord.renderedBytes`)
    /// for composition and the writer; past that, they read the store's copy.
    public let keepRenderedBytes: Int
    /// 8 MiB: a cold compile of 1,000 entities renders 6 MB, all kept. What is kept is held
    /// until the tree is written; a compile of 16,384 tasks or more keeps nothing
    /// (`Compilation.compile`), since there it would add to the run, the compile's peak.
    public static let defaultKeepRenderedBytes = 8 << 20
    /// Called, from the worker that rendered it, with each output this run rendered, stored and
    /// did not keep (its task, digest and bytes; not pinned outputs): facts derived from the bytes
    /// while they are in hand, so a later stage need not read the store's copy for them. (What
    /// the run keeps, a later stage reads from memory.)
    public let observeRendered: (@Sendable (FileTask, Digest, [UInt8]) -> Void)?

    public init(cache: TaskCache, jobs: Int = ProcessInfo.processInfo.activeProcessorCount, runDigest: Digest? = nil,
                keepRenderedBytes: Int = defaultKeepRenderedBytes, progress: (@Sendable (ExecutorProgress) -> Void)? = nil,
                observeRendered: (@Sendable (FileTask, Digest, [UInt8]) -> Void)? = nil) {
        self.cache = cache
        self.keepRenderedBytes = keepRenderedBytes
        self.observeRendered = observeRendered
        self.runDigest = runDigest
        self.jobs = max(1, jobs)
        self.progress = progress
    }

    public func run(_ graph: TaskGraph) -> RunRecord {
        let state = RunState(graph: graph, keepRenderedBytes: keepRenderedBytes)
        prefetch(state)
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

    /// Looks up in batches every key computable without rendering: first the tasks without
    /// dependencies, then, wave by wave, the tasks whose dependencies were all hits. Hits are
    /// finished here; the workers run the rest, skipping the lookup of a key already answered
    /// as a miss.
    private func prefetch(_ state: RunState) {
        let graph = state.graph
        var wave = graph.order.filter { graph.dependencies[$0].isEmpty }
        var output = [Digest?](repeating: nil, count: graph.tasks.count)
        var queued = [Bool](repeating: false, count: graph.tasks.count)
        while !wave.isEmpty {
            var next: [Int] = []
            // In slices: what a lookup holds while it answers (entries read, objects verified) is
            // a slice's, not the whole wave's (45,000 keys at 5,000 entities: 28 MB at once).
            for start in stride(from: 0, to: wave.count, by: Self.lookupSlice) {
                let slice = Array(wave[start ..< min(wave.count, start + Self.lookupSlice)])
                prefetch(slice, state, &output, &queued, &next)
            }
            wave = next
        }
    }

    /// How many keys `prefetch` looks up at once.
    static let lookupSlice = 4096

    /// Looks up the keys of `wave` (tasks whose dependencies all hit, their outputs in
    /// `output`), finishes the hits and queues into `next` the dependents that are now ready.
    private func prefetch(_ wave: [Int], _ state: RunState, _ output: inout [Digest?], _ queued: inout [Bool], _ next: inout [Int]) {
        let graph = state.graph
        let dependencyOutputs = wave.map { i in
            var deps: [String: Digest] = [:]
            for (input, depID) in graph.tasks[i].dependencies { deps[input] = output[graph.index[depID]!] }
            return deps
        }
        let keys = concurrentMap(count: wave.count) { n in TaskKey(task: graph.tasks[wave[n]], dependencyDigests: dependencyOutputs[n]) }
        let found = cache.lookup(keys: keys.map(\.digest))
        var hits: [(Int, TaskResult)] = []
        var misses: [(Int, Digest)] = []
        for (n, i) in wave.enumerated() {
            if let (entry, layer) = found[n], entry.outputs.count == 1 {
                let out = entry.outputs[0]
                output[i] = out.digest
                hits.append((i, result(graph.tasks[i], keys[n], output: out.digest, size: out.size, status: TaskStatus(layer: layer), renderedIn: entry.renderedIn)))
            } else {
                misses.append((i, keys[n].digest))
            }
        }
        let snapshot = state.finishPrefetched(hits, misses: misses)
        if let progress, let snapshot { progress(snapshot) }
        for (i, _) in hits {
            for d in graph.dependents[i] where !queued[d] && graph.dependencies[d].allSatisfy({ output[$0] != nil }) {
                queued[d] = true
                next.append(d)
            }
        }
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

        if !state.isKnownMiss(i, key.digest), let (entry, layer) = cache.lookup(key.digest), entry.outputs.count == 1 {
            let out = entry.outputs[0]
            return result(task, key, output: out.digest, size: out.size, status: TaskStatus(layer: layer), renderedIn: entry.renderedIn)
        }
        if let pinned = task.pinnedOutput {
            guard let (bytes, layer) = cache.object(pinned) else {
                return failure(task, key, cache.foundCorrupt(pinned) ? .pinnedObjectDamaged(taskID: task.id, digest: pinned)
                                                                     : .pinnedObjectMissing(taskID: task.id, digest: pinned))
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
        if !state.keepRendered(digest, bytes) { observeRendered?(task, digest, bytes) }
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
    private var keptBytes = 0
    private let keepRenderedBytes: Int
    private var done = 0
    private var reused = 0
    private var finished: [Bool]
    /// Keys the prefetch already looked up and missed, by task.
    private var knownMisses: [Int: Digest] = [:]

    init(graph: TaskGraph, keepRenderedBytes: Int) {
        self.graph = graph
        self.keepRenderedBytes = keepRenderedBytes
        remaining = graph.dependencies.map(\.count)
        // Ready tasks are taken from the end: keep the graph's order reversed.
        var position = [Int](repeating: 0, count: graph.tasks.count)
        for (p, i) in graph.order.enumerated() { position[i] = p }
        ready = graph.tasks.indices.filter { graph.dependencies[$0].isEmpty }.sorted { position[$0] > position[$1] }
        results = Array(repeating: nil, count: graph.tasks.count)
        finished = Array(repeating: false, count: graph.tasks.count)
    }

    /// Records tasks finished before the workers start (cache hits) and the keys that missed.
    func finishPrefetched(_ hits: [(Int, TaskResult)], misses: [(Int, Digest)]) -> ExecutorProgress? {
        cond.lock()
        defer { cond.unlock() }
        for (i, key) in misses { knownMisses[i] = key }
        guard !hits.isEmpty else { return nil }
        for (i, result) in hits { complete(i, result) }
        ready.removeAll { finished[$0] }
        cond.broadcast()
        return ExecutorProgress(done: done, total: graph.tasks.count, reused: reused)
    }

    /// Stores a finished task's result and releases its dependents. Call with the lock held.
    private func complete(_ i: Int, _ result: TaskResult) {
        results[i] = result
        finished[i] = true
        done += 1
        if result.status.isReuse { reused += 1 }
        for d in graph.dependents[i] {
            remaining[d] -= 1
            if remaining[d] == 0 { ready.append(d) }
        }
    }

    func isKnownMiss(_ i: Int, _ key: Digest) -> Bool {
        cond.lock()
        defer { cond.unlock() }
        return knownMisses[i] == key
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
        complete(i, result)
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

    /// Keeps `bytes` while the run's budget lasts (`Executor.keepRenderedBytes`); past it, the
    /// store's copy is read where they are needed. Whether the run holds them now (kept now or
    /// before).
    func keepRendered(_ d: Digest, _ bytes: [UInt8]) -> Bool {
        cond.lock()
        defer { cond.unlock() }
        if renderedBytes[d] != nil { return true }
        guard keptBytes + bytes.count <= keepRenderedBytes else { return false }
        renderedBytes[d] = bytes
        keptBytes += bytes.count
        return true
    }

    func record() -> RunRecord {
        RunRecord(results: results.map { $0! }, renderedBytes: renderedBytes)
    }
}
