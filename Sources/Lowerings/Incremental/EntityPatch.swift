import Hashing
import Tasks

/// A Plan that differs from the last compiled one only inside one entity's fields, lowered for
/// that entity alone: the entity's Rails tasks (the new ones, and which old ones they replace),
/// its projection, and the new Plan's digest and base. Everything else a compile makes from the
/// Plan is what the last compile made (see `EntityBase` for why), so a caller can take the rest of
/// the tree, its provenance and its state from the last run and replace only these files.
///
/// It refuses (and the caller compiles in full) whenever that is not certain: bytes that differ
/// outside one entity's object, an entity that no longer reads as one, a change to anything but its
/// non-reference fields, a Plan rule the new fields break, tasks that are not the same files as
/// before (a view added or gone).
public enum EntityPatch {
    public struct Change: Sendable {
        /// The changed entity's key.
        public var entity: String
        /// The entity's Rails tasks for the new Plan; each fills the same file as the task of the
        /// same id before.
        public var tasks: [FileTask]
        /// The projections those tasks read, by name (the entity's own, and `bridge` when a view reads it).
        public var projections: [String: Projection]
        public var planDigest: Digest
        /// The new Plan's base, for the compile after this one.
        public var base: EntityBase
    }

    public enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        case samePlan
        /// The bytes differ outside one entity's object (or the base does not fit the old bytes).
        case outsideOneEntity
        /// The entity's object does not read (JSON, Plan format) as it did, or no longer decodes cleanly.
        case unreadable
        /// Something the rest of the Plan reads of the entity changed (keys, names, references…).
        case summaryChanged
        /// A Plan rule reports something about the new fields.
        case diagnostics
        /// The entity's tasks are not the same files as before.
        case otherFiles

