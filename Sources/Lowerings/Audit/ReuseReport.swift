import Hashing

/// The answer of a reuse check for one platform: reuse or rebuild, and why.
public struct ReuseReport: Codable, Hashable, Sendable {
    /// One file that differs between the base and the head tree.
    public struct Change: Codable, Hashable, Sendable {
        public enum Kind: String, Codable, Hashable, Sendable { case modified, added, removed, mode }

        /// Path relative to the tree's mount.
        public var path: String
        /// The task family or `core:<name>` that owns the file (`unknown` without provenance).
        public var owner: String
        public var change: Kind
        /// Named task inputs whose digests differ between base and head.
        public var inputsChanged: [String]
        /// The Plan pointers behind the projection fields that moved.
        public var planPointers: [String]
        /// `<projection>.<field>` of every projection field that moved.
        public var projectionFields: [String]

        enum CodingKeys: String, CodingKey {
            case path, owner, change
            case inputsChanged = "inputs_changed", planPointers = "plan_pointers", projectionFields = "projection_fields"
        }
    }

    public var platform: String
    public var reuse: Bool
    public var baseDigest: Digest
    public var headDigest: Digest
    public var changes: [Change]
    /// Facts that forbid reuse besides changed files (provenance that disagrees with its files),
    /// and facts worth knowing (a new lowering release or Core pin).
    public var notes: [String]

    enum CodingKeys: String, CodingKey {
        case platform, reuse, changes, notes
        case baseDigest = "base_digest", headDigest = "head_digest"
    }

    /// One line per changed file and Plan pointer, e.g.
    /// `/application/appearance/accent → ios.accent_color (Resources/Assets.xcassets/AccentColor.colorset/Contents.json)`.
    public var reasons: [String] {
        var out: [String] = []
        for c in changes {
            if c.planPointers.isEmpty {
                let why = c.inputsChanged.isEmpty ? "" : "; inputs " + c.inputsChanged.joined(separator: ", ")
                out.append("\(c.change.rawValue) \(c.path) (\(c.owner)\(why))")
            } else {
                for p in c.planPointers { out.append("\(p) → \(c.owner) (\(c.path))") }
            }
        }
        return out
    }
}
