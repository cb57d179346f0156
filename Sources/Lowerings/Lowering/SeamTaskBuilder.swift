import Hashing
import Tasks

/// Builds the file tasks of one lowering, the same way for every platform: each task fills one
/// seam of `CoreCatalog` (its id and family are the seam's, its path and mode the seam's
/// declaration), and its inputs are the digests of exactly the projections its renderer reads,
/// named after them (`entity:movie`, `navigation`, …) so `explain` can say which one moved. The
/// projections read are collected for provenance.
struct SeamTaskBuilder {
    let release: String
    private(set) var tasks: [FileTask] = []
    private(set) var projections: [String: Projection] = [:]
    /// The inputs of the last task added, by the digests they were made of: the next task that
    /// reads the same projections shares the one dictionary (an entity's eight or more tasks
    /// mostly read the same one; a dictionary each was 7.7 MB of a 5,000-entity compile).
    private var lastInputs: (digests: [Digest], inputs: [String: Digest])?

    init(release: String) { self.release = release }

    /// A task filling `seam`. `values` fill a pattern seam's `{name}` segments; where a pattern
    /// seam gives several files, `instance` tells their tasks apart (task id `<seam>.<instance>`).
    mutating func add(_ seam: SeamID, instance: String? = nil, values: [String: String] = [:], reads: [Projection],
                      render: @escaping @Sendable () -> [UInt8]) {
        let path = CoreCatalog.seam(seam).outputPath(values)
        precondition(!path.utf8.contains(UInt8(ascii: "{")), "\(seam): no value for a segment of \(path)")
        record(reads)
        tasks.append(FileTask(
            id: instance.map { "\(seam.rawValue).\($0)" } ?? seam.rawValue, family: seam.rawValue,
            platform: seam.platform.rawValue, release: release, path: path, mode: CoreCatalog.seam(seam).mode,
            inputs: inputs(reads), render: { _ in render() }))
    }

    /// A task built elsewhere (the monogram copies), with the projections it reads.
    mutating func append(_ task: FileTask, reads: [Projection]) {
        record(reads)
        tasks.append(task)
    }

    /// Appends what `other` built (its tasks after these; its projections with these: a name read
    /// twice is one projection, built from the same Plan).
    mutating func append(contentsOf other: SeamTaskBuilder) {
        tasks.append(contentsOf: other.tasks)
        projections.merge(other.projections) { mine, _ in mine }
    }

    /// Reports `projections` with the lowering's, though no task reads them directly (the
    /// identity a native definition records the digest of).
    mutating func include(_ projections: [Projection]) { record(projections) }

    private mutating func record(_ reads: [Projection]) {
        for projection in reads { projections[projection.name] = projection }
    }

    /// `Self.inputs(reads)`, the same dictionary as the last task's when it read the same
    /// projections (names and digests: a projection's digest covers its name).
    private mutating func inputs(_ reads: [Projection]) -> [String: Digest] {
        let digests = reads.map(\.digest)
        if let last = lastInputs, last.digests == digests { return last.inputs }
        let inputs = Self.inputs(reads)
        lastInputs = (digests, inputs)
        return inputs
    }

    /// The task inputs of a renderer that reads `projections`: each one's digest under its name.
    static func inputs(_ projections: [Projection]) -> [String: Digest] {
        var inputs: [String: Digest] = [:]
        for projection in projections { inputs[projection.name] = projection.digest }
        return inputs
    }
}
