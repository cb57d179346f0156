import Foundation

/// The remote end of a `StoreChain`: a `RemoteCache` behind a circuit breaker, with the run's
/// warnings folded into one each.
///
/// * The first failure (refused, timed out, 5xx, an unexpected status) disables the remote for
///   the rest of the run and is reported once; 10,000 tasks do not each wait a timeout.
/// * An upload the server refuses (any 4xx, or 507 when full) turns uploads off and keeps reads.
/// * Rejected entries (unsigned, wrong signature, unreadable, too long), objects whose bytes do
///   not hash to their digest, and objects whose body is longer or shorter than their entry
///   declares are misses, each kind reported once with a count. None of them opens the breaker:
///   the server answered, it only answered something unusable.
/// * Objects the server is known to hold are not uploaded again (asked in a batch, then
///   remembered); an object the server served corrupt is overwritten by the next upload of it.
/// * Lookups and uploads go to the remote in batches (`entries(for:)`, `objects`, and a queue of
///   uploads drained by one thread when `queued`), never one round trip per task.
/// * An entry is never replaced when the server's carries a signature this runner cannot
///   verify (`mayReplace`); entries used without a verified signature are one warning.
final class RemoteLayer: @unchecked Sendable {
    let cache: any RemoteCache
    let uploads: Bool
    private let lock = NSLock()
    private var disabled = false
    private var uploadsOff = false
    private var failures: [StoreEvent] = []
    private var rejected = 0
    private var firstRejection: (key: Digest, why: RemoteRejection)?
    private var corrupt = 0
    private var firstCorrupt: (digest: Digest, actual: Digest)?
    private var refused = 0
    private var firstRefused: (digest: Digest, declared: UInt64?, problem: BodyProblem)?
    private var kept = 0
    private var firstKept: Digest?
    /// What the server held for keys looked up and not (yet) a hit.
    private var occupants: [Digest: Occupant] = [:]
    private var present: Set<Digest> = []
    private var badOnServer: Set<Digest> = []
    private(set) var counts = RemoteCounts()

    /// Uploads waiting to go out in batches; nil uploads each at once.
    private let queue: UploadQueue?

    init(cache: any RemoteCache, uploads: Bool, queued: Bool = false) {
        self.cache = cache
        self.uploads = uploads
        queue = queued && uploads ? UploadQueue() : nil
    }

    /// An entry worth checking (its objects are not verified yet) and what is known of its
    /// signature, or nil. Remembers what the server held for `key`, for `upload`'s rule.
    func entry(for key: Digest) -> (entry: ActionEntry, signature: EntrySignature)? { entries(for: [key])[0] }

    /// `entry(for:)` for several keys, answered by one batch of the remote (in order).
    func entries(for keys: [Digest]) -> [(entry: ActionEntry, signature: EntrySignature)?] {
        guard isOn, !keys.isEmpty else { return keys.map { _ in nil } }
        let answers: [RemoteLookup]
        do { answers = try cache.entries(for: keys) } catch {
            trip(read: true, keys.count == 1 ? "entry \(keys[0].hex)" : "entries of \(keys.count) keys", error)
            return keys.map { _ in nil }
        }
        lock.lock()
        defer { lock.unlock() }
        return zip(keys, answers).map { key, answer in
            if uploads { occupants[key] = Occupant(answer) }
            switch answer {
            case .miss:
                counts.entryMisses += 1
                return nil
            case let .hit(e, signature):
                return (e, signature)
            case let .rejected(why):
                rejected += 1
                if firstRejection == nil { firstRejection = (key, why) }
                return nil
            }
        }
    }

    /// Verified bytes of `digest` (`size` as its entry declares, nil when no entry does), in
    /// memory or in a temporary file in `spoolDirectory`; nil when the server does not have them
    /// intact.
    func object(_ digest: Digest, size: UInt64?, spoolDirectory: String?) -> Body? {
        guard isOn else { return nil }
        let answer: RemoteObject
        do { answer = try cache.object(digest, size: size, spoolDirectory: spoolDirectory) } catch {
            trip(read: true, "object \(digest.hex)", error)
            return nil
        }
        return judge(digest, size, answer)
    }

