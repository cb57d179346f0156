import Hashing
import Tasks

/// What a compile keeps of its Plan so that the next compile, when the Plan differs only inside
/// one entity's fields, can lower that entity alone (`EntityPatch`): the canonical bytes (the
/// Plan digest's preimage), where each entity's object starts in the Plan's bytes, each entity as
/// the rest of the Plan reads it (`summary`), and the built-in bridge components the views read.
///
/// An entity's own Rails tasks read everything of it; every other task, projection and rule reads
/// only its summary: its keys, names, uuid, icon, index, forms, parent and its reference fields
/// (where they are, whom they name, whether required). `PlanIndex`, the migration depths, the
/// navigation and route tables, and the cross-entity Plan rules read no more than that, and
/// `EntityPatchTests` holds the whole compile to it (a patched compile gives the bytes a full one
/// gives).
public struct EntityBase: Hashable, Sendable {
    public static let schema = "orchestrate.entity-base/1"

    public var canonical: [UInt8]
    /// Where each entity's object starts in the Plan's bytes (`/entities/N`).
    public var starts: [Int]
    var summaries: [Entity]
    /// Each entity's reference depth (`RailsMigrationVersion.referenceDepths`: a function of the
    /// summaries).
    var depths: [Int]
    var bridge: [BuiltInBridgeComponent]

    init(canonical: [UInt8], starts: [Int], summaries: [Entity], depths: [Int], bridge: [BuiltInBridgeComponent]) {
        self.canonical = canonical
        self.starts = starts
        self.summaries = summaries
        self.depths = depths
        self.bridge = bridge
    }

    /// The base of a loaded Plan; nil when its entities are not where `/entities` says (never for a
    /// Plan that loaded).
    public init?(_ loaded: LoadedPlan) {
        guard case .object(let members) = loaded.document.kind,
              let list = members.first(where: { $0.key == "entities" })?.value, case .array(let values) = list.kind,
              values.count == loaded.plan.entities.count else { return nil }
        let pointer = JSONPointer.root.appending("entities")
        for (i, e) in loaded.plan.entities.enumerated() where e.pointer != pointer.appending(i) { return nil }
        let depths = RailsMigrationVersion.referenceDepths(loaded.plan)
        self.init(canonical: loaded.canonical, starts: values.map(\.position.offset), summaries: loaded.plan.entities.map(Self.summary),
                  depths: loaded.plan.entities.map { depths[$0.key] ?? 0 }, bridge: BridgeProjection(plan: loaded.plan).components)
    }

    /// `entity` as the rest of the Plan reads it: its reference fields only, each at its own pointer.
    static func summary(_ entity: Entity) -> Entity {
        var s = entity
        s.fields = entity.fields.filter { $0.type == .reference }
        return s
    }

    // MARK: bytes

    /// The base packed (`BytePacker`), behind its schema.
    public func packed() -> [UInt8] {
        var out = BytePacker(capacity: canonical.count + summaries.count * 160 + 64)
        out.string(Self.schema)
        out.byteString(canonical)
        out.count(starts.count)
        for s in starts { out.count(s) }
        out.count(bridge.count)
        for b in bridge { out.string(b.rawValue) }
        out.count(summaries.count)
        for (e, depth) in zip(summaries, depths) {
            out.count(depth)
            for text in [e.key, e.pluralKey, e.uuid, e.name, e.plural, e.icon?.rawValue ?? "", e.index.rawValue, e.parent ?? ""] {
                out.string(text)
            }
            out.count((e.forms ? 1 : 0) | (e.icon == nil ? 0 : 2) | (e.parent == nil ? 0 : 4))
            out.count(e.fields.count)
            for f in e.fields {
                guard let j = f.pointer.tokens.last.flatMap({ Int($0) }) else { preconditionFailure("a field's pointer ends in its index") }
                out.count(j)
                out.string(f.key)
                out.string(f.to ?? "")
                out.count((f.required ? 1 : 0) | (f.to == nil ? 0 : 2))
            }
        }
        return out.finished()
    }

    /// `packed` read back; nil for anything else (another schema, cut short, a value out of range).
    public init?(unpacking bytes: [UInt8]) {
        var input = ByteUnpacker(bytes)
        guard input.checkedString() == Self.schema, let canonical = input.checkedByteString(), let n = input.checkedCount(limit: bytes.count)
        else { return nil }
        var starts: [Int] = []
        starts.reserveCapacity(n)
        for _ in 0 ..< n { guard let s = input.checkedCount() else { return nil }; starts.append(s) }
        guard let b = input.checkedCount(limit: BuiltInBridgeComponent.allCases.count) else { return nil }
        var bridge: [BuiltInBridgeComponent] = []
        for _ in 0 ..< b { guard let c = input.checkedString().flatMap(BuiltInBridgeComponent.init) else { return nil }; bridge.append(c) }
        guard input.checkedCount(limit: n) == n else { return nil }
        let entities = JSONPointer.root.appending("entities")
        var summaries: [Entity] = []
        var depths: [Int] = []
        summaries.reserveCapacity(n)
        depths.reserveCapacity(n)
        for i in 0 ..< n {
            guard let depth = input.checkedCount(limit: n) else { return nil }
            depths.append(depth)
            var texts: [String] = []
            for _ in 0 ..< 8 { guard let t = input.checkedString() else { return nil }; texts.append(t) }
            guard let flags = input.checkedCount(limit: 7), let index = EntityIndex(rawValue: texts[6]),
                  let fieldCount = input.checkedCount(limit: bytes.count) else { return nil }
            let icon = flags & 2 == 0 ? nil : IconToken(rawValue: texts[5])
            if flags & 2 != 0 && icon == nil { return nil }
            let pointer = entities.appending(i)
            var fields: [Field] = []
            for _ in 0 ..< fieldCount {
                guard let j = input.checkedCount(limit: Int(Int32.max)), let key = input.checkedString(), let to = input.checkedString(),
                      let f = input.checkedCount(limit: 3) else { return nil }
                fields.append(Field(key: key, type: .reference, to: f & 2 == 0 ? nil : to, required: f & 1 != 0,
                                    pointer: pointer.appending("fields").appending(j)))
            }
            summaries.append(Entity(key: texts[0], pluralKey: texts[1], uuid: texts[2], name: texts[3], plural: texts[4], icon: icon,
                                    index: index, forms: flags & 1 != 0, parent: flags & 4 == 0 ? nil : texts[7], fields: fields,
                                    pointer: pointer))
        }
        guard input.isAtEnd else { return nil }
        self.init(canonical: canonical, starts: starts, summaries: summaries, depths: depths, bridge: bridge)
    }
}
