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

        public var line: String { "\(mode.octal) \(digest.hex)  \(path)\n" }
    }

    /// The listing the digest is taken over (useful to show what moved).
    public static func listing(_ entries: [Entry], excluding excluded: Set<String> = [provenanceFile]) -> String {
        entries.filter { !excluded.contains($0.path) }
            .sorted { $0.path.utf8Precedes($1.path) }
            .map(\.line).joined()
    }

    /// `Digest.of(listing(entries, excluding:))`, the listing's bytes written into one buffer
    /// (entries already in order, as composition gives them, are not sorted again).
    public static func digest(_ entries: [Entry], excluding excluded: Set<String> = [provenanceFile]) -> Digest {
        var kept = entries.filter { !excluded.contains($0.path) }
        var sorted = true
        for i in kept.indices.dropFirst() where !kept[i - 1].path.utf8Precedes(kept[i].path) {
            sorted = false
            break
        }
        if !sorted { kept.sort { $0.path.utf8Precedes($1.path) } }
        var out: [UInt8] = []
        out.reserveCapacity(kept.reduce(0) { $0 + $1.path.utf8.count + 74 })
        for e in kept {
            out.append(contentsOf: e.mode.octal.utf8)
            out.append(UInt8(ascii: " "))
            e.digest.appendHex(to: &out)
            out.append(UInt8(ascii: " "))
            out.append(UInt8(ascii: " "))
            out.append(contentsOf: e.path.utf8)
            out.append(UInt8(ascii: "\n"))
        }
        return Digest.of(out)
    }
}
