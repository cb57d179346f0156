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

    init(cache: any RemoteCache, uploads: Bool) {
        self.cache = cache
        self.uploads = uploads
    }

    /// An entry worth checking (its objects are not verified yet) and what is known of its
    /// signature, or nil. Remembers what the server held for `key`, for `upload`'s rule.
    func entry(for key: Digest) -> (entry: ActionEntry, signature: EntrySignature)? {
        guard isOn else { return nil }
        let answer: RemoteLookup
        do { answer = try cache.entry(for: key) } catch {
            trip(read: true, "entry \(key.hex)", error)
            return nil
        }
        lock.lock()
        defer { lock.unlock() }
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
    /// `key` that must not be replaced (`mayReplace`). Best effort.
    func upload(key: Digest, entry: ActionEntry, bodies: [Body]) {
        guard uploads, isOn, uploadsOn else { return }
        lock.lock()
        var occupant = occupants.removeValue(forKey: key)
        lock.unlock()
        if occupant == nil {
            // Not looked up in this run (an artifact): ask once.
            do { occupant = Occupant(try cache.entry(for: key)) } catch {
                return trip(read: true, "entry \(key.hex)", error)
            }
        }
        guard let occupant, Self.mayReplace(occupant) else {
            lock.lock()
            kept += 1
            if firstKept == nil { firstKept = key }
            counts.entriesKept += 1
            lock.unlock()
            return
        }
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
            guard case let .remoteStatus(_, _, status) = error, (400..<500).contains(status) || status == 507 else {
                return trip(read: false, "upload of \(key.hex)", error)
            }
            lock.lock()
            defer { lock.unlock() }
            guard !uploadsOff, !disabled else { return }
            uploadsOff = true
            failures.append(.remoteUploadsRefused(location: cache.location, status: status, error: error))
        } catch {
            trip(read: false, "upload of \(key.hex)", error)
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
