import Foundation
@testable import Cache

/// A test double: a dictionary behind a lock, verifying on read like the real stores.
final class InMemoryContentStore: ContentStore, @unchecked Sendable {
    private let lock = NSLock()
    private var objects: [Digest: [UInt8]] = [:]

    func contains(_ digest: Digest) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return objects[digest] != nil
    }

    func get(_ digest: Digest) throws -> [UInt8]? {
        lock.lock(); defer { lock.unlock() }
        guard let bytes = objects[digest] else { return nil }
        return Digest.of(bytes) == digest ? bytes : nil
    }

    @discardableResult
    func put(_ bytes: [UInt8]) throws -> Digest {
        let d = Digest.of(bytes)
        lock.lock(); objects[d] = bytes; lock.unlock()
        return d
    }

    /// Damages a stored object (for the contract's corruption case).
    func corrupt(_ digest: Digest) {
        lock.lock(); objects[digest]?[0] ^= 0xff; lock.unlock()
    }
}
