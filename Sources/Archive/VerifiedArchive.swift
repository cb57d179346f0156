import Hashing

/// The result of reading an archive that passed its policy: the digest of the .tar.gz bytes,
/// the revision it carries (if any) and its entries sorted bytewise by path.
public struct VerifiedArchive: Hashable, Sendable {
    public let digest: Digest
    public let revision: String?
    public let entries: [ArchiveEntry]

    public init(digest: Digest, revision: String?, entries: [ArchiveEntry]) {
        self.digest = digest
        self.revision = revision
        self.entries = entries
    }

    public func entry(at path: String) -> ArchiveEntry? {
        entries.first { $0.path.utf8.elementsEqual(path.utf8) }
    }
}
