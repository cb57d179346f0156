/// A content-addressed object store: objects are addressed by the SHA-256 of their bytes.
///
/// Reads verify: `get` never returns bytes whose digest differs from the address. A corrupt object
/// is reported (`Cache`'s stores record a `StoreEvent`), quarantined where the store is writable,
/// and read as a miss.
public protocol ContentStore: Sendable {
    /// Whether the store holds an object under `digest` (cheap; does not verify).
    func contains(_ digest: Digest) -> Bool
    /// The verified bytes of the object, or nil when it is absent or failed verification.
    func get(_ digest: Digest) throws -> [UInt8]?
    /// Stores `bytes` and returns their digest. Idempotent.
    @discardableResult
    func put(_ bytes: [UInt8]) throws -> Digest
}

/// What reading one object found.
public enum ObjectRead: Hashable, Sendable {
    /// The object's bytes, verified.
    case intact([UInt8])
    /// No object under the digest.
    case missing
    /// An object is there but its bytes hash to another digest.
    case damaged
    /// The store could not be read (an I/O failure, the error as it said itself).
    case unreadable(String)
}

extension ContentStore {
    /// Whether the object is present and its bytes verify.
    public func containsValid(_ digest: Digest) -> Bool { ((try? get(digest)) ?? nil) != nil }

    /// Reads an object and says why there are no bytes when there are none: `get` answers nil both
    /// for an absent object and for one that fails verification, and `contains` tells them apart.
    public func fetch(_ digest: Digest) -> ObjectRead {
        do {
            if let bytes = try get(digest) { return .intact(bytes) }
            return contains(digest) ? .damaged : .missing
        } catch {
            return .unreadable("\(error)")
        }
    }
}
