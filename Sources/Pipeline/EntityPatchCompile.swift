import Cache
import Foundation
import Lowerings
import Tasks

/// A compile of a Plan that differs from the last one compiled into the same directory only
/// inside one entity's plain fields: that entity's Rails tasks are lowered, looked up and rendered
/// alone (`EntityPatch`), and every other file, provenance record and state entry is the last
/// run's. The tree it leaves is byte for byte the one a full compile leaves
/// (`EntityPatchCompileTests` compares the two); the provenance documents are the last ones with
/// the entity's records, the Plan digest and the Rails tree's digest replaced
/// (`ProvenanceDocument.patch`). See `docs/incremental-change.md`.
///
/// What it relies on from the last run, each checked before anything is written:
/// * `<out>/.orchestrate/entity-base` (`Record`): the last Plan's bytes and base, written by a run
///   that ended clean (no diagnostics, kept edits or state problem), for the state that run left
///   (its SHA-256, compared with the state read now) and the same context (this orchestrate, its
///   store and remote, the native files: `CompileMemo.fingerprint` without the Plan's bytes and
///   name), less than `CompileMemo.maxAge` ago;
/// * the state: read cleanly, in the order it is written; the entity's files are in it;
/// * each tree's provenance document, taken from the tree only when it is there as the state
///   records it (`Materializer.readFile`, judged by `recorded`).
/// Any other answer is nil, and the caller compiles in full. So is any file the materializer would
/// have to write whose bytes this run does not hold (one deleted by hand, or edited with
/// `--force`), or any other file not as recorded: `Materializer.applyChanges` checks before it
/// writes anything.
///
/// What it does not do, as the compile memo does not: look up the unchanged tasks' keys (so a store
/// does not see them used: past `maxAge` one full run does that), upload them, or write a summary or
/// SLSA statement (the caller compiles in full for those).
public enum EntityPatchCompile {
    public struct Outcome {
        /// The changed entity's key.
        public var entity: String
        /// How many tasks the Plan has (the last run's count: the same tasks, the entity's keyed anew).
        public var tasks: Int
        /// The entity's tasks, with how each was served.
        public var record: RunRecord
        public var written: MaterializeReport
        /// What the run said of the Plan's gaps, as the last run printed them.
        public var gaps: [String]
        /// What the next run needs, packed but for the state and the time (the caller finishes it
        /// with the state `written` left, and writes it with the memo), made while this compile went on.
        public var packing: Preloaded<Record.Packing>
    }

    /// What a compile leaves for the next one to compile one entity alone.
    public struct Record: Equatable, Sendable {
        public static let schema = "orchestrate.entity-base-record/2"
        /// `CompileMemo.fingerprint(source, planBytes: false)` of the run.
        public var context: Digest
        /// The state file's SHA-256 as the run left it.
        public var state: Digest
        public var tasks: Int
        public var recordedMs: Int64
        /// What the run said of the Plan's gaps, as printed (the Plan's application decides them,
        /// so a change of one entity's fields leaves them as they are).
        public var gaps: [String]
        /// Each composed tree: its platform and mount, in composition order.
        public var trees: [Tree]
        public var plan: [UInt8]
        /// `EntityBase.packed()`.
        public var base: [UInt8]

        public struct Tree: Equatable, Sendable {
            public var platform: Platform
            public var mount: String
        }

        public init(context: Digest, state: Digest, tasks: Int, gaps: [String], trees: [Tree], plan: [UInt8], base: [UInt8],
                    recorded: Date = Date()) {
            self.context = context
            self.state = state
            self.tasks = tasks
            self.gaps = gaps
            recordedMs = CompileMemo.milliseconds(recorded)
            self.trees = trees
            self.plan = plan
            self.base = base
        }

        /// Packed (`BytePacker`) behind the schema, with the SHA-256 of all before it at the end.
        public func packed() -> [UInt8] { Packing(self).finished(state: state, recordedMs: recordedMs) }

        /// A record packed but for what is known last, the state digest and the time (at the end,
        /// before the checksum), and hashed so far: made while the run still works.
        public final class Packing: @unchecked Sendable {
            private var bytes: [UInt8]
            private let hasher = SHA256Hasher()

