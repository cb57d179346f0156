import StoreModel
import Foundation
@testable import Tasks

/// A task cache whose writes fail (a full disk), reads answering nothing.
struct FailingStores: TaskCache {
    func lookup(_ key: Digest) -> (entry: ActionEntry, layer: StoreLayer)? { nil }
    func object(_ digest: Digest) -> (bytes: [UInt8], layer: StoreLayer)? { nil }
    func store(key: Digest, outputs: [(path: String, bytes: [UInt8], executable: Bool)], release: String,
               renderedIn: Digest?) throws -> ActionEntry {
        throw TaskError.io(path: "memory", operation: "write", errno: ENOSPC)
    }
}

/// A read-only seed in memory: `objects` by digest; a digest in `damaged` is there, but its bytes
/// fail verification (so `get` answers nil and `contains` yes, as a real store's do).
struct MemorySeed: ContentStore {
    var objects: [Digest: [UInt8]] = [:]
    var damaged: Set<Digest> = []
    func contains(_ digest: Digest) -> Bool { objects[digest] != nil || damaged.contains(digest) }
    func get(_ digest: Digest) throws -> [UInt8]? { objects[digest] }
    func put(_ bytes: [UInt8]) throws -> Digest { throw TaskError.io(path: "seed", operation: "write", errno: EROFS) }
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

/// A value several threads change under one lock.
final class ThreadSafeBox<T>: @unchecked Sendable {
    private var stored: T
    private let lock = NSLock()
    init(_ value: T) { stored = value }
    func mutate(_ change: (inout T) -> Void) { lock.lock(); change(&stored); lock.unlock() }
    var value: T { lock.lock(); defer { lock.unlock() }; return stored }
}
