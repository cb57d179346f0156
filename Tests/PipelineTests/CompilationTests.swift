import Archive
import Cache
import Foundation
import Lowerings
@testable import Pipeline
import Tasks
import XCTest

final class CompilationTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws { root = try temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(atPath: root) }

    private func compile(_ plan: PlanFile, into out: String, store: any CompileStore) throws -> CompileResult {
        try Compilation.compile(.plan(plan), options: CompileOptions(outDirectory: root + "/" + out, jobs: 2), store: store)
    }

    /// The stages, one after another, are what `compile` does.
    func testTheStagesInOrderAreTheCompile() throws {
        let plan = try Repository.plan("movie-catalog")
        let compiled = try compile(plan, into: "a", store: CountingStore())
        let store = CountingStore()
        let set = Compilation.lower(try Compilation.load(plan))
        let run = try Compilation.execute(set, store: store, jobs: 2)
        let cores = CoreTrees(store: store)
        let composed = try Compilation.compose(run, of: set, cores: cores)
        let written = try Compilation.materialize(composed, run: run, cores: cores, into: Materializer(root: root + "/b"))
        let result = try Compilation.report(.plan(plan), set, run, composed: composed, written: written,
                                            options: CompileOptions(outDirectory: root + "/b", jobs: 2), started: Date(), elapsedMs: 0)
        XCTAssertEqual(try TreeDigest.entries(ofDirectory: root + "/b").filter { !$0.path.hasPrefix(".orchestrate/") },
                       try TreeDigest.entries(ofDirectory: root + "/a").filter { !$0.path.hasPrefix(".orchestrate/") })
        XCTAssertEqual(result.summary.platforms, compiled.summary.platforms)
        XCTAssertEqual(written.written.count, composed.files.count)
    }

    /// `audit --plan` re-derives in memory exactly the output a compile writes, provenance included.
    func testRederivationIsTheCompilesOutput() throws {
        let plan = try Repository.plan("studio-ops")
        let chain = StoreChain(local: try LocalStore(root: root + "/store"), seed: Repository.seed)
        _ = try compile(plan, into: "out", store: chain)
        let derived = try Compilation.rederive(Compilation.lower(try Compilation.load(plan)), store: MemoryTaskCache(seed: Repository.seed))
        let onDisk = try TreeDigest.entries(ofDirectory: root + "/out").filter { !$0.path.hasPrefix(".orchestrate/") }
        XCTAssertEqual(derived.files.map { TreeDigest.Entry(path: $0.path, mode: $0.mode, digest: $0.digest) }
                           .sorted { $0.path < $1.path },
                       onDisk.sorted { $0.path < $1.path })
        for tree in derived.trees {
            XCTAssertEqual(FileManager.default.contents(atPath: root + "/out/" + tree.composition.provenancePath).map { [UInt8]($0) },
                           tree.composition.provenance, tree.composition.platform.rawValue)
        }
    }

    /// A no-op compile reads no Core archive: the Cores come from the store's record.
    /// A compile from a Plan lets its tasks go once they ran (the result's set has none, its
    /// outline kept); an object that vanished after the lookup is rendered by the Plan's tasks
    /// lowered again, and the tree, the summary's edges and the SLSA statement are the ones a
    /// compile that kept its tasks gives.
    func testACompileLetsItsTasksGoAndRendersVanishedObjectsFromThePlanLoweredAgain() throws {
        let plan = try Repository.plan("movie-catalog")
        let kept = Compilation.lower(try Compilation.load(plan))
        let keeping = try Compilation.compile(kept, from: .plan(plan), options: CompileOptions(outDirectory: root + "/kept", jobs: 2),
                                              store: StoreChain(local: try LocalStore(root: root + "/store"), seed: Repository.seed))
        XCTAssertEqual(keeping.tasks.tasks.count, kept.tasks.count, "a set handed in keeps its tasks")
        XCTAssertEqual(keeping.summary.totals.tasks, kept.tasks.count)
        XCTAssertEqual(keeping.summary.tasks, [], "no summary or statement asked for: the totals alone")
        // Every object goes once every task has been looked up, as a `store gc` beside the run would.
        let objects = root + "/store/objects"
        var options = CompileOptions(outDirectory: root + "/again", jobs: 2) { progress in
            if progress.done == progress.total { try? FileManager.default.removeItem(atPath: objects) }
        }
        options.attestation = SLSAProvenance.Builder(id: "urn:test", version: [:])
        let released = try Compilation.compile(.plan(plan), options: options,
                                               store: StoreChain(local: try LocalStore(root: root + "/store"), seed: Repository.seed))
        XCTAssertEqual(released.summary.totals.rendered, 0, "every task was a hit")
        XCTAssertEqual(released.summary.tasks.map(\.id), kept.tasks.map(\.id).sorted(), "a statement asked for: every task listed")
        XCTAssertEqual(released.summary.tasks.compactMap(\.dependencies).count, kept.tasks.filter { !$0.dependencies.isEmpty }.count)
        XCTAssertTrue(released.tasks.tasks.isEmpty, "let go")
        XCTAssertTrue(released.tasks.trees.allSatisfy(\.tasks.isEmpty))
        XCTAssertEqual(released.tasks.outline.dependencies, kept.outline.dependencies)
        XCTAssertEqual(released.tasks.outline.pinned, kept.outline.pinned)
        XCTAssertFalse(kept.outline.pinned.isEmpty, "the Plan copies pinned objects (monograms)")
        XCTAssertEqual(try TreeDigest.entries(ofDirectory: root + "/again").filter { !$0.path.hasPrefix(".orchestrate/") },
                       try TreeDigest.entries(ofDirectory: root + "/kept").filter { !$0.path.hasPrefix(".orchestrate/") })
        XCTAssertGreaterThan(try FileManager.default.subpathsOfDirectory(atPath: objects).count, 0, "rendered again, and kept")
        let statement = try XCTUnwrap(released.statement)
        for (path, digest) in kept.outline.pinned {
            XCTAssertTrue(String(decoding: statement, as: UTF8.self).contains(digest.hex), "\(path) among the statement's dependencies")
        }
    }

    /// What outlives a run's tasks, moved through packed bytes (`Compaction`), is what it was:
    /// every result, each tree's projections and the report's, the outline; composing from the
    /// moved set and run gives the same files and provenance.
    func testWhatOutlivesTheTasksIsMovedUnchanged() throws {
        let plan = try Repository.plan("studio-ops")
        let chain = StoreChain(local: try LocalStore(root: root + "/store"), seed: Repository.seed)
        let lowerAgain: @Sendable () throws -> [FileTask] = { Compilation.lower(try Compilation.load(plan)).tasks }
        let lowered = Compilation.lower(try Compilation.load(plan))
        let run = try Compilation.execute(lowered, store: chain, jobs: 2, lowerAgain: lowerAgain)
        let expected = try Compilation.compose(run, of: lowered, cores: CoreTrees(store: chain))
        let released = lowered.releasingTasks()
        XCTAssertNotNil(run.record.packedResults(), "a run without failures is moved, not kept")
        XCTAssertEqual(released.trees.count, 3)
        XCTAssertFalse(released.outline.pinned.isEmpty)
        let results = run.record.results, projections = released.trees.map(\.projections), outline = released.outline
        let report = released.report
        let (set, moved) = Compaction.compacted(released, run, tasks: 0) { Compilation.outputBytes($0, store: chain, tasks: lowerAgain) }
        XCTAssertEqual(moved.record.results, results)
        XCTAssertEqual(set.trees.map(\.projections), projections)
        XCTAssertEqual(set.trees.map(\.platform), released.trees.map(\.platform))
        XCTAssertEqual(set.outline.dependencies, outline.dependencies)
        XCTAssertEqual(set.outline.pinned, outline.pinned)
        XCTAssertEqual(set.report.loweredProjections, report.loweredProjections)
        XCTAssertEqual(set.report.projections, report.projections)
        XCTAssertEqual(set.report, report)
        let composed = try Compilation.compose(moved, of: set, cores: CoreTrees(store: chain))
        XCTAssertEqual(composed.files, expected.files)
        XCTAssertEqual(composed.trees.map(\.composition), expected.trees.map(\.composition))
    }

    /// A set's outline (the summary's edges, the statement's pinned objects) is moved whole.
    func testTheOutlineIsMovedWhole() throws {
        func task(_ id: String, _ deps: [String: String]) -> FileTask {
            FileTask(id: id, family: "f", platform: "rails", release: "r", path: id + ".txt", inputs: ["x": Digest.of(id)],
                     dependencies: deps) { _ in [] }
        }
        let tasks = [task("a", [:]), task("b", ["one": "a"]), task("c", ["one": "a", "twö": "b"]),
                     FileTask(id: "icon", family: "icons", platform: "ios", release: "r", path: "ios/AppIcon.png", copying: Digest.of("png"))]
        let released = TaskSet(planDigest: Digest.of("plan"), tasks: tasks).releasingTasks()
        XCTAssertEqual(released.outline.dependencies.count, 2)
        let (shell, bytes) = released.packed()
        XCTAssertTrue(shell.outline.dependencies.isEmpty, "the shell keeps no outline")
        let back = TaskSet(unpacking: bytes, into: shell)
        XCTAssertEqual(back.outline.dependencies, released.outline.dependencies)
        XCTAssertEqual(back.outline.pinned, ["ios/AppIcon.png": Digest.of("png")])
        XCTAssertEqual(back.planDigest, released.planDigest)
    }

    /// A compile that moves what outlives its tasks (as a run of `Compaction.threshold` tasks or
    /// more does; here from 0) writes the tree, summary and statement of one that does not.
    func testACompileThatMovesWhatOutlivesItsTasksWritesTheSameTree() throws {
        let plan = try Repository.plan("studio-ops")
        func options(_ out: String) -> CompileOptions {
            var o = CompileOptions(outDirectory: root + "/" + out, jobs: 2)
            o.attestation = SLSAProvenance.Builder(id: "urn:test", version: [:])
            return o
        }
        let kept = try Compilation.compile(.plan(plan), options: options("kept"),
                                           store: StoreChain(local: try LocalStore(root: root + "/a"), seed: Repository.seed))
        let moved = try Compilation.compile(Compilation.lower(try Compilation.load(plan)), from: .plan(plan), options: options("moved"),
                                            store: StoreChain(local: try LocalStore(root: root + "/b"), seed: Repository.seed),
                                            lowerAgain: { Compilation.lower(try Compilation.load(plan)).tasks }, compactFrom: 0)
        XCTAssertLessThan(kept.summary.totals.tasks, Compaction.threshold, "the Plan is small: only the second compile moves")
        XCTAssertEqual(try TreeDigest.entries(ofDirectory: root + "/moved").filter { !$0.path.hasPrefix(".orchestrate/") },
                       try TreeDigest.entries(ofDirectory: root + "/kept").filter { !$0.path.hasPrefix(".orchestrate/") })
        XCTAssertEqual(moved.summary.tasks, kept.summary.tasks)
        XCTAssertEqual(moved.summary.platforms, kept.summary.platforms)
        XCTAssertEqual(moved.summary.plan, kept.summary.plan)
        XCTAssertEqual(moved.written?.written.count, kept.written?.written.count)
        XCTAssertNotNil(moved.statement)
    }

    func testANoOpCompileReadsNoCoreArchive() throws {
        let plan = try Repository.plan("movie-catalog")
        let store = CountingStore()
        let first = try compile(plan, into: "out", store: store)
        for pin in CorePins.all { XCTAssertEqual(store.reads(pin.digest), 1, pin.name) }
        let second = try compile(plan, into: "out", store: store)
        for pin in CorePins.all { XCTAssertEqual(store.reads(pin.digest), 1, "\(pin.name) archive read again") }
        XCTAssertEqual(second.written?.written, [])
        XCTAssertEqual(second.summary.platforms.mapValues(\.nativeInputDigest), first.summary.platforms.mapValues(\.nativeInputDigest))
        // Into an empty folder, the Core files come from the store's objects, still without the archives.
        _ = try compile(plan, into: "fresh", store: store)
        for pin in CorePins.all { XCTAssertEqual(store.reads(pin.digest), 1, pin.name) }
        XCTAssertEqual(try TreeDigest.entries(ofDirectory: root + "/fresh").filter { !$0.path.hasPrefix(".orchestrate/") },
                       try TreeDigest.entries(ofDirectory: root + "/out").filter { !$0.path.hasPrefix(".orchestrate/") })
    }

    /// The store's memo of provenance documents: a second compile of the same Plan encodes no
    /// provenance, yet writes the same bytes into an empty folder (encoded then, and checked
    /// against the memo's digest), and a memo row that names other bytes is refused, never written.
    func testTheProvenanceMemoSparesTheEncodingAndNeverChangesTheBytes() throws {
        let plan = try Repository.plan("studio-ops")
        let local = try LocalStore(root: root + "/store")
        let chain = StoreChain(local: local, seed: Repository.seed)
        let set = Compilation.lower(try Compilation.load(plan))
        func composed() throws -> ComposedOutput {
            try Compilation.compose(try Compilation.execute(set, store: chain, jobs: 2), of: set, cores: CoreTrees(store: chain), memo: chain)
        }
        let first = try composed()
        XCTAssertEqual(first.trees.count, 3)
        XCTAssertTrue(first.trees.allSatisfy { !$0.composition.provenanceFromMemo }, "nothing known yet: every document encoded")
        XCTAssertEqual(try local.actions.derivedCount(), 5, "three provenance documents, the bridge check that passed and its list of passed views")
        let second = try composed()
        for (a, b) in zip(first.trees, second.trees) {
            XCTAssertTrue(b.composition.provenanceFromMemo, "\(b.composition.platform): known by key, not encoded")
            XCTAssertEqual(b.composition.provenanceKey, a.composition.provenanceKey)
            XCTAssertEqual(b.composition.provenanceDigest, a.composition.provenanceDigest)
            XCTAssertEqual(b.composition.provenanceSize, a.composition.provenanceSize)
            XCTAssertEqual(b.composition.provenance, a.composition.provenance, "encoded on demand: the same bytes")
            XCTAssertEqual(Digest.of(b.composition.provenance), a.composition.provenanceDigest)
            XCTAssertEqual(b.composition.provenance.count, a.composition.provenanceSize)
        }
        XCTAssertEqual(second.files, first.files)

        // Through `compile`: a fresh folder gets the memoized documents' bytes, as audit derives them.
        _ = try compile(plan, into: "a", store: chain)
        _ = try compile(plan, into: "b", store: chain)
        for tree in first.trees {
            let path = tree.composition.provenancePath
            XCTAssertEqual(FileManager.default.contents(atPath: root + "/b/" + path).map { [UInt8]($0) }, tree.composition.provenance, path)
            XCTAssertEqual(FileManager.default.contents(atPath: root + "/a/" + path), FileManager.default.contents(atPath: root + "/b/" + path))
        }

        // Written in pieces, a real Plan's Rails document is what JSONEncoder writes for it.
        let railsBytes = try XCTUnwrap(first.tree(.rails)).composition.provenance
        XCTAssertEqual(try StableJSON.encode(ProvenanceDocument.decode(railsBytes)), railsBytes)

        // A row naming other bytes (a key that missed an input) fails the run where the bytes are needed.
        let rails = try XCTUnwrap(first.tree(.rails)).composition
        local.actions.recordDerived(rails.provenanceKey, digest: Digest.of("other bytes"), size: 11)
        XCTAssertThrowsError(try compile(plan, into: "c", store: chain)) { error in
            guard case let PipelineError.staleProvenanceMemo(path, key, memo, encoded)? = error as? PipelineError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(path, rails.provenancePath)
            XCTAssertEqual(key, rails.provenanceKey)
            XCTAssertEqual(memo, Digest.of("other bytes"))
            XCTAssertEqual(encoded, rails.provenanceDigest)
        }
        XCTAssertNil(FileManager.default.contents(atPath: root + "/c/" + rails.provenancePath), "never written with the wrong digest")
        // An audit re-derives without the memo: the folder compiled before still proves.
        let derived = try Compilation.rederive(set, store: MemoryTaskCache(seed: Repository.seed))
        XCTAssertEqual(try XCTUnwrap(derived.tree(.rails)).composition.provenance, rails.provenance)
    }

    /// The bridge-name check is skipped only for a key the memo says passed: the same components,
    /// platforms and composed trees. Skipped, it reads nothing; without the memo it reads every
    /// piece and view; with a row that says anything else it checks the pieces again, and reads only
    /// the views the memo's list of passed view digests does not name (none here, a changed one
    /// after a change), the list being trusted only when its object has the digest the memo names.
    func testTheBridgeCheckMemoSkipsOnlyAPassedKey() throws {
        let plan = try Repository.plan("movie-catalog")
        let store = CountingStore()
        store.memo = [:]
        let set = Compilation.lower(try Compilation.load(plan))
        let first = try Compilation.compose(try Compilation.execute(set, store: store, jobs: 2), of: set,
                                            cores: CoreTrees(store: store), memo: store)
        let key = BuiltInBridgeCheck.key([.submit], platforms: [.rails, .ios, .android], trees: first.trees.map {
            ($0.composition.platform, $0.composition.mount, $0.composition.nativeInputDigest)
        })
        let passed = try XCTUnwrap(store.memo?[key], "a check that passed is recorded under its key")
        func digest(_ path: String) throws -> Digest { try XCTUnwrap(first.files.first { $0.path == path }).digest }
        let view = try digest("app/views/movies/_form.html.erb")
        let css = try digest("app/assets/stylesheets/bridge.css")
        let viewsKey = BuiltInBridgeCheck.viewsKey(identifiers: BuiltInBridgeCheck.controllerIdentifiers(first.files.map(\.path)))
        let list = try XCTUnwrap(store.memo?[viewsKey], "the views that passed are listed")
        XCTAssertTrue(try XCTUnwrap(BridgeViewList.decode(try XCTUnwrap(store.object(list.digest)).bytes)).contains(view))

        let run = try Compilation.execute(set, store: store, jobs: 2)
        func reads() -> (view: Int, css: Int) { (store.reads(view), store.reads(css)) }
        var before = reads()
        _ = try Compilation.compose(run, of: set, cores: CoreTrees(store: store), memo: store)
        XCTAssertTrue(reads() == before, "a known key: nothing read")
        _ = try Compilation.compose(run, of: set, cores: CoreTrees(store: store))
        XCTAssertGreaterThan(reads().view, before.view, "without the memo the check reads the views")
        XCTAssertGreaterThan(reads().css, before.css, "and the pieces")
        before = reads()
        store.memo?[key] = (Digest.of("something else"), passed.size)
        _ = try Compilation.compose(run, of: set, cores: CoreTrees(store: store), memo: store)
        XCTAssertGreaterThan(reads().css, before.css, "a row that does not say passed is not trusted: the pieces are checked")
        XCTAssertEqual(reads().view, before.view, "views the list names are not read again")
        XCTAssertEqual(store.memo?[key]?.digest, passed.digest, "and the pass is recorded again")
        // A list row naming other bytes is not trusted: every view is read.
        store.memo?[key] = nil
        store.memo?[viewsKey] = (Digest.of("another list"), list.size)
        before = reads()
        _ = try Compilation.compose(run, of: set, cores: CoreTrees(store: store), memo: store)
        XCTAssertGreaterThan(reads().view, before.view)
        XCTAssertEqual(store.memo?[viewsKey]?.digest, list.digest, "the list is recorded again")
    }

    /// A run that keeps none of its bytes (as a large compile does) took the opt-ins of the views
    /// it rendered as it rendered them: the bridge check reads none of them back from the store.
    /// The same run without those opt-ins reads every view, and finds what they found.
    func testTheBridgeCheckDoesNotReadBackTheViewsTheRunRendered() throws {
        let store = CountingStore()
        let set = Compilation.lower(try Compilation.load(try Repository.plan("movie-catalog")))
        let run = try Compilation.execute(set, store: store, jobs: 2, keepRenderedBytes: 0)
        XCTAssertTrue(run.record.renderedBytes.isEmpty)
        let views = run.record.results.filter { $0.platform == "rails" && BuiltInBridgeCheck.isView($0.path) }
        XCTAssertGreaterThan(views.count, 3)
        XCTAssertTrue(views.allSatisfy { $0.status == .rendered })
        XCTAssertEqual(run.viewOptIns.count, Set(views.compactMap(\.output)).count)
        let form = try XCTUnwrap(views.first { $0.path == "app/views/movies/_form.html.erb" }?.output)
        XCTAssertEqual(run.viewOptIns.optIns(form), ["bridge--submit"])
        func viewReads() -> Int { views.reduce(0) { $0 + store.reads($1.output!) } }
        let before = viewReads()
        let composed = try Compilation.compose(run, of: set, cores: CoreTrees(store: store))
        XCTAssertEqual(viewReads(), before, "no view read back")
        let unknown = ExecutedRun(record: run.record, outputs: run.outputs, viewOptIns: RenderedViewOptIns())
        let again = try Compilation.compose(unknown, of: set, cores: CoreTrees(store: store))
        XCTAssertGreaterThanOrEqual(viewReads(), before + views.count, "without them, every view is read")
        XCTAssertEqual(again.files, composed.files)
    }

    /// After a Rails-only change the check reads the views that changed, not the others.
    func testAfterAChangeOnlyChangedViewsAreScanned() throws {
        let store = CountingStore()
        store.memo = [:]
        func composed(_ plan: PlanFile) throws -> ComposedOutput {
            let set = Compilation.lower(try Compilation.load(plan))
            return try Compilation.compose(try Compilation.execute(set, store: store, jobs: 2), of: set,
                                           cores: CoreTrees(store: store), memo: store)
        }
        let original = try Repository.plan("movie-catalog")
        let before = try composed(original)
        var json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(original.bytes)) as? [String: Any])
        var entities = try XCTUnwrap(json["entities"] as? [[String: Any]])
        var fields = try XCTUnwrap(entities[0]["fields"] as? [[String: Any]])
        fields.append(["key": "bench_note", "type": "string"])
        entities[0]["fields"] = fields
        json["entities"] = entities
        let changed = PlanFile(bytes: [UInt8](try JSONSerialization.data(withJSONObject: json)), name: original.name)
        let views = Dictionary(uniqueKeysWithValues: before.files.filter { BuiltInBridgeCheck.isView($0.path) }.map { ($0.path, $0.digest) })
        let readsBefore = views.mapValues { store.reads($0) }
        let after = try composed(changed)
        let moved = after.files.filter { BuiltInBridgeCheck.isView($0.path) && views[$0.path] != $0.digest }
        XCTAssertFalse(moved.isEmpty, "the change moved some views")
        for (path, d) in views where !moved.contains(where: { $0.path == path }) {
            XCTAssertEqual(store.reads(d), readsBefore[path], "\(path) did not change and was not read")
        }
    }

    /// A run with a failed task reports its summary and writes nothing.
    func testAFailedRunWritesNothing() throws {
        let failing = FileTask(id: "boom", family: "demo", platform: "demo", release: "r", path: "boom.txt", inputs: [:]) { _ in
            throw TaskError.renderFailed(taskID: "boom", message: "boom")
        }
        let result = try Compilation.compile(TaskSet(planDigest: nil, tasks: [failing]), from: nil,
                                             options: CompileOptions(outDirectory: root + "/out", jobs: 1), store: CountingStore())
        XCTAssertNil(result.written)
        XCTAssertEqual(result.failures.count, 1)
        XCTAssertEqual(result.summary.totals.failed, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/out"))
    }

    /// A seed that hands out other bytes under one digest, as if it did not verify: they reach the
    /// archive policy, which is the only thing left to refuse them.
    private struct UnverifiedSeed: ContentStore {
        let tampered: Digest
        func contains(_ digest: Digest) -> Bool { Repository.seed.contains(digest) }
        func get(_ digest: Digest) throws -> [UInt8]? {
            guard var bytes = try Repository.seed.get(digest) else { return nil }
            if digest == tampered { bytes[bytes.count / 2] ^= 0xff }
            return bytes
        }
        func put(_ bytes: [UInt8]) throws -> Digest { throw CacheError.readOnlyStore(path: "seed") }
    }

    /// A Core archive the policy rejects fails `compile` and `audit --plan` (of an output compiled
    /// from the intact seed) with the same error, the policy's, which the CLI maps alike (65).
    func testAnArchiveThePolicyRejectsFailsCompileAndAuditWithThePolicysError() throws {
        let plan = try Repository.plan("notes")
        let seed = UnverifiedSeed(tampered: CorePins.rails.digest)
        _ = try compile(plan, into: "intact", store: CountingStore())
        var errors: [ArchiveError] = []
        XCTAssertThrowsError(try compile(plan, into: "out", store: CountingStore(seed: seed))) { errors += [$0 as? ArchiveError].compactMap { $0 } }
        XCTAssertThrowsError(try OutputAudit.audit(root: root + "/intact", name: "intact", plan: plan, seed: seed)) {
            errors += [$0 as? ArchiveError].compactMap { $0 }
        }
        XCTAssertEqual(errors.count, 2, "both fail with an ArchiveError: \(errors)")
        guard case .digestMismatch(expected: CorePins.rails.digest, actual: _)? = errors.first else { return XCTFail("\(errors)") }
        XCTAssertEqual(errors.first, errors.last)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/out"), "nothing written")
    }

    func testAnInvalidPlanIsEveryDiagnostic() {
        XCTAssertThrowsError(try Compilation.load(PlanFile(bytes: Array("{\"plan_format\": 2}".utf8), name: "p.json"))) { error in
            guard case let PipelineError.invalidPlan(file, diagnostics) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(file, "p.json")
            XCTAssertGreaterThan(diagnostics.count, 1)
            XCTAssertTrue("\(error)".hasSuffix("p.json: \(diagnostics.count) problems; nothing was written"), "\(error)")
        }
    }
}
