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
/// * Objects the server is known to hold are not uploaded again (HEAD, then remembered); an
///   object the server served corrupt is overwritten by the next upload of it.
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
    private var present: Set<Digest> = []
    private var badOnServer: Set<Digest> = []
    private(set) var counts = RemoteCounts()

    init(cache: any RemoteCache, uploads: Bool) {
        self.cache = cache
        self.uploads = uploads
    }

    /// An entry worth checking (its objects are not verified yet), or nil.
    func entry(for key: Digest) -> ActionEntry? {
        guard isOn else { return nil }
        do {
            switch try cache.entry(for: key) {
            case .miss:
                bump { $0.entryMisses += 1 }
                return nil
            case let .hit(e, _):
                return e
            case let .rejected(why):
                lock.lock()
                rejected += 1
                if firstRejection == nil { firstRejection = (key, why) }
                lock.unlock()
                return nil
            }
        } catch {
            trip(read: true, "entry \(key.hex)", error)
            return nil
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
                failures.append(.readFailed(layer: .remote, detail: "reading the downloaded object \(digest.hex): \(error)"))
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

    /// Counts a remote entry whose every object arrived and verified.
    func recordHit() { bump { $0.entryHits += 1 } }

    /// Counts a remote entry some object of which was missing, corrupt or of the wrong size.
    func recordIncomplete() { bump { $0.incompleteEntries += 1 } }

    /// Uploads the objects the server lacks, then the entry. Best effort.
    func upload(key: Digest, entry: ActionEntry, bodies: [Body]) {
        guard uploads, isOn, uploadsOn else { return }
        do {
            for (file, b) in zip(entry.outputs, bodies) where file.digest != .empty {
                lock.lock()
                let known = present.contains(file.digest) && !badOnServer.contains(file.digest)
                let mustOverwrite = badOnServer.contains(file.digest)
                lock.unlock()
                if known { continue }
                if !mustOverwrite, try cache.containsObject(file.digest) {
                    lock.lock(); present.insert(file.digest); lock.unlock()
                    continue
                }
                try cache.putObject(b, digest: file.digest)
                lock.lock(); present.insert(file.digest); badOnServer.remove(file.digest); lock.unlock()
                bump { $0.objectsUploaded += 1 }
            }
            try cache.putEntry(entry, for: key)
            bump { $0.entriesUploaded += 1 }
        } catch let error as CacheError {
            // A refusal (401, 403, 405, 413, any 4xx; bazel-remote's 507 when full) says nothing
            // about reads: stop writing, keep reading. No answer or a 5xx: stop everything.
            guard case let .remote(_, status?, _) = error, (400..<500).contains(status) || status == 507 else {
                return trip(read: false, "upload of \(key.hex)", error)
            }
            lock.lock()
            defer { lock.unlock() }
            guard !uploadsOff, !disabled else { return }
            uploadsOff = true
            failures.append(.writeFailed(layer: .remote, detail:
                "\(cache.location) refused an upload (HTTP \(status)): \(error); uploads are off for the rest of this run, reads go on"
                + " (give read-only runners --remote-upload=false)"))
        } catch {
            trip(read: false, "upload of \(key.hex)", error)
        }
    }

    /// One warning per kind, in the order they first happened, with counts.
    var events: [StoreEvent] {
        lock.lock(); defer { lock.unlock() }
        var out = failures
        if let first = firstRejection {
            let more = rejected > 1 ? " (and \(rejected - 1) more)" : ""
            out.append(.readFailed(layer: .remote, detail:
                "\(cache.location): the entry for task key \(first.key.hex) has \(first.why)\(more); ignored, those tasks were rendered locally"
                + "; make sure only trusted CI can write to the cache"))
        }
        if let first = firstCorrupt {
            let more = corrupt > 1 ? " (and \(corrupt - 1) more objects)" : ""
            out.append(.corruptObject(digest: first.digest, layer: .remote, path: "\(cache.location)/cas/\(first.digest.hex)",
                                      reason: "downloaded bytes hash to \(first.actual.hex)\(more)", quarantinedTo: nil))
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
        // A CacheError.remote names the URL; other errors (test doubles) get the location.
        let said = error is CacheError ? "\(error)" : "\(cache.location) \(what): \(error)"
        let detail = "\(said); remote cache disabled for the rest of this run"
        failures.append(read ? .readFailed(layer: .remote, detail: detail) : .writeFailed(layer: .remote, detail: detail))
    }
}

/// What the remote layer did in one run.
public struct RemoteCounts: Hashable, Sendable {
    /// Entries whose every object arrived and verified.
    public var entryHits = 0
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
