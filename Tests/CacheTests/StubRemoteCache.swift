import Foundation
@testable import Cache

/// A remote test double: dictionaries behind a lock, optionally failing or lying.
final class StubRemoteCache: RemoteCache, @unchecked Sendable {
    let location = "stub://remote"
    /// What hits say of their signature: by default as a cache with a signing key reports them.
    var signature = EntrySignature.verified
    var signsEntries = true
    private let lock = NSLock()
    private var entries: [Digest: ActionEntry] = [:]
    private var objects: [Digest: [UInt8]] = [:]
    var failReads = false
    var failWrites = false
    /// An HTTP status every write answers with (e.g. 403).
    var refuseWrites: Int?
    /// Keys whose entry is reported as rejected.
    var rejections: [Digest: RemoteRejection] = [:]
    private(set) var objectReads = 0
    private(set) var objectPuts = 0
    private(set) var entryPuts = 0
    private(set) var heads = 0
    /// Every call, failed or not.
    private(set) var requests = 0

    struct Down: Error {}

    func entry(for key: Digest) throws -> RemoteLookup {
        lock.lock(); defer { lock.unlock() }
        requests += 1
        if failReads { throw Down() }
        if let why = rejections[key] { return .rejected(why) }
        return entries[key].map { .hit($0, signature) } ?? .miss
    }

    func object(_ digest: Digest, size: UInt64?, spoolDirectory: String?) throws -> RemoteObject {
        lock.lock(); defer { lock.unlock() }
        requests += 1
        if failReads { throw Down() }
        objectReads += 1
        return objects[digest].map { .found(.bytes($0)) } ?? .missing
    }

    func containsObject(_ digest: Digest) throws -> Bool {
        lock.lock(); defer { lock.unlock() }
        requests += 1
        if failReads { throw Down() }
        heads += 1
        return objects[digest] != nil
    }

    func putEntry(_ entry: ActionEntry, for key: Digest) throws {
        lock.lock(); defer { lock.unlock() }
        requests += 1
        if let refuseWrites { throw CacheError.remoteStatus(url: location, method: "PUT", status: refuseWrites) }
        if failWrites { throw Down() }
        entryPuts += 1
        entries[key] = entry
    }

    func putObject(_ body: Body, digest: Digest) throws {
        lock.lock(); defer { lock.unlock() }
        requests += 1
        if let refuseWrites { throw CacheError.remoteStatus(url: location, method: "PUT", status: refuseWrites) }
        if failWrites { throw Down() }
        objectPuts += 1
        objects[digest] = try body.load()
    }

    /// The stored bytes of an object (nil when absent), as a test reads them back.
    func storedObject(_ digest: Digest) -> [UInt8]? {
        lock.lock(); defer { lock.unlock() }
        return objects[digest]
    }

    /// Forgets an object (as a server evicting it would).
    func remove(_ digest: Digest) {
        lock.lock(); objects[digest] = nil; lock.unlock()
    }

    /// Forgets an entry.
    func forget(_ key: Digest) {
        lock.lock(); entries[key] = nil; lock.unlock()
    }

    /// Stores bytes under a digest they do not have.
    func plant(_ bytes: [UInt8], as digest: Digest) {
        lock.lock(); objects[digest] = bytes; lock.unlock()
    }

    var entryCount: Int { lock.lock(); defer { lock.unlock() }; return entries.count }

    /// Calls of the batch forms, and how many items each carried.
    private(set) var batches: [(call: String, items: Int)] = []

    func entries(for keys: [Digest]) throws -> [RemoteLookup] {
        lock.lock(); batches.append(("entries", keys.count)); lock.unlock()
        return try keys.map { try entry(for: $0) }
    }

    func objects(_ wanted: [(digest: Digest, size: UInt64)], spoolDirectory: String?) throws -> [RemoteObject] {
        lock.lock(); batches.append(("objects", wanted.count)); lock.unlock()
        return try wanted.map { try object($0.digest, size: $0.size, spoolDirectory: spoolDirectory) }
    }

    func putEntries(_ items: [(key: Digest, entry: ActionEntry)]) throws {
        lock.lock(); batches.append(("putEntries", items.count)); lock.unlock()
        for e in items { try putEntry(e.entry, for: e.key) }
    }
}