            public init(_ r: Record) {
                var out = BytePacker(capacity: r.plan.count + r.base.count + 352)
                out.string(Record.schema)
                out.digest(r.context)
                out.count(r.tasks)
                out.count(r.gaps.count)
                for g in r.gaps { out.string(g) }
                out.count(r.trees.count)
                for t in r.trees {
                    out.string(t.platform.rawValue)
                    out.string(t.mount)
                }
                out.byteString(r.plan)
                out.byteString(r.base)
                // The packer's own buffer (not a copy), with room for the tail: a digest, a count
                // and the checksum.
                bytes = out.buffer()
                bytes.reserveCapacity(bytes.count + 96)
                hasher.update(bytes)
            }

            /// The packed record; once only.
            public func finished(state: Digest, recordedMs: Int64) -> [UInt8] {
                var tail = BytePacker(capacity: 48)
                tail.digest(state)
                tail.count(Int(max(0, recordedMs)))
                let end = tail.finished()
                hasher.update(end)
                bytes += end
                hasher.finalize().withUnsafeBytes { bytes.append(contentsOf: $0) }
                return bytes
            }
        }

        /// `packed` read back; nil for anything else (cut short, edited, another schema).
        public init?(unpacking bytes: [UInt8]) {
            guard bytes.count > 32 else { return nil }
            let body = bytes.count - 32
            guard bytes[body...].elementsEqual(Digest.of(bytes[..<body]).withUnsafeBytes { Array($0) }) else { return nil }
            var input = ByteUnpacker(bytes, end: body)
            guard input.checkedString() == Self.schema, let context = input.checkedDigest(),
                  let tasks = input.checkedCount(), let gapCount = input.checkedCount(limit: body) else { return nil }
            var gaps: [String] = []
            for _ in 0 ..< gapCount { guard let g = input.checkedString() else { return nil }; gaps.append(g) }
            guard let treeCount = input.checkedCount(limit: body) else { return nil }
            var trees: [Tree] = []
            for _ in 0 ..< treeCount {
                guard let platform = input.checkedString().flatMap(Platform.init), let mount = input.checkedString() else { return nil }
                trees.append(Tree(platform: platform, mount: mount))
            }
            guard let plan = input.checkedByteString(), let base = input.checkedByteString(), let state = input.checkedDigest(),
                  let recorded = input.checkedCount(), input.isAtEnd else { return nil }
            (self.context, self.state, self.tasks, recordedMs, self.gaps, self.trees, self.plan, self.base) =
                (context, state, tasks, Int64(recorded), gaps, trees, plan, base)
        }
    }

    /// The record a completed full compile of `source` (`tasks` tasks, `gaps` said) leaves (nil for the demo).
    public static func record(of set: TaskSet, source: CompileSource, tasks: Int, gaps: [String], context: Digest, state: Digest) -> Record? {
        guard case let .plan(file) = source, let base = set.base else { return nil }
        return Record(context: context, state: state, tasks: tasks, gaps: gaps,
                      trees: set.trees.map { Record.Tree(platform: $0.platform, mount: $0.mount) }, plan: file.bytes, base: base)
    }

