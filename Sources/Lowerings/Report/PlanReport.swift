import Hashing
import Tasks

/// The Plan's part of the run summary: each tree's status with its file counts and native input
/// digest, the GapSet, and the lowerings' diagnostics (the warnings of an omitted client). The
/// run's part (tasks, totals, what was kept) is `RunSummary`, in Tasks, which knows no Plan.
public struct PlanReport: Codable, Sendable, Equatable {
    /// One tree.
    public struct Tree: Codable, Sendable, Equatable {
        public var status: PlatformLowering.Status
        public var files: Int
        public var rendered: Int
        public var nativeInputDigest: Digest?

        public init(status: PlatformLowering.Status, files: Int = 0, rendered: Int = 0, nativeInputDigest: Digest? = nil) {
            self.status = status
            self.files = files
            self.rendered = rendered
            self.nativeInputDigest = nativeInputDigest
        }

        enum CodingKeys: String, CodingKey {
            case status, files, rendered
            case nativeInputDigest = "native_input_digest"
        }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(status, forKey: .status)
            try c.encode(files, forKey: .files)
            try c.encode(rendered, forKey: .rendered)
            try c.encode(nativeInputDigest, forKey: .nativeInputDigest)  // null, never absent
        }
    }

    public var platforms: [Platform: Tree]
    public var gaps: [Gap]
    public var diagnostics: [DiagnosticRecord]
    /// The projections the tasks read (name, digest, field digests, the Plan pointers behind each
    /// field), by name then digest: what traces a task's changed input to the Plan pointers that
    /// moved it, from two summaries alone (`orchestrate report --base`). Absent in summaries of
    /// older builds and of the demo task set.
    ///
    /// A report made from lowerings keeps their projections and makes the records (each field's
    /// digest hashed) only when they are read: a compile reads them only to write its summary.
    public var projections: [ProvenanceDocument.ProjectionRecord]? {
        get {
            switch storedProjections {
            case let .records(records): return records
            case let .lowered(projections): return Self.records(projections)
            }
        }
        set { storedProjections = .records(newValue) }
    }

    private enum StoredProjections: Sendable, Equatable {
        case records([ProvenanceDocument.ProjectionRecord]?)
        case lowered([Projection])
    }
    private var storedProjections: StoredProjections

    enum CodingKeys: String, CodingKey {
        case platforms, gaps, diagnostics, projections
    }

    public init(platforms: [Platform: Tree] = [:], gaps: [Gap] = [], diagnostics: [DiagnosticRecord] = [],
                projections: [ProvenanceDocument.ProjectionRecord]? = nil) {
        self.platforms = platforms
        self.gaps = gaps
        self.diagnostics = diagnostics
        self.storedProjections = .records(projections)
    }

    /// Before the run: each tree's status, the GapSet in file order, the diagnostics by position.
    public init(_ lowerings: [PlatformLowering]) {
        var platforms: [Platform: Tree] = [:]
        for l in lowerings { platforms[l.platform] = Tree(status: l.status) }
        self.init(platforms: platforms, gaps: GapSetFile.sorted(lowerings.flatMap(\.gaps)),
                  diagnostics: lowerings.flatMap(\.diagnostics).sorted().map(DiagnosticRecord.init))
        storedProjections = .lowered(lowerings.flatMap { $0.projections.values })
    }

    /// The projections a report made from lowerings keeps (nil for one made from records).
    /// `Compaction.compacted` empties the list while it moves them and puts equal ones back; setting
    /// nil changes nothing.
    public var loweredProjections: [Projection]? {
        get {
            guard case let .lowered(kept) = storedProjections else { return nil }
            return kept
        }
        set { if let newValue { storedProjections = .lowered(newValue) } }
    }

    /// The records of `projections`, one per name, digest and sources, by name, then digest, then
    /// sources (bytewise in their packed form: two clients' projections of one value differ only
    /// there); nil for none.
    static func records(_ projections: [Projection]) -> [ProvenanceDocument.ProjectionRecord]? {
        let records = Set(projections.map(ProvenanceDocument.ProjectionRecord.init))
            .map { (record: $0, hex: $0.digest.hex, sources: SourceList.encode($0.sources)) }
            .sorted { a, b in
                if (a.record.name, a.hex) != (b.record.name, b.hex) { return (a.record.name, a.hex) < (b.record.name, b.hex) }
                return a.sources.lexicographicallyPrecedes(b.sources)
            }
        return records.isEmpty ? nil : records.map(\.record)
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        platforms = try c.decode([Platform: Tree].self, forKey: .platforms)
        gaps = try c.decode([Gap].self, forKey: .gaps)
        diagnostics = try c.decode([DiagnosticRecord].self, forKey: .diagnostics)
        storedProjections = .records(try c.decodeIfPresent([ProvenanceDocument.ProjectionRecord].self, forKey: .projections))
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(platforms, forKey: .platforms)
        try c.encode(gaps, forKey: .gaps)
        try c.encode(diagnostics, forKey: .diagnostics)
        try c.encodeIfPresent(projections, forKey: .projections)
    }

    public static func == (a: PlanReport, b: PlanReport) -> Bool {
        a.platforms == b.platforms && a.gaps == b.gaps && a.diagnostics == b.diagnostics && a.projections == b.projections
    }

    /// Counts each tree's tasks and those rendered in `record` (a tree no lowering listed counts
    /// as emitted).
    public mutating func count(_ record: RunRecord) {
        for r in record.results {
            guard let platform = Platform(rawValue: r.platform) else { continue }
            var tree = platforms[platform] ?? Tree(status: .emitted)
            tree.files += 1
            if r.status == .rendered { tree.rendered += 1 }
            platforms[platform] = tree
        }
    }
}
