import Hashing

/// One file of a composed tree (path relative to the mount).
public struct ComposedFile: Hashable, Sendable {
    public enum Origin: String, Hashable, Sendable { case core, replaced, added }
    public let path: String
    public let digest: Digest
    public let mode: FileMode
    public let origin: Origin
    public let owner: FileOwner
    public let taskKey: Digest?
    /// The task's named inputs (empty for Core files).
    public var inputs: [String: Digest] = [:]
}
