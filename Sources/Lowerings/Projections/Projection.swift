import Hashing

/// A named slice of the Plan that some tasks read, with its canonical bytes and digest.
///
/// Tasks name projection digests as inputs, so a Plan change moves exactly the tasks whose
/// projections moved. `sources` maps each top-level field of the projection to the Plan pointers
/// it was derived from, so a reuse check can say which Plan path moved a seam.
public struct Projection: Hashable, Sendable {
    public let name: String
    public let version: Int
    public let value: ProjectionValue
    public let digest: Digest
    public let sources: [String: [String]]
    /// The canonical bytes and the per-field digests, made together (one reference: copying a
    /// projection stays cheap).
    private let encoding: Encoding

    private final class Encoding: Sendable {
        let canonical: [UInt8]
        let fieldDigests: [String: Digest]
        init(canonical: [UInt8], fieldDigests: [String: Digest]) {
            self.canonical = canonical
            self.fieldDigests = fieldDigests
        }
    }

    public var canonical: [UInt8] { encoding.canonical }
    /// The digest of each top-level field's canonical bytes (`projection` and `version`
    /// included), as provenance records them.
    public var fieldDigests: [String: Digest] { encoding.fieldDigests }

    public init(name: String, version: Int = 1, fields: [String: ProjectionValue], sources: [String: [String]] = [:]) {
        // A field of either name would be silently replaced below, and its changes would move no key.
        precondition(fields["projection"] == nil && fields["version"] == nil, "\(name): \"projection\" and \"version\" are the projection's own members")
        var all = fields
        all["projection"] = .string(name)
        all["version"] = .int(version)
        self.name = name
        self.version = version
        self.value = .object(all)
        let (canonical, fieldDigests) = Self.encode(all)
        encoding = Encoding(canonical: canonical, fieldDigests: fieldDigests)
        self.digest = Digest.of(canonical)
        self.sources = sources
    }

    /// Equal projections have equal names, versions, values and sources (the canonical bytes and
    /// digests follow from the value).
    public static func == (a: Projection, b: Projection) -> Bool {
        a.name == b.name && a.version == b.version && a.digest == b.digest && a.value == b.value && a.sources == b.sources
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(digest)
    }

    /// The object's canonical bytes (`value.canonical` gives the same), written here so each
    /// member's value is hashed from its slice as it goes by.
    private static func encode(_ members: [String: ProjectionValue]) -> ([UInt8], [String: Digest]) {
        var out: [UInt8] = [UInt8(ascii: "{")]
        var digests: [String: Digest] = [:]
        for (i, member) in members.sorted(by: { CanonicalJSON.keyPrecedes($0.key, $1.key) }).enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            CanonicalJSON.writeString(member.key, into: &out)
            out.append(UInt8(ascii: ":"))
            let start = out.count
            member.value.write(into: &out)
            digests[member.key] = out[start...].withUnsafeBytes { SHA256Hasher.digest($0) }
        }
        out.append(UInt8(ascii: "}"))
        return (out, digests)
    }

    /// The canonical bytes as a string (for embedding or tests).
    public var text: String { String(decoding: canonical, as: UTF8.self) }
}
