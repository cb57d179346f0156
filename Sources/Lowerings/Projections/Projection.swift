import Hashing
import Tasks

/// A named slice of the Plan that some tasks read, with its canonical bytes and digest.
///
/// Tasks name projection digests as inputs, so a Plan change moves exactly the tasks whose
/// projections moved. `sources` maps each top-level field of the projection to the Plan pointers
/// it was derived from, so a reuse check can say which Plan path moved a seam.
public struct Projection: Hashable, Sendable {
    public let name: String
    public let version: Int
    public let digest: Digest
    /// Each top-level field's Plan pointers. Kept encoded (`SourceList`): a Rails entity's are a
    /// dozen keys and twenty pointers, 2 KB as a dictionary of arrays of strings, and every
    /// entity's projection lives until its tree's provenance is written.
    public var sources: [String: [String]] { SourceList.decode(sourceList) }
    private let sourceList: [UInt8]
    /// The canonical bytes and where each top-level member's value lies in them (one reference:
    /// copying a projection stays cheap). The per-field digests are taken from those ranges when
    /// asked for: only provenance documents name them, and a compile whose documents are known by
    /// key never encodes one.
    private let encoding: Encoding

    private final class Encoding: Sendable {
        let canonical: [UInt8]
        let fieldRanges: [(key: String, range: Range<Int>)]
        init(canonical: [UInt8], fieldRanges: [(key: String, range: Range<Int>)]) {
            self.canonical = canonical
            self.fieldRanges = fieldRanges
        }
    }

    public var canonical: [UInt8] { encoding.canonical }

    /// The projection's value: its members, `projection` and `version` included. Read back from
    /// the canonical bytes when asked for (the bridge components, a native file's digest in the
    /// SLSA statement), which nothing else reads: kept as trees, the values were 39 MB of a
    /// 5,000-entity `--full` compile's 233 MB peak.
    public var value: ProjectionValue {
        guard let value = ProjectionValue(canonical: encoding.canonical) else {
            preconditionFailure("\(name): canonical bytes that do not read back")
        }
        return value
    }
    /// The digest of each top-level field's canonical bytes (`projection` and `version`
    /// included), as provenance records them.
    public var fieldDigests: [String: Digest] {
        var digests: [String: Digest] = [:]
        digests.reserveCapacity(encoding.fieldRanges.count)
        for (key, range) in encoding.fieldRanges {
            digests[key] = encoding.canonical[range].withUnsafeBytes { SHA256Hasher.digest($0) }
        }
        return digests
    }

    public init(name: String, version: Int = 1, fields: [String: ProjectionValue], sources: [String: [String]] = [:]) {
        // A field of either name would be silently replaced below, and its changes would move no key.
        precondition(fields["projection"] == nil && fields["version"] == nil, "\(name): \"projection\" and \"version\" are the projection's own members")
        var all = fields
        all["projection"] = .string(name)
        all["version"] = .int(version)
        self.name = name
        self.version = version
        let (encoded, fieldRanges) = Self.encode(all)
        let canonical = [UInt8](exactly: encoded[...])
        encoding = Encoding(canonical: canonical, fieldRanges: fieldRanges)
        self.digest = Digest.of(canonical)
        sourceList = SourceList.encode(sources)
    }

    /// Equal projections have equal names, versions, values and sources; the values are compared
    /// by the SHA-256 of their canonical bytes (one value, one encoding), as every key is.
    public static func == (a: Projection, b: Projection) -> Bool {
        a.name == b.name && a.version == b.version && a.digest == b.digest && a.sourceList == b.sourceList
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(digest)
    }

    /// The object's canonical bytes (`value.canonical` gives the same), with the range of each
    /// member's value in them.
    private static func encode(_ members: [String: ProjectionValue]) -> ([UInt8], [(key: String, range: Range<Int>)]) {
        var out: [UInt8] = [UInt8(ascii: "{")]
        var ranges: [(key: String, range: Range<Int>)] = []
        ranges.reserveCapacity(members.count)
        for (i, member) in members.sorted(by: { CanonicalJSON.keyPrecedes($0.key, $1.key) }).enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            CanonicalJSON.writeString(member.key, into: &out)
            out.append(UInt8(ascii: ":"))
            let start = out.count
            member.value.write(into: &out)
            ranges.append((member.key, start..<out.count))
        }
        out.append(UInt8(ascii: "}"))
        return (out, ranges)
    }

    /// The canonical bytes as a string (for embedding or tests).
    public var text: String { String(decoding: canonical, as: UTF8.self) }
}

extension Projection {
    /// Every part of the projection (`BytePacker`), for `init(unpacking:)` to read back.
    public func pack(into out: inout BytePacker) {
        out.string(name)
        out.count(version)
        out.digest(digest)
        out.byteString(sourceList)
        out.byteString(encoding.canonical)
        out.count(encoding.fieldRanges.count)
        for (key, range) in encoding.fieldRanges {
            out.string(key)
            out.count(range.lowerBound)
            out.count(range.upperBound)
        }
    }

    /// An upper bound of the bytes `pack` writes (a packer's capacity).
    public var packedSizeBound: Int {
        3 * 10 + name.utf8.count + 32 + sourceList.count + encoding.canonical.count
            + encoding.fieldRanges.reduce(0) { $0 + 30 + $1.key.utf8.count } + 64
    }

    /// A projection `pack` wrote: equal to it, with the same canonical bytes and field ranges,
    /// each array allocated at its size.
    public init(unpacking input: inout ByteUnpacker) {
        name = input.string()
        version = input.count()
        digest = input.digest()
        sourceList = input.byteString()
        let canonical = input.byteString()
        var ranges: [(key: String, range: Range<Int>)] = []
        let n = input.count()
        ranges.reserveCapacity(n)
        for _ in 0 ..< n {
            let key = input.string()
            let lower = input.count()
            ranges.append((key, lower ..< input.count()))
        }
        encoding = Encoding(canonical: canonical, fieldRanges: ranges)
    }
}

/// A projection's sources as one byte string: the fields in key order (bytewise), each its key
/// then its pointers in order (`BytePacker`: every string and every count length-prefixed,
/// LEB128), so any bytes round-trip. One encoding per value: equal sources, equal bytes.
enum SourceList {
    static func encode(_ sources: [String: [String]]) -> [UInt8] {
        guard !sources.isEmpty else { return [] }
        var out = BytePacker()
        for (key, pointers) in sources.sorted(by: { $0.key.utf8Precedes($1.key) }) {
            out.string(key)
            out.count(pointers.count)
            for p in pointers { out.string(p) }
        }
        return out.finished()
    }

    static func decode(_ bytes: [UInt8]) -> [String: [String]] {
        var sources: [String: [String]] = [:]
        var input = ByteUnpacker(bytes)
        while !input.isAtEnd {
            let key = input.string()
            let n = input.count()
            var pointers: [String] = []
            pointers.reserveCapacity(n)
            for _ in 0 ..< n { pointers.append(input.string()) }
            sources[key] = pointers
        }
        return sources
    }
}
