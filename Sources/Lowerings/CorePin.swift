import Hashing

/// A Core archive pinned by digest and revision, with where it is mounted and what it declares.
public struct CorePin: Hashable, Sendable {
    /// `rails`, `ios` or `android`; also the source folder `Cores/<name>`.
    public let name: String
    public let digest: Digest
    public let revision: String
    /// Where the Core is mounted in the output ("" = the root).
    public let mount: String
    /// Roots never taken from the archive.
    public let excludedRoots: [String]
    public let seams: [CoreSeam]

    public init(name: String, digest: String, revision: String, mount: String, excludedRoots: [String] = [".github"], seams: [CoreSeam]) {
        self.name = name
        self.digest = Digest(hex: digest)!
        self.revision = revision
        self.mount = mount
        self.excludedRoots = excludedRoots
        self.seams = seams
    }
}