    /// `object` for several objects by one batch of the remote: the verified bodies by digest
    /// (absent: missing, refused or corrupt, each counted as `object` counts them).
    func objects(_ wanted: [(digest: Digest, size: UInt64)], spoolDirectory: String?) -> [Digest: Body] {
        guard isOn, !wanted.isEmpty else { return [:] }
        let answers: [RemoteObject]
        do { answers = try cache.objects(wanted, spoolDirectory: spoolDirectory) } catch {
            trip(read: true, "\(wanted.count) objects", error)
            return [:]
        }
        var out: [Digest: Body] = [:]
        for (w, answer) in zip(wanted, answers) {
            if let body = judge(w.digest, w.size, answer) { out[w.digest] = body }
        }
        return out
    }

    private func judge(_ digest: Digest, _ size: UInt64?, _ answer: RemoteObject) -> Body? {
        switch answer {
        case .missing:
            return nil
        case let .refused(problem):
            lock.lock()
            refused += 1
            if firstRefused == nil { firstRefused = (digest, size, problem) }
            badOnServer.insert(digest)
            lock.unlock()
            return nil
        case let .found(body):
            let actual: Digest
            do { actual = try body.digest() } catch {
                lock.lock()
                failures.append(.readFailed(layer: .remote, access: .downloadedObject(digest: digest), error: "\(error)"))
                lock.unlock()
                return nil
            }
            guard actual == digest else {
                lock.lock()
                corrupt += 1
                if firstCorrupt == nil { firstCorrupt = (digest, actual) }
                badOnServer.insert(digest)
                lock.unlock()
                return nil
            }
            lock.lock(); present.insert(digest); lock.unlock()
            return body
        }
    }

    /// Counts a remote entry whose every object arrived and verified (and, without a verified
    /// signature, as taken on trust).
    func recordHit(_ key: Digest, _ signature: EntrySignature) {
        lock.lock(); defer { lock.unlock() }
        counts.entryHits += 1
        if signature != .verified { counts.unverifiedHits += 1 }
        if signature == .none { counts.unsignedHits += 1 }
        occupants[key] = nil
    }

    /// Counts a remote entry some object of which was missing, corrupt or of the wrong size.
    func recordIncomplete() { bump { $0.incompleteEntries += 1 } }

    /// Uploads the objects the server lacks, then the entry, unless the server holds an entry for
    /// `key` that must not be replaced (`mayReplace`). Best effort. With a queue (`queued`), the
    /// upload waits there and goes out in a batch with others; `finishUploads` waits for them.
    func upload(key: Digest, entry: ActionEntry, bodies: [Body]) {
        guard uploads, isOn, uploadsOn else { return }
        let item = Upload(key: key, entry: entry, bodies: bodies)
        if let queue { queue.add(item) { self.uploadBatch($0) } } else { uploadBatch([item]) }
    }

    /// Waits until every queued upload went out (or was dropped by a failure).
    func finishUploads() { queue?.drain() }

    struct Upload {
        let key: Digest
        let entry: ActionEntry
        let bodies: [Body]

        /// Bytes held in memory while it waits.
        var memory: UInt64 { bodies.reduce(0) { if case let .bytes(b) = $1 { return $0 + UInt64(b.count) }; return $0 } }
    }

