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
    /// What the document is built from besides the files (built only when its bytes are needed:
    /// a Rails tree's document holds a record per file and the field digests of every projection).
    let sources: DocumentSources

    struct DocumentSources: Hashable, Sendable {
        let planDigest: Digest
        let projectionDigest: Digest?
        let release: String
        let pin: CorePin
        let projections: [String: Projection]
    }

    init(platform: Platform, mount: String, files: [ComposedFile], nativeInputDigest: Digest, provenanceKey: Digest,
         sources: DocumentSources, known: ProvenanceFacts?) {
        self.platform = platform
        self.mount = mount
        self.files = files
        self.nativeInputDigest = nativeInputDigest
        self.provenanceKey = provenanceKey
        self.sources = sources
        if let known {
            provenanceDigest = known.digest
            provenanceSize = known.size
            encodedProvenance = nil
        } else {
            let bytes = Self.document(platform, nativeInputDigest, files, sources).encoded()
            provenanceDigest = Digest.of(bytes)
            provenanceSize = bytes.count
            encodedProvenance = bytes
        }
    }

    static func document(_ platform: Platform, _ nativeInputDigest: Digest, _ files: [ComposedFile],
                         _ s: DocumentSources) -> ProvenanceDocument {
        ProvenanceDocument(platform: platform, nativeInputDigest: nativeInputDigest, planDigest: s.planDigest,
                           projectionDigest: s.projectionDigest, release: s.release, pin: s.pin, files: files,
                           projections: s.projections)
    }

    /// The provenance document (built now).
    var document: ProvenanceDocument { Self.document(platform, nativeInputDigest, files, sources) }

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
