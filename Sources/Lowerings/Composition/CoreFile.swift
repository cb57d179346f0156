import Hashing

/// A file of the pinned Core, as read from its verified archive.
public struct CoreFile: Hashable, Sendable {
    public let path: String
    public let digest: Digest
    public let mode: FileMode

    public init(path: String, digest: Digest, mode: FileMode) {
        self.path = path
        self.digest = digest
        self.mode = mode
    }
}
