import Hashing
import Tasks

/// A seam task's output, as the executor produced it (path with the mount).
public struct SeamOutput: Hashable, Sendable {
    public let path: String
    public let digest: Digest
    public let mode: FileMode
    /// The seam the task filled (its family).
    public let seam: SeamID
    public let taskKey: Digest
    /// The named input digests the task key was built from (projections, dependency outputs,
    /// pinned objects); recorded in provenance so a reuse check can say which input moved.
    public let inputs: [String: Digest]

    public init(path: String, digest: Digest, mode: FileMode, seam: SeamID, taskKey: Digest, inputs: [String: Digest] = [:]) {
        self.path = path
        self.digest = digest
        self.mode = mode
        self.seam = seam
        self.taskKey = taskKey
        self.inputs = inputs
    }
}

extension SeamOutput {
    /// The output of a task a lowering of `platform` built: its family names the seam.
    public init(_ result: TaskResult, platform: Platform) throws {
        guard let seam = SeamID(rawValue: result.family) else {
            throw CompositionError.notASeam(platform: platform, taskID: result.id, family: result.family)
        }
        guard let digest = result.output else {
            preconditionFailure("task \(result.id) has no output: composition runs only after every task succeeded")
        }
        self.init(path: result.path, digest: digest, mode: result.mode, seam: seam, taskKey: result.key.digest, inputs: result.key.inputs)
    }
}
