import Foundation
@testable import Cache

/// A remote test double: dictionaries behind a lock, optionally failing or lying.
final class StubRemoteCache: RemoteCache, @unchecked Sendable {
    let location = "stub://remote"
    private let lock = NSLock()
    private var entries: [Digest: ActionEntry] = [:]
    private var objects: [Digest: [UInt8]] = [:]
    var failReads = false
    var failWrites = false
    private(set) var objectReads = 0

    struct Down: Error {}

    func entry(for key: Digest) throws -> ActionEntry? {
        lock.lock(); defer { lock.unlock() }
        if failReads { throw Down() }
        return entries[key]
    }

    func object(_ digest: Digest) throws -> [UInt8]? {
        lock.lock(); defer { lock.unlock() }
        if failReads { throw Down() }
        objectReads += 1
        return objects[digest]
    }

    func putEntry(_ entry: ActionEntry, for key: Digest) throws {
        lock.lock(); defer { lock.unlock() }
        if failWrites { throw Down() }
        entries[key] = entry
    }

    func putObject(_ bytes: [UInt8], digest: Digest) throws {
        lock.lock(); defer { lock.unlock() }
        if failWrites { throw Down() }
        objects[digest] = bytes
    }

    /// Stores bytes under a digest they do not have.
    func plant(_ bytes: [UInt8], as digest: Digest) {
        lock.lock(); objects[digest] = bytes; lock.unlock()
    }

    var entryCount: Int { lock.lock(); defer { lock.unlock() }; return entries.count }
}
