import Cache
import Foundation
@testable import Tasks

/// A test double for the store chain: dictionaries behind a lock, with a seed layer.
final class MemoryTaskCache: TaskCache, @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [Digest: ActionEntry] = [:]
    private var objects: [Digest: [UInt8]] = [:]
    var seed: [Digest: [UInt8]] = [:]
    var failStores = false

    func lookup(_ key: Digest) -> (entry: ActionEntry, layer: StoreLayer)? {
        lock.lock(); defer { lock.unlock() }
        guard let e = entries[key], e.outputs.allSatisfy({ objects[$0.digest] != nil }) else { return nil }
        return (e, .local)
    }

    func object(_ digest: Digest) -> (bytes: [UInt8], layer: StoreLayer)? {
        lock.lock(); defer { lock.unlock() }
        if let b = objects[digest] { return (b, .local) }
        if let b = seed[digest] { return (b, .seed) }
        return nil
    }

    func store(key: Digest, outputs: [(path: String, bytes: [UInt8], executable: Bool)], release: String,
               renderedIn: Digest?) throws -> ActionEntry {
        if failStores { throw CacheError.io(path: "memory", operation: "write", errno: 28) }
        lock.lock(); defer { lock.unlock() }
        var files: [OutputFile] = []
        for o in outputs {
            let d = Digest.of(o.bytes)
            objects[d] = o.bytes
            files.append(OutputFile(path: o.path, digest: d, size: UInt64(o.bytes.count), executable: o.executable))
        }
        let e = ActionEntry(outputs: files, release: release, renderedIn: renderedIn)
        entries[key] = e
        return e
    }

    func dropObject(_ d: Digest) { lock.lock(); objects[d] = nil; lock.unlock() }
}

/// A render counter shared by the closures of a task set.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var ids: [String] = []
    func hit(_ id: String) { lock.lock(); ids.append(id); lock.unlock() }
    var rendered: [String] { lock.lock(); defer { lock.unlock() }; return ids.sorted() }
}

func textTask(_ id: String, _ text: String, path: String? = nil, platform: String = "demo",
              release: String = "r1", deps: [String: String] = [:], counter: Counter? = nil,
              fail: Bool = false) -> FileTask {
    FileTask(id: id, family: "test", platform: platform, release: release, path: path ?? "\(id).txt",
             inputs: ["text": Digest.of(text)], dependencies: deps) { ctx in
        counter?.hit(id)
        if fail { throw TaskError.renderFailed(taskID: id, message: "boom") }
        var out = Array(text.utf8)
        for name in deps.keys.sorted() { out += try ctx.output(name) }
        return out
    }
}
