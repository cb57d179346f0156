import Foundation

/// The layered store a compile reads through: local (writable) → seed (the repository's `cas/`,
/// read-only, optional) → remote (optional). Thread-safe; one instance serves a parallel executor.
///
/// * A lookup hits only when the entry's every object is present and verifies in some layer, with
///   the recorded size. Objects found in seed or remote are copied into local; an entry found in
///   remote is recorded locally. The returned layer is the deepest one that had to answer.
/// * Read failures (I/O, corrupt objects, a remote that is down) become misses plus a
///   `StoreEvent`; only writes of the run's own results throw.
/// * The remote (`RemoteLayer`) is asked only on a local miss; its entries count only when every
///   object they name arrives and re-hashes to its digest. The first remote failure disables it
///   for the rest of the run; each kind of remote trouble is reported once.
public final class StoreChain: Sendable {
    public let local: LocalStore
    public let seed: SeedStore?
    public let remote: (any RemoteCache)?
    private let remoteLayer: RemoteLayer?
    /// Entries not yet recorded in the local action cache (remote hits, and what this run
    /// rendered): written in batches (one SQLite transaction per `recordBatch` entries, not one
    /// per task), by `flush()` and at the latest when the chain goes away. Lookups see them at
    /// once; a batch that cannot be written is a `StoreEvent.writeFailed`, not a failed task
    /// (the run's outputs are in hand; only their reuse by a later run is lost).
    let pending = PendingRecords()
    /// Keys are SHA-256s, so a batch's inserts land all over the index's B-trees and each commit
    /// writes most of their pages again: a cold 1,000-entity compile made 35k page writes with
    /// batches of 256, 11k with 2,048 (strace), 8% less CPU.
    static let recordBatch = 2048

    /// `uploads: false` makes the remote read-only (runners that must not write to it).
    /// `queuedUploads`: uploads wait in a queue and go out in batches from another thread while
    /// the run goes on (`flush()` waits for them); otherwise each `store` uploads before it returns.
    public init(local: LocalStore, seed: SeedStore? = nil, remote: (any RemoteCache)? = nil, uploads: Bool = true,
                queuedUploads: Bool = false) {
        self.local = local
        self.seed = seed
        self.remote = remote
        remoteLayer = remote.map { RemoteLayer(cache: $0, uploads: uploads, queued: queuedUploads) }
    }

    /// What the remote layer did so far (nil without a remote).
    public var remoteCounts: RemoteCounts? { remoteLayer?.snapshot }

    /// Warnings collected so far from every layer, each once, in the order seen.
    public var events: [StoreEvent] {
        var all = local.events.all
        if let seed, seed.events !== local.events {
            let seen = Set(all)
            all += seed.events.all.filter { !seen.contains($0) }
        }
        if let remoteLayer { all += remoteLayer.events }
        return all
    }

    /// Whether a layer was found holding `digest` corrupt in this run (a `.corruptObject` event):
    /// an object that reads as a miss because it is damaged, not because it is absent.
    public func foundCorrupt(_ digest: Digest) -> Bool {
        events.contains {
            switch $0 {
            case let .corruptObject(d, _, _, _, _), let .remoteObjectsCorrupt(_, d, _, _): return d == digest
            default: return false
            }
        }
    }

    public func lookup(_ key: Digest) -> (entry: ActionEntry, layer: StoreLayer)? {
        var found: ActionEntry? = nil
        do {
            found = try pending.entry(for: key) ?? local.actions.entry(for: key)
        } catch {
            local.events.record(.readFailed(layer: .local, access: .entry(key: key), error: "\(error)"))
        }
        if let found { return complete(key, found, fromRemote: nil) }
        guard let remoteLayer, let (e, s) = remoteLayer.entry(for: key) else { return nil }
        return complete(key, e, fromRemote: s)
    }

