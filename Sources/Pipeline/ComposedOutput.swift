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
    /// The provenance documents' bytes (the only files that are neither task outputs nor Core files).
    public var provenance: [Digest: [UInt8]] = [:]

    public init() {}

    /// The output of a task set without trees: the task outputs as they are.
    public init(taskOutputs record: RunRecord) {
        files = record.results.map { TreeFile(path: $0.path, digest: $0.output!, mode: $0.mode, size: $0.size) }
    }

    public func tree(_ platform: Platform) -> Tree? { trees.first { $0.composition.platform == platform } }

    /// The bytes of a provenance document whose digest a memo named (`Compilation.compose`):
    /// encoded now, and refused if they do not hash to that digest (the memo's key missed an
    /// input: a bug in orchestrate, never written into the tree). Nil for any other digest.
    func memoizedProvenance(_ digest: Digest) throws -> [UInt8]? {
        guard let tree = trees.first(where: { $0.composition.encodedProvenance == nil && $0.composition.provenanceDigest == digest })
        else { return nil }
        let bytes = tree.composition.provenance
        let actual = Digest.of(bytes)
        guard actual == digest else {
            throw PipelineError.staleProvenanceMemo(path: tree.composition.provenancePath, key: tree.composition.provenanceKey,
                                                    memo: digest, encoded: actual)
        }
        return bytes
    }
}
