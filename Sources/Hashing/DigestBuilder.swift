/// The one way this code base builds a hash preimage: a domain tag and a schema version first,
/// then fields, each tagged with its kind and length-prefixed, so no two field lists share an
/// encoding.
///
/// Encoding: `u32be(len(tag)) tag u32be(version)`, then per field a one-byte kind, `u64be(len)`
/// and the bytes. Never `joined()`. Preimages here are small (keys, manifests), so the builder
/// keeps the bytes and hashes them once.
public struct DigestBuilder: Sendable {
    public private(set) var preimage: [UInt8] = []

    public init(domain: String, version: UInt32) {
        let tag = Array(domain.utf8)
        preimage += Self.be32(UInt32(tag.count))
        preimage += tag
        preimage += Self.be32(version)
    }

    public mutating func add(_ string: String) {
        preimage.append(0x01)
        appendBE64(UInt64(string.utf8.count))
        preimage.append(contentsOf: string.utf8)
    }
    public mutating func add(bytes: [UInt8]) { field(kind: 0x02, bytes) }
    public mutating func add(_ digest: Digest) {
        preimage.append(0x03)
        appendBE64(32)
        digest.withUnsafeBytes { preimage += $0 }
    }
    public mutating func add(_ value: UInt64) { field(kind: 0x04, Self.be64(value)) }
    public mutating func add(_ value: Bool) { field(kind: 0x05, [value ? 1 : 0]) }

    /// A named map: its count, then `name`, `digest` pairs sorted by the bytes of the name.
    public mutating func add(named: [String: Digest]) {
        field(kind: 0x06, Self.be64(UInt64(named.count)))
        for (name, digest) in named.sorted(by: { $0.key.utf8Precedes($1.key) }) {
            add(name)
            add(digest)
        }
    }

    public func finalize() -> Digest { Digest.of(preimage) }

    /// For a preimage too large to keep (a provenance key over every file of a tree): hands the
    /// bytes built so far to `hasher` and forgets them. The digest is then `hasher`'s, after a
    /// last `drain`: the same as `finalize()` over the whole preimage.
    public mutating func drain(into hasher: SHA256Hasher) {
        hasher.update(preimage)
        preimage.removeAll(keepingCapacity: true)
    }

    private mutating func appendBE64(_ v: UInt64) {
        for shift in stride(from: 56, through: 0, by: -8) { preimage.append(UInt8(truncatingIfNeeded: v >> UInt64(shift))) }
    }

    private mutating func field(kind: UInt8, _ bytes: [UInt8]) {
        preimage.append(kind)
        preimage += Self.be64(UInt64(bytes.count))
        preimage += bytes
    }

    static func be32(_ v: UInt32) -> [UInt8] { (0..<4).reversed().map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
    static func be64(_ v: UInt64) -> [UInt8] { (0..<8).reversed().map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
}
