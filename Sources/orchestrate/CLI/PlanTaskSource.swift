import Archive
import Cache
import Foundation
import Lowerings
import Tasks

/// Turns a Plan file into a task set: load (positioned diagnostics, exit 65), lower every tree,
/// and compose each emitted tree on its pinned Core after the tasks ran.
enum PlanTaskSource {
    static func load(_ path: String, displayPath: String, ctx: Context) throws -> TaskSet {
        // A Plan over the limit (PlanLimits.fileBytes) is refused before it is read whole.
        let data = try UserFile.read(path, display: displayPath, what: "Plan", limit: PlanLimits.fileBytes)
        let loaded: LoadedPlan
        switch PlanLoader.load(bytes: data, file: displayPath) {
        case .failed(let diagnostics):
            throw CLIError.invalidInput(diagnostics.map(\.description).joined(separator: "\n")
                + "\n\(displayPath): \(diagnostics.count) problem\(diagnostics.count == 1 ? "" : "s"); nothing was written")
        case .loaded(let l):
            loaded = l
        }
        return taskSet(for: loaded)
    }

    static func taskSet(for loaded: LoadedPlan) -> TaskSet {
        let lowerings = PlanLowering.lower(loaded)
        let report = PlanReport(lowerings)
        var set = TaskSet(planDigest: loaded.digest, tasks: lowerings.flatMap(\.tasks) + [GapSetFile.task(report.gaps)], report: report)
        let emitted = lowerings.filter { $0.status == .emitted }
        let planDigest = loaded.digest
        set.assemble = { record, fetch in try assemble(record, emitted: emitted, planDigest: planDigest, fetch: fetch) }
        return set
    }

    /// Composes every emitted tree on its pinned Core.
    static func assemble(_ record: RunRecord, emitted: [PlatformLowering], planDigest: Digest,
                         fetch: (Digest) -> [UInt8]?) throws -> Assembly {
        var assembly = Assembly()
        var sizes: [Digest: UInt64] = [:]
        for r in record.results { if let d = r.output { sizes[d] = r.size } }
        let foreign = emitted.map(\.mount).filter { !$0.isEmpty }
        for lowering in emitted {
            let pin = CorePins.pin(for: lowering.platform)
            guard let archiveBytes = fetch(pin.digest) else {
                throw CompositionError.coreMissing(platform: lowering.platform, digest: pin.digest)
            }
            let archive = try ArchiveReader(policy: .pinned(digest: pin.digest, revision: pin.revision, excludedRoots: pin.excludedRoots)).read(archiveBytes)
            var core: [CoreFile] = []
            for e in archive.entries where e.kind == .file {
                let d = Digest.of(e.bytes)
                assembly.bytes[d] = e.bytes
                sizes[d] = UInt64(e.bytes.count)
                core.append(CoreFile(path: e.path, digest: d, mode: FileMode(executable: e.isExecutable)))
            }
            let outputs = try record.results.filter { $0.platform == lowering.platform.rawValue }.map {
                try SeamOutput($0, platform: lowering.platform)
            }
            let composition = try Composer.compose(
                .init(pin: pin, planDigest: planDigest, projectionDigest: lowering.definitionDigest,
                      release: lowering.release, foreignRoots: lowering.mount.isEmpty ? foreign : [],
                      projections: lowering.projections),
                core: core, outputs: outputs)
            for f in composition.files {
                assembly.files.append(TreeFile(path: mounted(pin.mount, f.path), digest: f.digest, mode: f.mode,
                                               size: sizes[f.digest] ?? 0))
            }
            let provenanceDigest = Digest.of(composition.provenance)
            assembly.bytes[provenanceDigest] = composition.provenance
            assembly.files.append(TreeFile(path: composition.provenancePath, digest: provenanceDigest, mode: .regular,
                                           size: UInt64(composition.provenance.count)))
            assembly.nativeInputDigests[lowering.platform] = composition.nativeInputDigest
            assembly.fileCounts[lowering.platform] = composition.files.count
        }
        return assembly
    }
}
