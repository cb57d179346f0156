import Hashing

/// A composed tree: its files, its native input digest, and its `FOUNDATION_PROVENANCE.json`.
public struct Composition: Hashable, Sendable {
    public let platform: Platform
    public let mount: String
    public let files: [ComposedFile]
    public let nativeInputDigest: Digest
    /// What the provenance document is a function of (`Composer.provenanceKey`).
    public let provenanceKey: Digest
    /// The digest and size of the provenance document's bytes.
    public let provenanceDigest: Digest
    public let provenanceSize: Int
    /// The document's bytes when this composition encoded them; nil when a memo named their
    /// digest and size for `provenanceKey` instead (`provenance` encodes them then).
    public let encodedProvenance: [UInt8]?
    let document: ProvenanceDocument

    init(platform: Platform, mount: String, files: [ComposedFile], nativeInputDigest: Digest, provenanceKey: Digest,
         document: ProvenanceDocument, known: ProvenanceFacts?) {
        self.platform = platform
        self.mount = mount
        self.files = files
        self.nativeInputDigest = nativeInputDigest
        self.provenanceKey = provenanceKey
        self.document = document
        if let known {
            provenanceDigest = known.digest
            provenanceSize = known.size
            encodedProvenance = nil
        } else {
            let bytes = document.encoded()
            provenanceDigest = Digest.of(bytes)
            provenanceSize = bytes.count
            encodedProvenance = bytes
        }
    }

    /// The provenance document's bytes (encoded again when a memo supplied only their digest; the
    /// same bytes, as the document is a pure function of what `provenanceKey` names).
    public var provenance: [UInt8] { encodedProvenance ?? document.encoded() }

    /// Output path of the provenance file.
    public var provenancePath: String { mounted(mount, TreeDigest.provenanceFile) }
}

/// What a memo knows of a provenance document without its bytes: their digest and size.
public struct ProvenanceFacts: Hashable, Sendable {
    public let digest: Digest
    public let size: Int

    public init(digest: Digest, size: Int) {
        self.digest = digest
        self.size = size
    }
}
