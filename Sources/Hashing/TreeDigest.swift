/// The native input digest, "tree digest v1" (DESIGN.md): over every regular file of a tree
/// except the excluded names, sorted by path bytewise, one line per file
/// `<mode> <sha256-hex>  <relative-path>\n` with mode `100644` or `100755`; the digest is the
/// SHA-256 of the concatenation. A plain shell pipeline reproduces it. Reading a directory into
/// entries is `Cache`'s (`TreeDigest.entries(ofDirectory:)`): this module touches no disk.
public enum TreeDigest {
    public static let provenanceFile = "FOUNDATION_PROVENANCE.json"

    public struct Entry: Hashable, Sendable {
        public let path: String
        public let mode: FileMode
        public let digest: Digest

        public init(path: String, mode: FileMode, digest: Digest) {
            self.path = path
            self.mode = mode
            self.digest = digest
        }

        /// `<mode> <sha256-hex>  <path>\n`.
        public var line: String {
            var out: [UInt8] = []
            append(to: &out)
            return String(decoding: out, as: UTF8.self)
        }

        func append(to out: inout [UInt8]) {
            out.append(contentsOf: mode.octal.utf8)
            out.append(UInt8(ascii: " "))
            digest.appendHex(to: &out)
            out.append(contentsOf: "  ".utf8)
            out.append(contentsOf: path.utf8)
            out.append(UInt8(ascii: "\n"))
        }
    }

    /// The listing the digest is taken over (useful to show what moved).
    public static func listing(_ entries: [Entry], excluding excluded: Set<String> = [provenanceFile]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(entries.reduce(0) { $0 + $1.path.utf8.count + 74 })
        forEachListed(entries, excluding: excluded) { $0.append(to: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// `Digest.of(listing(entries, excluding:))`, hashed in pieces of 64 KiB: a Rails tree's
    /// listing at 5,000 entities is 5 MB, never whole in memory.
    public static func digest(_ entries: [Entry], excluding excluded: Set<String> = [provenanceFile]) -> Digest {
        digest(entries[...], excluding: excluded)
    }

    /// `digest` of entries made as they are read (a composition's files, mapped lazily: no array
    /// of entries beside the files). Entries already in order, as composition and the state give
    /// them, are listed as they come, in one pass; others are sorted first.
    public static func digest<C: Collection>(_ entries: C, excluding excluded: Set<String> = [provenanceFile]) -> Digest
        where C.Element == Entry {
        let isExcluded = exclusion(excluded)
        var listing = Listing()
        var previous: String?
        for e in entries where !isExcluded(e.path) {
            if let p = previous, !p.utf8Precedes(e.path) {
                // Out of order: listed again from the start, sorted.
                var sorted = Listing()
                forEachListed(entries, excluding: excluded) { sorted.add($0) }
                return sorted.finalize()
            }
            previous = e.path
            listing.add(e)
        }
        return listing.finalize()
    }

    /// The listing's lines hashed as they are added, in pieces of 64 KiB.
    struct Listing {
        static let piece = 1 << 16
        let hasher = SHA256Hasher()
        var out: [UInt8] = []

        init() { out.reserveCapacity(Self.piece + 4096) }

        mutating func add(_ e: Entry) {
            e.append(to: &out)
            if out.count >= Self.piece {
                hasher.update(out)
                out.removeAll(keepingCapacity: true)
            }
        }

        func finalize() -> Digest {
            hasher.update(out)
            return hasher.finalize()
        }
    }

    /// Whether a path is one of `excluded` (for the usual single name, one comparison rather than
    /// a hash of every path).
    static func exclusion(_ excluded: Set<String>) -> (String) -> Bool {
        if excluded.isEmpty { return { _ in false } }
        if excluded.count == 1, let only = excluded.first { return { $0 == only } }
        return { excluded.contains($0) }
    }

    /// The listed entries, in listing order: those not excluded, sorted by path bytewise (entries
    /// already in order, as composition gives them, are neither copied nor sorted again).
    static func forEachListed<C: Collection>(_ entries: C, excluding excluded: Set<String>, _ body: (Entry) -> Void)
        where C.Element == Entry {
        let isExcluded = exclusion(excluded)
        var previous: Entry?
        var sorted = true
        for e in entries where !isExcluded(e.path) {
            if let p = previous, !p.path.utf8Precedes(e.path) {
                sorted = false
                break
            }
            previous = e
        }
        guard sorted else {
            for e in entries.filter({ !isExcluded($0.path) }).sorted(by: { $0.path.utf8Precedes($1.path) }) { body(e) }
            return
        }
        for e in entries where !isExcluded(e.path) { body(e) }
    }
}
