import Hashing
import Foundation

/// The bytes of the outputs a run produced, for composition and the writer: rendered in this run,
/// else loaded from the store. When a hit's object has vanished since the lookup — a `store gc`
/// beside this run, or a person clearing the store — the task that produced it is rendered again
/// (its dependencies first, the same way), the bytes are checked against the digest the run
/// recorded and put back through `keep`. Only a pinned object that vanished everywhere stays
/// missing (nil): it cannot be rendered.
public final class OutputBytes: @unchecked Sendable {
    /// The tasks, asked for on the first object that has to be rendered again: the run's own
    /// list, or the same list lowered again from the Plan when the run let its tasks go
    /// (`Compilation.compile` does, before it writes the tree, at 5,000 entities 45 MB).
    private let taskList: () throws -> [FileTask]
    private let record: RunRecord
    /// Built on the first object that has to be rendered again (a run that needs none, the
    /// usual case, never pays for them).
    private var index: (tasks: [String: FileTask], results: [String: TaskResult], producers: [Digest: [String]])?
    private let rendered: [Digest: [UInt8]]
    private let load: (Digest) -> [UInt8]?
    private let keep: ([UInt8]) -> Void
    private let lock = NSRecursiveLock()
    private var again: [Digest: [UInt8]] = [:]
    private var rerenderedIDs: [String] = []

    public convenience init(tasks: [FileTask], record: RunRecord, load: @escaping (Digest) -> [UInt8]?, keep: @escaping ([UInt8]) -> Void) {
        self.init(tasks: { tasks }, record: record, load: load, keep: keep)
    }

    /// With the tasks produced only when an object has to be rendered again (`tasks` must give
    /// the run's tasks: the same ids and renderers; an output that renders to other bytes is
    /// refused, `TaskError.rerenderMismatch`). `load` is called from several threads at once.
    public init(tasks: @escaping () throws -> [FileTask], record: RunRecord, load: @escaping (Digest) -> [UInt8]?,
                keep: @escaping ([UInt8]) -> Void) {
        taskList = tasks
        self.record = record
        rendered = record.renderedBytes
        self.load = load
        self.keep = keep
    }

    /// The ids of the tasks rendered again because their object had vanished, in order.
    public var rerendered: [String] { lock.lock(); defer { lock.unlock() }; return rerenderedIDs }

    /// The bytes of `digest`; nil when no layer has them and no task can render them.
    public func bytes(_ digest: Digest) throws -> [UInt8]? {
        if let b = rendered[digest] { return b }
        if let b = (lock.withLock { again[digest] }) { return b }
        // The store's copy, read outside the lock: the writer asks from several threads at once,
        // and one store read at a time made a cold 5,000-entity compile's writers wait on each
        // other (two thirds of what it spent asking for bytes was the lock's system calls).
        if let b = load(digest) { return b }
        lock.lock(); defer { lock.unlock() }
        if let b = again[digest] { return b }
        let (tasks, results, producers) = try indexed()
        for id in producers[digest] ?? [] {
            guard let task = tasks[id], task.pinnedOutput == nil else { continue }
            var dependencyOutputs: [String: [UInt8]] = [:]
            for (input, dependency) in task.dependencies {
                guard let d = results[dependency]?.output, let b = try bytes(d) else {
                    throw TaskError.dependencyFailed(taskID: id, dependency: dependency)
                }
                dependencyOutputs[input] = b
            }
            let bytes: [UInt8]
            do {
                bytes = try task.render(RenderContext(taskID: id, dependencyOutputs: dependencyOutputs))
            } catch let error as TaskError {
                throw error
            } catch {
                throw TaskError.renderFailed(taskID: id, message: "\(error)")
            }
            let got = Digest.of(bytes)
            guard got == digest else { throw TaskError.rerenderMismatch(taskID: id, expected: digest, got: got) }
            again[digest] = bytes
            rerenderedIDs.append(id)
            keep(bytes)
            return bytes
        }
        return nil
    }

    /// Called with `lock` held.
    private func indexed() throws -> (tasks: [String: FileTask], results: [String: TaskResult], producers: [Digest: [String]]) {
        if let index { return index }
        let tasks = Dictionary(try taskList().map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let results = Dictionary(record.results.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var producers: [Digest: [String]] = [:]
        for r in record.results { if let d = r.output { producers[d, default: []].append(r.id) } }
        index = (tasks, results, producers)
        return (tasks, results, producers)
    }
}
