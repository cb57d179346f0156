import Cache
import Lowerings
import Tasks

/// What the compose stage hands on: every file of the output and, for each tree composed on a
/// Core, its composition (files with origin and owner, native input digest, provenance).
public struct ComposedOutput: Sendable {
    /// A tree as composed, with the lowering release it was composed for.
    public struct Tree: Sendable {
        public let composition: Composition
        public let release: String
    }

    /// Every file of the output: each tree's files (mount included), then its provenance file.
    public var files: [TreeFile] = []
    public var trees: [Tree] = []
    public init() {}

    /// The output of a task set without trees: the task outputs as they are.
    public init(taskOutputs record: RunRecord) {
        files = record.results.map { TreeFile(path: $0.path, digest: $0.output!, mode: $0.mode, size: $0.size) }
    }

    public func tree(_ platform: Platform) -> Tree? { trees.first { $0.composition.platform == platform } }

    /// The bytes of the provenance document with `digest`: those the composition kept, else in
    /// pieces (`Composition.writeProvenance`: never whole in memory), hashed as they are written;
    /// nil for any other digest. Bytes in pieces that do not hash to `digest` stop the write, so
    /// nothing is named: where a memo named the digest, its key missed an input
    /// (`PipelineError.staleProvenanceMemo`, a bug in orchestrate); where this run hashed them, the
    /// encoding is not a pure function of the composition (a bug too).
    func provenanceContent(_ digest: Digest) -> FileContent? {
        guard let tree = trees.first(where: { $0.composition.provenanceDigest == digest }) else { return nil }
        let composition = tree.composition
        // Kept when this run encoded it (hashed as it was kept: its digest by construction).
        if let kept = composition.keptProvenance { return .bytes(kept) }
        return .pieces { emit in
            let hasher = SHA256Hasher()
            composition.writeProvenance { piece in
                hasher.update(piece)
                emit(piece)
            }
            let actual = hasher.finalize()
            guard actual == digest else {
                throw PipelineError.staleProvenanceMemo(path: composition.provenancePath, key: composition.provenanceKey,
                                                        memo: digest, encoded: actual)
            }
        }
    }
}
