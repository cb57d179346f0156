import Cache
import Foundation
import Pipeline
import Tasks

/// The repository: its examples/ and its seed store cas/.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let seed = SeedStore(root: root.appendingPathComponent("cas").path)

    static func plan(_ name: String) throws -> PlanFile {
        PlanFile(bytes: Array(try Data(contentsOf: root.appendingPathComponent("examples/\(name).plan.json"))), name: "\(name).plan.json")
    }
}

/// A store in memory that counts which objects were asked for (to tell whether an archive was read).
final class CountingStore: CompileStore, @unchecked Sendable {
    let inner: MemoryTaskCache
    private let lock = NSLock()
    private var asked: [Digest: Int] = [:]

    init(seed: (any ContentStore)? = Repository.seed) {
        inner = MemoryTaskCache(seed: seed)
    }

    func reads(_ digest: Digest) -> Int { lock.lock(); defer { lock.unlock() }; return asked[digest] ?? 0 }

    /// Objects a layer holds damaged: `object` answers nil for them, `foundCorrupt` yes.
    var damaged: Set<Digest> = []
    func foundCorrupt(_ digest: Digest) -> Bool { damaged.contains(digest) }

    func lookup(_ key: Digest) -> (entry: ActionEntry, layer: StoreLayer)? { inner.lookup(key) }
    func object(_ digest: Digest) -> (bytes: [UInt8], layer: StoreLayer)? {
        lock.lock(); asked[digest, default: 0] += 1; lock.unlock()
        return damaged.contains(digest) ? nil : inner.object(digest)
    }
    func store(key: Digest, outputs: [(path: String, bytes: [UInt8], executable: Bool)], release: String,
               renderedIn: Digest?) throws -> ActionEntry {
        try inner.store(key: key, outputs: outputs, release: release, renderedIn: renderedIn)
    }
    func recorded(_ key: Digest) -> ActionEntry? { inner.recorded(key) }
    func record(key: Digest, outputs: [(path: String, bytes: [UInt8], executable: Bool)], release: String) throws {
        try inner.record(key: key, outputs: outputs, release: release)
    }
    func keep(_ bytes: [UInt8]) { inner.keep(bytes) }

    /// The memo of derived documents, kept in memory once a test sets it (nil: the store keeps none).
    var memo: [Digest: (digest: Digest, size: UInt64)]?
    func derived(_ key: Digest) -> (digest: Digest, size: UInt64)? { lock.lock(); defer { lock.unlock() }; return memo?[key] }
    func recordDerived(_ key: Digest, digest: Digest, size: UInt64) {
        lock.lock(); defer { lock.unlock() }
        if memo != nil { memo?[key] = (digest, size) }
    }
}

/// A fresh folder under the system temporary directory.
func temporaryDirectory() throws -> String {
    var template = Array((NSTemporaryDirectory() + "/pipeline-tests-XXXXXX").utf8CString)
    guard let p = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
    return String(cString: p)
}
