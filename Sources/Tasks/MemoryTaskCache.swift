import StoreModel
import Foundation

/// A task cache that lives in memory for one run: dictionaries behind a lock, starting empty, with
/// an optional read-only seed for pinned objects (Core archives, monograms). Re-deriving a tree
/// from a Plan (`audit --plan`) runs on it, so nothing is read from or written to a store; tests
/// use it as the store chain's stand-in.
///
/// It answers as `StoreChain` does: a lookup hits only when every object of the entry is held; a
/// seed object that is there but damaged is a miss that `foundCorrupt` owns up to, so a run on
/// either fails alike (`pinnedObjectDamaged`, not `pinnedObjectMissing`); one the seed cannot read
/// is a plain miss.
public final class MemoryTaskCache: TaskCache, @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [Digest: ActionEntry] = [:]
    private var objects: [Digest: [UInt8]] = [:]
    private var damaged: Set<Digest> = []
    private let seed: (any ContentStore)?

    /// `seed` holds the pinned objects (read only); they are reported as seed hits.
    public init(seed: (any ContentStore)? = nil) { self.seed = seed }

    public func lookup(_ key: Digest) -> (entry: ActionEntry, layer: StoreLayer)? {
        lock.lock(); defer { lock.unlock() }
        guard let e = entries[key], e.outputs.allSatisfy({ objects[$0.digest] != nil }) else { return nil }
        return (e, .local)
    }

    public func object(_ digest: Digest) -> (bytes: [UInt8], layer: StoreLayer)? {
        lock.lock()
        let held = objects[digest]
        lock.unlock()
        if let held { return (held, .local) }
        switch seed?.fetch(digest) {
        case let .intact(bytes)?: return (bytes, .seed)
        case .damaged?:
            lock.lock(); damaged.insert(digest); lock.unlock()
            return nil
        case .missing?, .unreadable?, nil: return nil
        }
    }

    public func foundCorrupt(_ digest: Digest) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return damaged.contains(digest)
    }

    public func store(key: Digest, outputs: [(path: String, bytes: [UInt8], executable: Bool)], release: String,
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

    /// The entry recorded for `key`, whether or not its objects are still held.
    public func entry(for key: Digest) -> ActionEntry? {
        lock.lock(); defer { lock.unlock() }
        return entries[key]
    }

    /// Holds `bytes` as an object; returns its digest.
    @discardableResult
    public func put(_ bytes: [UInt8]) -> Digest {
        let d = Digest.of(bytes)
        lock.lock(); objects[d] = bytes; lock.unlock()
        return d
    }

    /// Forgets an object (as a `store gc` beside a run would).
    public func removeObject(_ digest: Digest) {
        lock.lock(); objects[digest] = nil; lock.unlock()
    }
}