    /// The remote half of `lookup(keys:)` for keys no local entry answers: their entries in one
    /// batch, then the objects of the hits that no local or seed layer holds in another, written
    /// into local; then each key completes as `lookup` completes it.
    func lookupRemote(_ keys: [Digest]) -> [(entry: ActionEntry, layer: StoreLayer)?] {
        guard let remoteLayer else { return keys.map { _ in nil } }
        let found = remoteLayer.entries(for: keys)
        var fetched: Set<Digest> = []
        var asked: Set<Digest> = []
        if !local.readOnly {
            var wanted: [(digest: Digest, size: UInt64)] = []
            var seen: Set<Digest> = []
            for case let (entry, _)? in found {
                for o in entry.outputs where o.digest != .empty && seen.insert(o.digest).inserted {
                    if local.objects.contains(o.digest) { continue }
                    if let seed, (try? seed.get(o.digest)) != nil { continue }
                    wanted.append((o.digest, o.size))
                }
            }
            asked = Set(wanted.map(\.digest))
            // Verified (digest) by the layer; sizes are checked as each key completes.
            for (digest, body) in remoteLayer.objects(wanted, spoolDirectory: local.objects.tmpPath) {
                copyToLocal(body, digest)
                fetched.insert(digest)
            }
        }
        return zip(keys, found).map { key, hit in
            guard let (entry, signature) = hit else { return nil }
            return complete(key, entry, fromRemote: signature, asked: asked, fetched: fetched)
        }
    }

    /// A lookup once an entry was found: a hit when every object it names is present somewhere
    /// and verifies (copied into local from a deeper layer). `fromRemote`: the signature of an
    /// entry the remote answered (nil for a local one); `asked`: objects a batch asked the remote
    /// for (those it did not bring are not asked again), `fetched`: those it brought into local.
    private func complete(_ key: Digest, _ entry: ActionEntry, fromRemote: EntrySignature?, asked: Set<Digest> = [],
                          fetched: Set<Digest> = []) -> (entry: ActionEntry, layer: StoreLayer)? {
        var layer: StoreLayer = fromRemote == nil ? .local : .remote
        for output in entry.outputs {
            let lost = asked.contains(output.digest) && !fetched.contains(output.digest)
            guard !lost, var objectLayer = ensureLocal(output.digest, size: output.size) else {
                if fromRemote != nil { remoteLayer?.recordIncomplete() }
                return nil
            }
            if objectLayer == .local, fetched.contains(output.digest) { objectLayer = .remote }
            layer = Self.deeper(layer, objectLayer)
        }
        if let signature = fromRemote { remoteLayer?.recordHit(key, signature) }
        let fromRemote = fromRemote != nil
        if fromRemote, !local.readOnly {
            var copy = entry
            copy.createdMs = 0
            copy.lastUsedMs = 0
            if let batch = pending.add(copy, for: key, flushAt: Self.recordBatch) { write(batch) }
        }
        return (entry, layer)
    }

    /// An entry recorded in this run and not yet written to the index.
    func pendingEntry(_ key: Digest) -> ActionEntry? { pending.entry(for: key) }

    /// Records the entries still pending in the local action cache. The CLI calls it at the end
    /// of a compile; the chain also does when it goes away.
    /// Waits for queued uploads too.
    public func flush() {
        remoteLayer?.finishUploads()
        writePending()
    }

    /// Writes the pending entries (without waiting for uploads).
    func writePending() {
        let batch = pending.takeAll()
        if !batch.isEmpty { write(batch) }
    }

    deinit { flush() }

    /// The entry recorded in local for `key` (one still pending included), as recorded: no
    /// object is read and no last-use time written. Nil when there is none or it cannot be read.
    public func localEntry(for key: Digest) -> ActionEntry? {
        pending.entry(for: key) ?? (try? local.actions.entry(for: key)) ?? nil
    }

    private func write(_ batch: [(key: Digest, entry: ActionEntry)]) {
        do { try local.actions.record(batch) } catch {
            local.events.record(.writeFailed(layer: .local, access: .recordingEntries(count: batch.count), error: "\(error)"))
        }
        pending.written(batch.map(\.key))
    }

