import Hashing
import Tasks

/// A composed tree: its files, its native input digest, and its `FOUNDATION_PROVENANCE.json`.
public struct Composition: Hashable, Sendable {
    public let platform: Platform
    public let mount: String
    public let files: [ComposedFile]
    public let nativeInputDigest: Digest
    /// What the provenance document is a function of (`Composer.provenanceKey`).
    public let provenanceKey: Digest
    /// The digest and size of the provenance document's bytes: hashed as they were streamed
    /// (`writeProvenance`), or as a memo named them for `provenanceKey`.
    public let provenanceDigest: Digest
    public let provenanceSize: Int
    /// Whether a memo named `provenanceDigest` and `provenanceSize` (then nothing was encoded
    /// here; `ComposedOutput` checks the bytes against that digest as they are written).
    public let provenanceFromMemo: Bool
    /// The bytes, when this composition encoded them and they are at most `keepProvenanceBytes`:
    /// written from memory then, not encoded a second time. A larger document (a Rails tree's is
    /// a record per file, 30 MB at 5,000 entities) is not kept: it is encoded again, in pieces,
    /// only where it must be written.
    public let keptProvenance: [UInt8]?
    /// How large a document this composition keeps (`keptProvenance`): a 1,000-entity Rails
    /// tree's is 6.3 MB.
    public static let keepProvenanceBytes = 8 << 20
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
         sources: DocumentSources, known: ProvenanceFacts?, keepBytes: Int = keepProvenanceBytes) {
        self.platform = platform
        self.mount = mount
        self.files = files
        self.nativeInputDigest = nativeInputDigest
        self.provenanceKey = provenanceKey
        self.sources = sources
        if let known {
            provenanceDigest = known.digest
            provenanceSize = known.size
            provenanceFromMemo = true
            keptProvenance = nil
        } else {
            let hasher = SHA256Hasher()
            var size = 0
            // Not even begun for a document surely past the limit (no file's record is shorter
            // than `leastFileRecordBytes`): a buffer grown to the limit and dropped would add to
            // the peak it is kept from.
            var kept: [UInt8]? = files.count * ProvenanceDocument.leastFileRecordBytes > keepBytes ? nil : []
            Self.writeProvenance(platform, nativeInputDigest, files, sources) { piece in
                hasher.update(piece)
                size += piece.count
                if size > keepBytes { kept = nil } else { kept?.append(contentsOf: piece) }
            }
            provenanceDigest = hasher.finalize()
            provenanceSize = size
            provenanceFromMemo = false
            keptProvenance = kept
        }
    }

    /// The document's header: everything but its files and projections.
    static func header(_ platform: Platform, _ nativeInputDigest: Digest, _ s: DocumentSources) -> ProvenanceDocument.Header {
        .init(platform: platform, nativeInputDigest: nativeInputDigest, planDigest: s.planDigest, projectionDigest: s.projectionDigest,
              release: s.release, pin: s.pin)
    }

    /// The document's bytes in pieces (`ProvenanceDocument.stream`), each file and projection
    /// made into its record as it is written.
    static func writeProvenance(_ platform: Platform, _ nativeInputDigest: Digest, _ files: [ComposedFile],
                                _ s: DocumentSources, _ emit: (UnsafeRawBufferPointer) -> Void) {
        let sorted = s.projections.isEmpty ? nil : StableJSONWriter.sortedMembers(s.projections)
        func record(_ p: (key: String, value: Projection)) -> (key: String, value: ProvenanceDocument.ProjectionRecord) {
            (p.key, ProvenanceDocument.ProjectionRecord(p.value))
        }
        if files.count >= parallelRecords {
            ProvenanceDocument.streamInParallel(header(platform, nativeInputDigest, s), files: files, record: ProvenanceDocument.File.init,
                                                projections: sorted, projectionRecord: record, emit)
        } else {
            ProvenanceDocument.stream(header(platform, nativeInputDigest, s), files: files.lazy.map(ProvenanceDocument.File.init),
                                      projections: sorted?.lazy.map(record), emit)
        }
    }

    /// From how many files a tree's document has its records written on every core.
    static let parallelRecords = 1024

    /// The provenance document (built now).
    var document: ProvenanceDocument {
        ProvenanceDocument(Self.header(platform, nativeInputDigest, sources), files: files, projections: sources.projections)
    }

    /// The provenance document's bytes, whole (audit compares them); `writeProvenance` gives
    /// the same bytes in pieces.
    public var provenance: [UInt8] {
        if let keptProvenance { return keptProvenance }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(provenanceSize)
        writeProvenance { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// The provenance document's bytes in pieces of about 64 KiB, never whole in memory (the
    /// same bytes whether this composition hashed them or a memo named their digest: the
    /// document is a pure function of what `provenanceKey` names).
    public func writeProvenance(_ emit: (UnsafeRawBufferPointer) -> Void) {
        Self.writeProvenance(platform, nativeInputDigest, files, sources, emit)
    }

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