    /// Compiles `file` into `out` as the last run's tree with one entity changed; nil when that is
    /// not certain (the caller compiles in full; nothing was written). `store` is called only once
    /// the change is known to be one entity's. `state`: the state of `out` as
    /// `Materializer.loadPrevious(digesting: true)` reads it, when the caller started reading it
    /// early (else it is read here); it is used only if it is the state the base names.
    public static func compile(_ file: PlanFile, out: String, context: Digest, store: () throws -> any CompileStore, jobs: Int,
                               overwriteEdited: Bool, state: Preloaded<Materializer.Previous>? = nil,
                               now: Date = Date()) throws -> Outcome? {
        let materializer = Materializer(root: out, overwriteEdited: overwriteEdited)
        guard let bytes = materializer.readBase(), let last = Record(unpacking: bytes), last.context == context else { return nil }
        let age = now.timeIntervalSince1970 - Double(last.recordedMs) / 1000
        guard age >= -1, age < CompileMemo.maxAge, last.plan != file.bytes, let base = EntityBase(unpacking: last.base),
              EntityPatch.mayBeOneEntity(base, old: last.plan, new: file.bytes) else { return nil }
        // On the other core, while the change is lowered and its tasks run: the state, then every
        // recorded file checked ahead of `applyChanges` (`checkingRecorded`), not started when this
        // compile gave up first.
        let documents = last.trees.map { mounted($0.mount, TreeDigest.provenanceFile) }
        let stop = Flag()
        defer { stop.raise() }
        // (The check starts from the thread that read the state, so that no thread of the pool
        // waits on another while the entity's tasks need one.)
        let reading = Preloaded { () -> (previous: Materializer.Previous, checked: Preloaded<Materializer.Previous>?) in
            let previous = state?.value ?? materializer.loadPrevious(digesting: true)
            guard !stop.raised, previous.isClean, previous.digest == last.state else { return (previous, nil) }
            return (previous, Preloaded { materializer.checkingRecorded(previous) })
        }
        // The provenance documents are read at the same time, and judged against the state once it is there.
        let documentsRead = Preloaded { documents.map { materializer.readFile($0) } }
        guard case let .success(change) = EntityPatch.change(from: base, old: last.plan, new: file.bytes, file: file.name) else { return nil }
        guard let rails = last.trees.first(where: { $0.platform == .rails }) else { return nil }
        // What the next run starts from, packed on another thread.
        let nextBase = change.base
        let packing = Preloaded { () -> Record.Packing in
            var next = last
            next.plan = file.bytes
            next.base = nextBase.packed()
            return Record.Packing(next)
        }
        // The entity's tasks run (they need no state) while the state is still being read.
        let store = try store()
        let viewOptIns = RenderedViewOptIns()
        let record = Executor(cache: store, jobs: jobs, runDigest: change.planDigest, observeRendered: { viewOptIns.observe($0, $1, $2) })
            .run(try TaskGraph(change.tasks))
        guard record.failures.isEmpty else { return nil }
        let outputs = Compilation.outputBytes(record, store: store, tasks: { change.tasks })
        // The entity's files, and their provenance records.
        var entity: [(path: String, output: SeamOutput, mode: FileMode, size: UInt64)] = []
        var records: [ProvenanceDocument.File] = []
        for r in record.results {
            let output = try SeamOutput(r, platform: .rails)
            entity.append((mounted(rails.mount, r.path), output, r.mode, r.size))
            records.append(ProvenanceDocument.File(output: output, path: r.path))
        }
        let projections = [change.projections["entity:" + change.entity]].compactMap { $0.map(ProvenanceDocument.ProjectionRecord.init) }
        // Each tree's provenance: the Plan digest, and for the Rails tree its digest and the
        // entity's records, patched in the old document's bytes, which are hashed and written in
        // pieces. Hashed here, on another thread, while the state is read: a whole document but
        // the Rails tree's, and the Rails tree's up to its digest, which needs the state.
        // Each is also written there, into an unnamed file in its directory (`Materializer.stage`),
        // so that `applyChanges` only names it: the Rails tree's with the old digest, mended in
        // place once the new one is known.
        let planDigest = change.planDigest, trees = last.trees, entityRecords = records
        let hashing = Preloaded { () -> [Hashed?] in
            zip(zip(trees, documents), documentsRead.value).map { tree, read in
                let (t, path) = tree
                guard let old = read?.bytes, let patch = ProvenanceDocument.patch(
                    old, planDigest: planDigest, nativeInputDigest: nil,
                    files: t.platform == .rails ? entityRecords : [], projections: t.platform == .rails ? projections : []) else { return nil }
                let prefix = 0 ..< (t.platform == .rails ? patch.nativeInputDigestAt : old.count)
                var hashed = Hashed(old: old, patch: patch)
                hashed.staged = materializer.stage(path, mode: .regular) { emit in
                    patch.forEachPiece(of: old, in: prefix) { hashed.hasher.update($0); emit($0) }
                    patch.forEachPiece(of: old, in: prefix.upperBound ..< old.count, emit)
                }
                if hashed.staged == nil {
                    // Not staged (nothing or a part of it hashed): hashed alone.
                    hashed = Hashed(old: old, patch: patch)
                    patch.forEachPiece(of: old, in: prefix) { hashed.hasher.update($0) }
                }
                return hashed
            }
        }
        let (previous, checked) = reading.value
        guard previous.isClean, previous.digest == last.state, let files = previous.files else { return nil }

        // The tree: the state's files (in path order), the entity's with their new bytes.
        var tree = files
        var changed: [TreeFile] = []
        var digests: [String: Digest] = [:]
        for (path, output, mode, size) in entity {
            guard let i = previous.position(path), tree[i].mode == mode else { return nil }
            tree[i] = TreeFile(path: path, digest: output.digest, mode: output.mode, size: size)
            changed.append(tree[i])
            digests[path] = output.digest
        }
        let foreign = last.trees.map(\.mount).filter { !$0.isEmpty }
        let railsDigest = TreeDigest.digest(ComposedTrees.treeEntries(tree.map { TreeDigest.Entry(path: $0.path, mode: $0.mode, digest: $0.digest) },
                                                                  mount: rails.mount, foreign: rails.mount.isEmpty ? foreign : []))
        // Each view the entity renders opts in only to controllers the app has (the rest of the
        // bridge check reads no file of an entity's: it passed when those files were composed).
        // So the check is given those views and the paths its controllers' identifiers come from
        // (in the tree's path order, found by a binary search), not the whole tree.
        let views = changed.map(\.path).filter(BuiltInBridgeCheck.isView)
        let controllers = BuiltInBridgeCheck.controllerDirectory
        var c = previous.firstPosition(notBefore: controllers)
        var bridgePaths = views
        while c < tree.count, tree[c].path.utf8HasPrefix(controllers) { bridgePaths.append(tree[c].path); c += 1 }
        let mismatches = try BuiltInBridgeCheck.check([], platforms: [], paths: bridgePaths,
                                                      knownOptIns: { digests[$0].flatMap(viewOptIns.optIns) },
                                                      read: { path in try digests[path].flatMap { try outputs.bytes($0) } })
        guard mismatches.isEmpty else { return nil }

        // The documents, each taken only when it is there as the state records it (the bytes
        // hashed are those judged), the Rails tree's finished with its digest.
        var provided: [Digest: (old: [UInt8], patch: ProvenanceDocument.Patch, staged: StagedFile?)] = [:]
        let read = documentsRead.value
        let hashes = hashing.value
        for (n, t) in last.trees.enumerated() {
            let path = documents[n], hashed = hashes[n]
            guard let i = previous.position(path), let old = materializer.recorded(read[n], at: path, previous: previous),
                  let hashed, hashed.old == old else { return nil }
            var patch = hashed.patch
            if t.platform == .rails {
                guard let whole = ProvenanceDocument.withNativeInputDigest(patch, railsDigest) else { return nil }
                patch = whole
                patch.forEachPiece(of: old, in: patch.nativeInputDigestAt ..< old.count) { hashed.hasher.update($0) }
            }
            // Staged as the patch made without the digest: for the Rails tree's, mended with it.
            var staged = tree[i].mode == .regular && hashed.staged?.count == patch.count ? hashed.staged : nil
            if t.platform == .rails, let s = staged,
               !(patch.nativeInputDigestWritten.map { s.overwrite($0.bytes, at: $0.offset) } ?? false) { staged = nil }
            let d = hashed.hasher.finalize()
            provided[d] = (old, patch, staged)
            changed.append(TreeFile(path: path, digest: d, mode: tree[i].mode, size: UInt64(patch.count)))
        }
        let entityOutputs = Set(digests.values)
        let written: MaterializeReport
        do {
            written = try materializer.applyChanges(changed, previous: checked?.value ?? previous,
                                                    available: { provided[$0] != nil || entityOutputs.contains($0) }) { d in
                if let doc = provided[d] {
                    if let staged = doc.staged { return .staged(staged) }
                    return .pieces { emit in doc.patch.forEachPiece(of: doc.old, emit) }
                }
                guard let b = try outputs.bytes(d) else { throw CacheError.missingObject(digest: d) }
                return .bytes(b)
            }
        } catch is Materializer.Unavailable {
            return nil
        }
        return Outcome(entity: change.entity, tasks: last.tasks, record: record, written: written, gaps: last.gaps, packing: packing)
    }

    /// A provenance document's patch, and its new bytes hashed so far.
    final class Hashed: @unchecked Sendable {
        let old: [UInt8]
        let patch: ProvenanceDocument.Patch
        let hasher = SHA256Hasher()
        /// The new bytes, written into an unnamed file in the document's directory.
        var staged: StagedFile?

        init(old: [UInt8], patch: ProvenanceDocument.Patch) {
            self.old = old
            self.patch = patch
        }
    }

    /// A flag raised once, read from any thread.
    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var raised: Bool { lock.withLock { value } }
        func raise() { lock.withLock { value = true } }
    }
}
