import Foundation

/// The repository's committed objects (`cas/<2 hex>/<64 hex>`, raw bytes, no header), read-only.
///
/// Reads verify; a corrupt object is recorded in `events` and read as a miss. It is never moved:
/// the folder belongs to the repository, and `git status` shows the damage.
public struct SeedStore: ContentStore {
    public let root: String
    public let events: StoreEvents

    public init(root: String, events: StoreEvents = StoreEvents()) {
        self.root = root
        self.events = events
    }

    public static func path(for digest: Digest, in root: String) -> String {
        let hex = digest.hex
        return "\(root)/\(hex.prefix(2))/\(hex)"
    }

    public func path(for digest: Digest) -> String { Self.path(for: digest, in: root) }

    public func contains(_ digest: Digest) -> Bool { access(path(for: digest), F_OK) == 0 }

    public func get(_ digest: Digest) throws -> [UInt8]? {
        let p = path(for: digest)
        guard let bytes = try FileIO.read(p) else { return nil }
        guard Digest.of(bytes) == digest else {
            events.record(.corruptObject(digest: digest, layer: .seed, path: p,
                                         reason: "content hashes to a different digest", quarantinedTo: nil))
            return nil
        }
        return bytes
    }

    /// Always throws: the seed store is written only by `write(_:into:)` (maintainer commands).
    public func put(_ bytes: [UInt8]) throws -> Digest {
        throw CacheError.readOnlyStore(path: root)
    }

    /// Writes `bytes` into a seed folder (`core pack`): raw, atomically (temporary file in the
    /// shard folder, then rename), mode 0644 so git records it as a plain file. Idempotent.
    @discardableResult
    public static func write(_ bytes: [UInt8], into root: String) throws -> Digest {
        let digest = Digest.of(bytes)
        let final = path(for: digest, in: root)
        if let existing = try FileIO.read(final), Digest.of(existing) == digest { return digest }
        let shard = (final as NSString).deletingLastPathComponent
        try FileIO.makeDirectories(shard)
        try FileIO.replace(final, with: bytes, temp: "\(shard)/.tmp-\(digest.hex.prefix(16))-\(getpid())-\(UInt32.random(in: 0 ... .max))")
        return digest
    }
}
