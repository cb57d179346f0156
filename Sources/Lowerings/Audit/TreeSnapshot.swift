import Hashing

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
    /// The text of a native tree's own `.gitignore` (nil for the Rails root, whose digest covers
    /// every file): the paths it ignores are not build inputs.
    public var ignoreFile: String?

    public init(platform: String, mount: String, files: [TreeDigest.Entry], provenance: [UInt8]?, ignoreFile: String? = nil) {
        self.platform = platform
        self.mount = mount
        self.files = files
        self.provenance = provenance
        self.ignoreFile = ignoreFile
    }

    /// The files that are build inputs: all but those the tree's own `.gitignore` ignores (what
    /// `xcodegen generate` or a Gradle build writes; see `IgnoreRules`).
    public var inputFiles: [TreeDigest.Entry] {
        guard let text = ignoreFile else { return files }
        let rules = IgnoreRules(text: text)
        return files.filter { !rules.ignores($0.path) }
    }

    /// The native input digest recomputed from the input files (tree digest v1).
    public var digest: Digest { TreeDigest.digest(inputFiles) }

    /// The output path of a tree-relative path.
    public func outputPath(_ path: String) -> String { mounted(mount, path) }

    public var provenancePath: String { outputPath(TreeDigest.provenanceFile) }
}
