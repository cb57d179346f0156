import Cache
import Foundation
import Tasks

/// A task cache that lives in memory for one run and starts empty, so every task renders; pinned
/// objects (Core archives, monograms) come from the seed store. Used to re-derive a tree from a
/// Plan without reading or writing any store.
final class EphemeralTaskCache: TaskCache, @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [Digest: ActionEntry] = [:]
    private var objects: [Digest: [UInt8]] = [:]
    private let seed: SeedStore?

    init(seed: SeedStore?) { self.seed = seed }

    func lookup(_ key: Digest) -> (entry: ActionEntry, layer: StoreLayer)? {
        lock.lock(); defer { lock.unlock() }
        return entries[key].map { ($0, .local) }
    }

    func object(_ digest: Digest) -> (bytes: [UInt8], layer: StoreLayer)? {
        lock.lock()
        let local = objects[digest]
        lock.unlock()
        if let local { return (local, .local) }
        if let bytes = (try? seed?.get(digest)) ?? nil { return (bytes, .seed) }
        return nil
    }

    func store(key: Digest, outputs: [(path: String, bytes: [UInt8], executable: Bool)], release: String,
               renderedIn: Digest?) throws -> ActionEntry {
        lock.lock(); defer { lock.unlock() }
        var files: [OutputFile] = []
        for o in outputs {
            let d = Digest.of(o.bytes)
            objects[d] = o.bytes
            files.append(OutputFile(path: o.path, digest: d, size: UInt64(o.bytes.count), executable: o.executable))
        }
        let entry = ActionEntry(outputs: files, release: release, renderedIn: renderedIn)
        entries[key] = entry
        return entry
    }
}
