import Cache
import Foundation
import Lowerings
import Tasks

/// Re-derives the output tree a task set compiles to, in memory: every task rendered (no store
/// read or written; pinned objects from the seed store), every tree composed on its pinned Core.
/// `audit --plan` compares the result with the files found.
enum PlanRederivation {
    struct Expected {
        /// Every file of the compile's output by output path.
        var files: [String: TreeDigest.Entry] = [:]
        /// The provenance files' bytes by output path.
        var provenance: [String: [UInt8]] = [:]
    }

    static func expected(_ set: TaskSet, seed: SeedStore?, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) throws -> Expected {
        let cache = EphemeralTaskCache(seed: seed)
        let record = Executor(cache: cache, jobs: jobs, runDigest: set.planDigest).run(try TaskGraph(set.tasks))
        guard record.failures.isEmpty else { throw TaskError.runFailed(record.failures) }
        let fetch: (Digest) -> [UInt8]? = { d in record.renderedBytes[d] ?? cache.object(d)?.bytes }
        var out = Expected()
        if let assembly = try set.assemble?(record, fetch) {
            for f in assembly.files {
                out.files[f.path] = TreeDigest.Entry(path: f.path, mode: f.mode, digest: f.digest)
                if f.path == TreeDigest.provenanceFile || f.path.hasSuffix("/" + TreeDigest.provenanceFile), let bytes = assembly.bytes[f.digest] {
                    out.provenance[f.path] = bytes
                }
            }
        } else {
            for r in record.results {
                out.files[r.path] = TreeDigest.Entry(path: r.path, mode: r.mode, digest: r.output!)
            }
        }
        return out
    }
}
