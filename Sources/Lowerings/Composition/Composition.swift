import Hashing

/// A composed tree: its files, its native input digest, and its `FOUNDATION_PROVENANCE.json`.
public struct Composition: Hashable, Sendable {
    public let platform: Platform
    public let mount: String
    public let files: [ComposedFile]
    public let nativeInputDigest: Digest
    public let provenance: [UInt8]

    /// Output path of the provenance file.
    public var provenancePath: String { mounted(mount, TreeDigest.provenanceFile) }
}