    /// One batch of uploads: what the server holds for keys not looked up in this run (one batch
    /// of entry reads), which objects it lacks (one batch), those objects, then the entries that
    /// may replace what it holds.
    private func uploadBatch(_ items: [Upload]) {
        guard uploads, isOn, uploadsOn, !items.isEmpty else { return }
        lock.lock()
        var held: [Digest: Occupant] = [:]
        for item in items { if let o = occupants.removeValue(forKey: item.key) { held[item.key] = o } }
        lock.unlock()
        let unknown = Array(Set(items.map(\.key).filter { held[$0] == nil }))
        if !unknown.isEmpty {
            // Not looked up in this run (an artifact): ask once.
            do {
                for (k, answer) in zip(unknown, try cache.entries(for: unknown)) { held[k] = Occupant(answer) }
            } catch {
                return trip(read: true, unknown.count == 1 ? "entry \(unknown[0].hex)" : "entries of \(unknown.count) keys", error)
            }
        }
        var allowed: [Upload] = []
        for item in items {
            if let occupant = held[item.key], Self.mayReplace(occupant) {
                allowed.append(item)
                held[item.key] = .signedWithOurKey // a second upload of the key in this batch replaces ours
            } else {
                lock.lock()
                kept += 1
                if firstKept == nil { firstKept = item.key }
                counts.entriesKept += 1
                lock.unlock()
            }
        }
        guard !allowed.isEmpty else { return }
        var blobs: [(digest: Digest, size: UInt64, body: Body)] = []
        var seen: Set<Digest> = []
        lock.lock()
        for item in allowed {
            for (file, b) in zip(item.entry.outputs, item.bodies) where file.digest != .empty && seen.insert(file.digest).inserted {
                if present.contains(file.digest) && !badOnServer.contains(file.digest) { continue }
                blobs.append((file.digest, file.size, b))
            }
        }
        let mustOverwrite = badOnServer
        lock.unlock()
        do {
            let ask = blobs.filter { !mustOverwrite.contains($0.digest) }
            let missing = ask.isEmpty ? [] : try cache.missingObjects(ask.map { ($0.digest, $0.size) })
            let send = blobs.filter { mustOverwrite.contains($0.digest) || missing.contains($0.digest) }
            if !send.isEmpty { try cache.putObjects(send.map { ($0.digest, $0.body) }) }
            lock.lock()
            present.formUnion(blobs.map(\.digest))
            badOnServer.subtract(send.map(\.digest))
            counts.objectsUploaded += send.count
            lock.unlock()
            try cache.putEntries(allowed.map { ($0.key, $0.entry) })
            bump { $0.entriesUploaded += allowed.count }
        } catch let error as CacheError {
            // A refusal (HTTP 401, 403, 405, 413, any 4xx, bazel-remote's 507 when full; gRPC
            // PERMISSION_DENIED and the like) says nothing about reads: stop writing, keep
            // reading. No answer, a 5xx or another status: stop everything.
            guard Self.refusesWrites(error) else {
                return trip(read: false, "upload of \(allowed[0].key.hex)", error)
            }
            lock.lock()
            defer { lock.unlock() }
            guard !uploadsOff, !disabled else { return }
            uploadsOff = true
            failures.append(.remoteUploadsRefused(location: cache.location, error: error))
        } catch {
            trip(read: false, "upload of \(allowed[0].key.hex)", error)
        }
    }

    /// Whether `error` refuses writes only.
    static func refusesWrites(_ error: CacheError) -> Bool {
        switch error {
        case let .remoteStatus(_, _, status): return (400..<500).contains(status) || status == 507
        case let .remoteCall(_, _, status, _): return status.refusesWrites
        default: return false
        }
    }

    /// What the server held for a task key when this run asked.
    enum Occupant: Hashable {
        case absent
        /// Something that is not an entry we can read (malformed, too long).
        case unreadable
        case unsigned
        /// Signed, and the signature verifies under our key.
        case signedWithOurKey
        /// Signed, and either it does not verify under our key or we have no key to check it.
        case signedOtherwise

        init(_ lookup: RemoteLookup) {
            switch lookup {
            case .miss: self = .absent
            case .hit(_, .verified): self = .signedWithOurKey
            case .hit(_, .none), .rejected(.unsigned): self = .unsigned
            case .hit(_, .unchecked), .rejected(.badSignature): self = .signedOtherwise
            case .rejected(.malformed), .rejected(.tooLong): self = .unreadable
            }
        }
    }

    /// Whether an upload may replace what the server holds (docs/remote-cache.md, "Who may
    /// replace an entry"): never an entry that carries a signature our key does not verify (or
    /// any signature, when we have no key). A runner with another key, or with none, would
    /// otherwise turn every validly signed entry it touched into one trusted runners reject.
    static func mayReplace(_ occupant: Occupant) -> Bool { occupant != .signedOtherwise }

    /// One warning per kind, in the order they first happened, with counts.
    var events: [StoreEvent] {
        lock.lock(); defer { lock.unlock() }
        var out = failures
        if let first = firstRejection {
            out.append(.remoteEntriesRejected(location: cache.location, key: first.key, why: first.why, more: rejected - 1))
        }
        if let first = firstCorrupt {
            out.append(.remoteObjectsCorrupt(location: cache.location, digest: first.digest, actual: first.actual, more: corrupt - 1))
        }
        if let first = firstKept {
            out.append(.remoteEntriesKept(location: cache.location, key: first, more: kept - 1, weSign: cache.signsEntries))
        }
        if counts.unverifiedHits > 0 {
            out.append(.unverifiedRemoteEntries(location: cache.location, count: counts.unverifiedHits, unsigned: counts.unsignedHits))
        }
        if let first = firstRefused {
            out.append(.remoteObjectRefused(url: "\(cache.location)/cas/\(first.digest.hex)", declared: first.declared, problem: first.problem,
                                            more: refused - 1))
        }
        return out
    }

