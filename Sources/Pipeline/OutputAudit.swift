import Cache
import Foundation
import Lowerings
import Tasks

/// `audit`: every file of a compiled output checked against its provenance and, given a Plan,
/// against the output that Plan compiles to (re-derived in memory by the same stages as a compile).
public enum OutputAudit {
    public struct Result: Sendable {
        /// The trees that have provenance, as found.
        public let trees: [TreeSnapshot]
        /// Sorted.
        public let findings: [AuditFinding]
    }

    /// Audits the output at `root` (`name`: as the caller named it): every entry (links, special
    /// files, names, modes), every tree that should have provenance, every tree that has it (Core
    /// files against the pinned archives from `seed`) and, given a Plan, that the output is exactly
    /// what it compiles to. Throws `PipelineError.invalidPlan` before auditing anything, and
    /// `PipelineError.inputMissing` when `root`, or every provenance file without a Plan, is missing.
    public static func audit(root: String, name: String, plan: PlanFile?, seed: (any ContentStore)?,
                             jobs: Int = ProcessInfo.processInfo.activeProcessorCount) throws -> Result {
        guard ComposedTrees.isDirectory(root) else { throw PipelineError.inputMissing(path: name, what: "output directory") }
        // The Plan first: a bad Plan is invalid input, not a finding.
        return try audit(root: root, name: name, expected: plan.map(Compilation.load).map(Compilation.lower), seed: seed, jobs: jobs)
    }

    /// `audit(root:name:plan:seed:jobs:)` with the Plan already lowered.
    public static func audit(root: String, name: String, expected: TaskSet?, seed: (any ContentStore)?,
                             jobs: Int = ProcessInfo.processInfo.activeProcessorCount) throws -> Result {
        guard ComposedTrees.isDirectory(root) else { throw PipelineError.inputMissing(path: name, what: "output directory") }
        let store = MemoryTaskCache(seed: seed)
        let cores = CoreTrees(store: store)
        let scan = try ComposedTrees.scan(root)
        let trees = scan.trees.filter { $0.provenance != nil }
        var findings = ListingAudit.audit(scan.entries) + ProvenanceCoverage.audit(trees: scan.trees, present: scan.present)
        findings += trees.flatMap {
            TreeAudit.audit($0, coreFiles: { pin in
                (try? cores.tree(pin)).map { Dictionary($0.files.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a }) }
            })
        }
        if let expected {
            let derived = try Compilation.rederive(expected, store: store, cores: cores, jobs: jobs)
            var files: [String: TreeDigest.Entry] = [:]
            for f in derived.files { files[f.path] = TreeDigest.Entry(path: f.path, mode: f.mode, digest: f.digest) }
            var provenance: [String: [UInt8]] = [:]
            for t in derived.trees { provenance[t.composition.provenancePath] = t.composition.provenance }
            var actual: [String: TreeDigest.Entry] = [:]
            var actualProvenance: [String: [UInt8]] = [:]
            for e in scan.files { actual[e.path] = e }
            for tree in trees { actualProvenance[tree.provenancePath] = tree.provenance }
            findings += PlanConformance.compare(expected: files, expectedProvenance: provenance,
                                                actual: actual, actualProvenance: actualProvenance)
        }
        guard !trees.isEmpty || expected != nil else {
            throw PipelineError.inputMissing(path: mounted(name, TreeDigest.provenanceFile), what: "provenance (no tree of the output has one)")
        }
        return Result(trees: trees, findings: findings.sorted())
    }
}
