import Cache

/// A composed tree as found on disk, as values: its files (paths relative to the tree's mount,
/// without the provenance file, `.orchestrate/` or other trees) and the bytes of its
/// `FOUNDATION_PROVENANCE.json`, if there is one. The CLI reads the disk; checks take this.
public struct TreeSnapshot: Hashable, Sendable {
    /// `rails`, `ios` or `android`: the name of the Core pinned for the tree.
    public var platform: String
    /// Where the tree is mounted in the output ("" = the root).
    public var mount: String
    public var files: [TreeDigest.Entry]
    public var provenance: [UInt8]?

    public init(platform: String, mount: String, files: [TreeDigest.Entry], provenance: [UInt8]?) {
        self.platform = platform
        self.mount = mount
        self.files = files
        self.provenance = provenance
    }

    /// The native input digest recomputed from the files (tree digest v1).
    public var digest: Digest { TreeDigest.digest(files) }

    /// The output path of a tree-relative path.
    public func outputPath(_ path: String) -> String { mounted(mount, path) }

    public var provenancePath: String { outputPath(TreeDigest.provenanceFile) }
}