        public var description: String {
            switch self {
            case .samePlan: return "the Plan's bytes are the last run's"
            case .outsideOneEntity: return "the Plan changed outside one entity"
            case .unreadable: return "the changed entity does not read cleanly on its own"
            case .summaryChanged: return "the entity's keys, names, index, parent or references changed"
            case .diagnostics: return "a Plan rule reports the new fields"
            case .otherFiles: return "the entity's files are not the same ones"
            }
        }
    }

    /// The change from `old` (the bytes `base` was made from) to `new`.
    public static func change(from base: EntityBase, old: [UInt8], new: [UInt8], file: String) -> Result<Change, Refusal> {
        guard old != new else { return .failure(.samePlan) }
        // The loader's first rule, which a whole load would report.
        guard new.count <= PlanLimits.fileBytes else { return .failure(.unreadable) }
        guard base.starts.count == base.summaries.count, case let (i, m, n, s)? = differing(base, old: old, new: new) else {
            return .failure(.outsideOneEntity)
        }
        let start = base.starts[i], pointer = JSONPointer.root.appending("entities").appending(i)
        // Entities are at depth 2 (the root object, the `entities` array).
        guard let was = JSONReader.readValue(old, from: start, at: pointer, depth: 2, file: file) else { return .failure(.outsideOneEntity) }
        let delta = n - m
        // Every byte that differs is inside the entity's old object; so the new Plan is the old one
        // with that object's text replaced by what stands at its place now, which must be one value.
        guard m - s <= was.end else { return .failure(.outsideOneEntity) }
        guard let now = JSONReader.readValue(new, from: start, at: pointer, depth: 2, file: file),
              now.end <= was.end + delta, new[now.end ..< was.end + delta].allSatisfy(isWhitespace) else { return .failure(.unreadable) }
        // Both decode cleanly, at their place in the Plan.
        guard let before = decode(was.value, file: file), let after = decode(now.value, file: file) else { return .failure(.unreadable) }
        guard EntityBase.summary(before) == base.summaries[i] else { return .failure(.outsideOneEntity) }
        guard EntityBase.summary(after) == base.summaries[i] else { return .failure(.summaryChanged) }

        // The Plan as the entity's rules and tasks read it: every other entity's summary.
        var entities = base.summaries
        entities[i] = after
        let plan = Plan(projectID: "", application: Application(key: "", name: ""), entities: entities)
        var validator = PlanValidator(file: file, positions: PositionIndex(now.value), skipped: [], entityKeysIncomplete: false,
                                      accountAuthored: false)
        let index = RailsEntitySpec.PlanIndex(plan, around: after)
        validator.validateFields(after.fields, plan: plan)
        validator.validateFieldNames(after.fields, inbound: (index.inbound[after.key] ?? []).map { ($0.entity, $0.field) }, account: false,
                                     reported: [])
        guard validator.diagnostics.isEmpty else { return .failure(.diagnostics) }

        guard base.depths.count == entities.count else { return .failure(.outsideOneEntity) }
        let versions = [after.key: RailsMigrationVersion.version(after, depth: base.depths[i])]
        let bridge = BridgeProjection(components: base.bridge)
        var old = SeamTaskBuilder(release: RailsLowering.release), fresh = SeamTaskBuilder(release: RailsLowering.release)
        RailsLowering.entity(before, versions: versions, index: index, bridge: bridge, into: &old)
        RailsLowering.entity(after, versions: versions, index: index, bridge: bridge, into: &fresh)
        guard old.tasks.map(FileSlot.init) == fresh.tasks.map(FileSlot.init) else { return .failure(.otherFiles) }

        // The canonical bytes with the entity's replaced: its object appears once in them.
        let oldCanonical = CanonicalJSON.encode(was.value)
        guard let at = onlyOccurrence(of: oldCanonical, in: base.canonical) else { return .failure(.outsideOneEntity) }
        var canonical = [UInt8]()
        canonical.reserveCapacity(base.canonical.count + n - m + 64)
        canonical += base.canonical[..<at]
        canonical += CanonicalJSON.encode(now.value)
        canonical += base.canonical[(at + oldCanonical.count)...]
        var next = base
        next.canonical = canonical
        for j in (i + 1) ..< max(i + 1, next.starts.count) { next.starts[j] += delta }
        return .success(Change(entity: after.key, tasks: fresh.tasks, projections: fresh.projections,
                               planDigest: Digest.of(canonical), base: next))
    }

    /// Whether the bytes that differ could lie in one entity's object (a quick look, without
    /// reading any JSON: before the next one starts, or before the end): false for a change of the
    /// application or of two entities, which `change` would refuse after more work.
    public static func mayBeOneEntity(_ base: EntityBase, old: [UInt8], new: [UInt8]) -> Bool {
        guard case let (i, m, _, s)? = differing(base, old: old, new: new) else { return false }
        return i + 1 >= base.starts.count || m - s <= base.starts[i + 1]
    }

    /// The entity whose object starts last at or before the first differing byte, with the sizes
    /// and the common suffix: old[p ..< m - s] became new[p ..< n - s].
    static func differing(_ base: EntityBase, old: [UInt8], new: [UInt8]) -> (entity: Int, m: Int, n: Int, suffix: Int)? {
        let m = old.count, n = new.count
        let p = commonPrefix(old, new)
        let s = commonSuffix(old, new, limit: min(m, n) - p)
        var lo = 0, hi = base.starts.count
        while lo < hi { let mid = (lo + hi) / 2; if base.starts[mid] <= p { lo = mid + 1 } else { hi = mid } }
        return lo > 0 ? (lo - 1, m, n, s) : nil
    }

    /// What makes a task's file the same one: its id, seam, path and mode.
    struct FileSlot: Equatable {
        var id: String, family: String, path: String, mode: FileMode
        init(_ t: FileTask) { (id, family, path, mode) = (t.id, t.family, t.path, t.mode) }
    }

    static func decode(_ value: JSONValue, file: String) -> Entity? {
        var decoder = PlanDecoder(file: file)
        guard let e = decoder.decodeEntity(value), decoder.diagnostics.isEmpty, decoder.failed.isEmpty,
              !decoder.entityKeysIncomplete else { return nil }
        return e
    }

    static func isWhitespace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

    static func commonPrefix(_ a: [UInt8], _ b: [UInt8]) -> Int {
        let n = min(a.count, b.count)
        return a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                var i = 0
                while i + 8 <= n, UnsafeRawPointer(pa.baseAddress! + i).loadUnaligned(as: UInt64.self)
                    == UnsafeRawPointer(pb.baseAddress! + i).loadUnaligned(as: UInt64.self) { i += 8 }
                while i < n, pa[i] == pb[i] { i += 1 }
                return i
            }
        }
    }

    static func commonSuffix(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        var k = 0
        let m = a.count, n = b.count
        while k < limit, a[m - 1 - k] == b[n - 1 - k] { k += 1 }
        return k
    }

    /// The offset of `needle` in `haystack` when it occurs there exactly once.
    static func onlyOccurrence(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        haystack.withUnsafeBufferPointer { b in
            guard let first = ProvenanceDocument.find(needle, in: b, from: 0, to: b.count) else { return nil }
            return ProvenanceDocument.find(needle, in: b, from: first + 1, to: b.count) == nil ? first : nil
        }
    }
}

extension ProvenanceDocument.File {
    /// The record composition gives a task's output at `path` (relative to its tree): its seam's
    /// origin and owner, its key and named inputs.
    public init(output: SeamOutput, path: String) {
        let origin: ComposedFile.Origin = CoreCatalog.seam(output.seam).origin == .replaces ? .replaced : .added
        self.init(ComposedFile(path: path, digest: output.digest, mode: output.mode, origin: origin, owner: .seam(output.seam),
                               taskKey: output.taskKey, inputs: output.inputs))
    }
}
