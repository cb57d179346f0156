/// What `LocalStore.gc(maxBytes:)` did.
public struct GCReport: Hashable, Sendable, Codable {
    public var entriesRemoved: Int
    public var objectsRemoved: Int
    /// Object bytes on disk before and after.
    public var bytesBefore: UInt64
    public var bytesAfter: UInt64
    public var maxBytes: UInt64
    /// Whether the bound was met (false only when what remains is protected, e.g. too new).
    public var boundMet: Bool { bytesAfter <= maxBytes }
}

/// What `LocalStore.verify()` found.
public struct VerifyReport: Hashable, Sendable, Codable {
    public struct Corrupt: Hashable, Sendable, Codable {
        public var digest: Digest
        public var reason: String
        public var quarantinedTo: String?
    }
    public struct Dangling: Hashable, Sendable, Codable {
        public var key: Digest
        public var missing: [Digest]
    }
    public var objectsChecked: Int
    public var corrupt: [Corrupt]
    /// Entries that referenced a missing (or corrupt) object; they were removed.
    public var dangling: [Dangling]
    /// `PRAGMA quick_check` complaints about the index (empty when sound).
    public var indexProblems: [String]
    /// Where a damaged index was moved before an empty one was started (nil: not rebuilt).
    public var indexRebuiltTo: String? = nil
    public var isClean: Bool { corrupt.isEmpty && dangling.isEmpty && indexProblems.isEmpty }
}

/// What `LocalStore.stats()` counts.
public struct StoreStats: Hashable, Sendable, Codable {
    public var objectCount: Int
    public var bytesOnDisk: UInt64
    /// The objects' uncompressed sizes, read from their headers.
    public var uncompressedBytes: UInt64
    public var entryCount: Int
    public var quarantineCount: Int
}