    /// The verified bytes of `digest` from the first layer that has them. A remote is asked
    /// without a declared size (so with `RemoteOptions.maxUndeclaredObjectBytes` as the limit);
    /// for objects too large to hold, use `export`.
    public func object(_ digest: Digest) -> (bytes: [UInt8], layer: StoreLayer)? {
        guard let (body, layer) = find(digest, size: nil) else { return nil }
        do {
            return (try body.load(), layer)
        } catch {
            local.events.record(.readFailed(layer: layer, access: .object(digest: digest), error: "\(error)"))
            return nil
        }
    }

    /// Writes the verified bytes of `digest` (`size` bytes, as its entry says) to `destination`,
    /// from whichever layer has them, streamed through the local store: a large object is never
    /// held in memory. `destination` is replaced only once every byte verified. Nil when no
    /// layer has the object intact; throws when `destination` cannot be written.
    public func export(_ digest: Digest, size: UInt64, to destination: String) throws -> StoreLayer? {
        guard let layer = ensureLocal(digest, size: size) else { return nil }
        if layer == .local || !local.readOnly {
            guard case let .valid(n) = try local.objects.export(digest, to: destination), n == size else { return nil }
            return layer
        }
        // A read-only local store kept nothing: the bytes, within `object`'s limit.
        guard let (bytes, _) = object(digest), UInt64(bytes.count) == size else { return nil }
        try FileIO.replace(destination, with: bytes, temp: "\(destination).orchestrate-\(getpid())")
        return layer
    }

    /// Puts every output's bytes into local, records the entry, and (best effort) uploads both to
    /// the remote. Throws `CacheError` when the local write fails.
    public func store(key: Digest, outputs: [(path: String, bytes: [UInt8], executable: Bool)], release: String) throws -> ActionEntry {
        try store(key: key, outputs: outputs, release: release, renderedIn: nil)
    }

    /// Stores outputs and records the entry; `renderedIn` is the Plan digest of the rendering run.
    public func store(key: Digest, outputs: [(path: String, bytes: [UInt8], executable: Bool)], release: String,
                      renderedIn: Digest?) throws -> ActionEntry {
        var files: [OutputFile] = []
        for o in outputs {
            let d = try local.objects.put(o.bytes)
            files.append(OutputFile(path: o.path, digest: d, size: UInt64(o.bytes.count), executable: o.executable))
        }
        let now = local.clock()
        let entry = ActionEntry(outputs: files, release: release, createdMs: now, lastUsedMs: now, renderedIn: renderedIn)
        // Recorded with the run's other entries, `recordBatch` to a transaction (one transaction
        // per task was most of a cold compile's system time); lookups see it at once.
        if let batch = pending.add(entry, for: key, flushAt: Self.recordBatch) { write(batch) }
        remoteLayer?.upload(key: key, entry: entry, bodies: outputs.map { .bytes($0.bytes) })
        return entry
    }

    /// `store` for outputs in files (an artifact): each is streamed into local (hashed as it is
    /// read, never held whole) and uploaded from its file. A file must not change meanwhile: one
    /// that changes size fails the write; one rewritten in place between the two reads uploads
    /// bytes that readers then find corrupt (they verify), a miss that the next upload heals.
    public func store(key: Digest, files: [(path: String, source: String, executable: Bool)], release: String,
                      renderedIn: Digest?) throws -> ActionEntry {
        var outputs: [OutputFile] = []
        var bodies: [Body] = []
        for f in files {
            let (digest, size) = try local.objects.putFile(f.source)
            outputs.append(OutputFile(path: f.path, digest: digest, size: size, executable: f.executable))
            bodies.append(.file(BodyFile(path: f.source, size: size, isTemporary: false)))
        }
        let now = local.clock()
        let entry = ActionEntry(outputs: outputs, release: release, createdMs: now, lastUsedMs: now, renderedIn: renderedIn)
        try local.actions.record(entry, for: key)
        remoteLayer?.upload(key: key, entry: entry, bodies: bodies)
        return entry
    }

    // MARK: Internals

