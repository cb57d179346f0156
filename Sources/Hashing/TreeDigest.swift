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
        String(decoding: listingBytes(entries, excluding: excluded), as: UTF8.self)
    }

    /// `Digest.of(listing(entries, excluding:))`.
    public static func digest(_ entries: [Entry], excluding excluded: Set<String> = [provenanceFile]) -> Digest {
        Digest.of(listingBytes(entries, excluding: excluded))
    }

    /// The listing's bytes, written into one buffer (entries already in order, as composition
    /// gives them, are not sorted again).
    static func listingBytes(_ entries: [Entry], excluding excluded: Set<String>) -> [UInt8] {
        var kept = entries.filter { !excluded.contains($0.path) }
        var sorted = true
        for i in kept.indices.dropFirst() where !kept[i - 1].path.utf8Precedes(kept[i].path) {
            sorted = false
            break
        }
        if !sorted { kept.sort { $0.path.utf8Precedes($1.path) } }
        var out: [UInt8] = []
        out.reserveCapacity(kept.reduce(0) { $0 + $1.path.utf8.count + 74 })
        for e in kept { e.append(to: &out) }
        return out
    }
}