    var snapshot: RemoteCounts {
        lock.lock(); defer { lock.unlock() }
        var c = counts
        c.rejected = rejected
        c.corruptObjects = corrupt
        c.refusedObjects = refused
        c.disabled = disabled
        return c
    }

    // MARK: Internals

    private var isOn: Bool { lock.lock(); defer { lock.unlock() }; return !disabled }
    private var uploadsOn: Bool { lock.lock(); defer { lock.unlock() }; return !uploadsOff }

    private func bump(_ f: (inout RemoteCounts) -> Void) { lock.lock(); f(&counts); lock.unlock() }

    /// Opens the breaker; only the first failure of the run is reported.
    private func trip(read: Bool, _ what: String, _ error: Error) {
        lock.lock()
        defer { lock.unlock() }
        guard !disabled else { return }
        disabled = true
        // A CacheError names the URL; other errors (test doubles) get the location and what was asked.
        let cacheError = error as? CacheError ?? .remote(url: cache.location, reason: "\(what): \(error)")
        failures.append(.remoteDisabled(read: read, error: cacheError))
    }
}

/// What the remote layer did in one run.
public struct RemoteCounts: Hashable, Sendable {
    /// Entries whose every object arrived and verified.
    public var entryHits = 0
    /// Of those, entries used without a verified signature (no signing key is configured) ...
    public var unverifiedHits = 0
    /// ... and of those, entries that carried no signature at all.
    public var unsignedHits = 0
    /// Uploads skipped because the server holds an entry signed under another key (or signed at
    /// all, when this runner has no key).
    public var entriesKept = 0
    public var entryMisses = 0
    /// Entries found whose objects did not all arrive intact (a miss).
    public var incompleteEntries = 0
    /// Entries ignored: unsigned, wrong signature or unreadable.
    public var rejected = 0
    /// Objects whose downloaded bytes did not hash to their digest.
    public var corruptObjects = 0
    /// Objects whose body had another length than their entry declares (or passed the limit).
    public var refusedObjects = 0
    public var objectsUploaded = 0
    public var entriesUploaded = 0
    /// True once a failure opened the circuit breaker.
    public var disabled = false
}

/// Uploads waiting for the remote: one thread takes everything queued so far as one batch, so
/// batches grow while the remote is busy. Holds at most `memoryLimit` bytes of bodies in memory
/// (`add` waits beyond it); bodies in files are not counted.
private final class UploadQueue: @unchecked Sendable {
    static let memoryLimit: UInt64 = 64 << 20
    static let batchLimit = 2048
    private let condition = NSCondition()
    private var items: [RemoteLayer.Upload] = []
    private var memory: UInt64 = 0
    private var busy = false
    private var running = false

    func add(_ item: RemoteLayer.Upload, _ send: @escaping ([RemoteLayer.Upload]) -> Void) {
        condition.lock()
        while memory > Self.memoryLimit { condition.wait() }
        items.append(item)
        memory += item.memory
        if !running {
            running = true
            let t = Thread { self.run(send) }
            t.name = "orchestrate-uploads"
            t.start()
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until nothing is queued or being sent.
    func drain() {
        condition.lock()
        while !items.isEmpty || busy { condition.wait() }
        condition.unlock()
    }

    private func run(_ send: @escaping ([RemoteLayer.Upload]) -> Void) {
        condition.lock()
        while true {
            while items.isEmpty {
                // Idle for a while: the thread ends; the next `add` starts another.
                if !condition.wait(until: Date().addingTimeInterval(1)) && items.isEmpty {
                    running = false
                    condition.unlock()
                    return
                }
            }
            let batch = Array(items.prefix(Self.batchLimit))
            items.removeFirst(batch.count)
            busy = true
            condition.unlock()
            send(batch)
            condition.lock()
            busy = false
            memory -= batch.reduce(0) { $0 + $1.memory }
            condition.broadcast()
        }
    }
}