    /// Makes sure a verified copy of `digest` (of `size` bytes) is in local; returns the layer it
    /// came from, or nil when no layer has it intact. A large local object is verified by
    /// streaming it, and a large remote one arrives in `tmp/`: neither is held in memory.
    private func ensureLocal(_ digest: Digest, size: UInt64) -> StoreLayer? {
        var skipLocal = false
        if size > FileSystemContentStore.streamingThreshold {
            skipLocal = true
            do {
                if case let .valid(n) = try local.objects.check(digest) {
                    guard n == size else {
                        local.events.record(.objectSizeMismatch(layer: .local, digest: digest, size: n, declared: size))
                        return nil
                    }
                    return .local
                }
            } catch {
                local.events.record(.readFailed(layer: .local, access: .object(digest: digest), error: "\(error)"))
            }
        }
        guard let (body, layer) = find(digest, size: size, skippingLocal: skipLocal) else { return nil }
        guard body.count == size else {
            local.events.record(.objectSizeMismatch(layer: layer, digest: digest, size: body.count, declared: size))
            return nil
        }
        return layer
    }

    /// The verified bytes of `digest` from the first layer that has them (copied into local when
    /// found deeper). `size` is what an entry declares, for the remote's limit.
    private func find(_ digest: Digest, size: UInt64?, skippingLocal: Bool = false) -> (Body, StoreLayer)? {
        if !skippingLocal {
            do {
                if case let .valid(bytes) = try local.objects.load(digest) { return (.bytes(bytes), .local) }
            } catch {
                local.events.record(.readFailed(layer: .local, access: .object(digest: digest), error: "\(error)"))
            }
        }
        if let seed {
            do {
                if let bytes = try seed.get(digest) {
                    copyToLocal(.bytes(bytes), digest)
                    return (.bytes(bytes), .seed)
                }
            } catch {
                local.events.record(.readFailed(layer: .seed, access: .object(digest: digest), error: "\(error)"))
            }
        }
        if let remoteLayer, let body = remoteLayer.object(digest, size: size, spoolDirectory: local.readOnly ? nil : local.objects.tmpPath) {
            copyToLocal(body, digest)
            return (body, .remote)
        }
        return nil
    }

    private func copyToLocal(_ body: Body, _ digest: Digest) {
        guard !local.readOnly else { return }
        do {
            switch body {
            case let .bytes(b): try local.objects.put(b, digest: digest)
            case let .file(f): try local.objects.putFile(f.path, expected: digest)
            }
        } catch {
            local.events.record(.writeFailed(layer: .local, access: .copyingObject(digest: digest), error: "\(error)"))
        }
    }

    private static func deeper(_ a: StoreLayer, _ b: StoreLayer) -> StoreLayer {
        let order: [StoreLayer] = [.local, .seed, .remote]
        return order.firstIndex(of: a)! >= order.firstIndex(of: b)! ? a : b
    }
}

/// Entries waiting to be recorded locally, visible to lookups until they are written.
final class PendingRecords: @unchecked Sendable {
    private let lock = NSLock()
    private var queued: [(key: Digest, entry: ActionEntry)] = []
    /// Everything queued or being written, by key.
    private var visible: [Digest: ActionEntry] = [:]

    func entry(for key: Digest) -> ActionEntry? {
        lock.lock(); defer { lock.unlock() }
        return visible[key]
    }

    /// Queues an entry; returns a batch to write when the queue reached `flushAt`.
    func add(_ entry: ActionEntry, for key: Digest, flushAt: Int) -> [(key: Digest, entry: ActionEntry)]? {
        lock.lock(); defer { lock.unlock() }
        queued.append((key, entry))
        visible[key] = entry
        guard queued.count >= flushAt else { return nil }
        defer { queued.removeAll(keepingCapacity: true) }
        return queued
    }

    func takeAll() -> [(key: Digest, entry: ActionEntry)] {
        lock.lock(); defer { lock.unlock() }
        defer { queued.removeAll() }
        return queued
    }

    /// Forgets written keys (a newer entry queued meanwhile stays visible).
    func written(_ keys: [Digest]) {
        lock.lock(); defer { lock.unlock() }
        let still = Set(queued.map(\.key))
        for k in keys where !still.contains(k) { visible[k] = nil }
    }
}
