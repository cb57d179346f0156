/// Everything the Rails renderers of one entity read, and nothing more: its own fields, forms,
/// parent and index, the references other entities hold to it (for `has_many`) and its migration
/// version. Its projection (`entity:<key>`) is the only input of the entity's tasks, so a change
/// elsewhere in the Plan moves them only when it moves one of these values.
struct RailsEntitySpec: Hashable, Sendable {
    struct Reference: Hashable, Sendable {
        var key: String
        var pluralKey: String
    }

    struct Field: Hashable, Sendable {
        var key: String
        var type: FieldType
        var required: Bool
        /// The referenced entity, for `.reference` fields.
        var target: Reference?
    }

    /// A reference field of another entity (or of this one) that points here.
    struct Inbound: Hashable, Sendable {
        var entityKey: String
        var pluralKey: String
        var fieldKey: String
        var required: Bool
    }

    struct Child: Hashable, Sendable {
        var key: String
        var pluralKey: String
        var name: String
        /// A protected child's new route needs sign-in, so its link shows only when signed in.
        var requiresAccount: Bool
    }

    struct Parent: Hashable, Sendable {
        var key: String
        var pluralKey: String
        /// The reference field that names the parent record, when the entity has one.
        var fieldKey: String?
    }

    var key: String
    var pluralKey: String
    var name: String
    var plural: String
    var index: EntityIndex
    var forms: Bool
    var parent: Parent?
    var fields: [Field]
    var inbound: [Inbound]
    /// Entities whose new route nests below this one (`forms` true), for their "New …" links.
    var children: [Child]
    var migrationVersion: String
    var sources: [String: [String]]

    /// What every entity's spec looks up in the Plan, built once per lowering so building all the
    /// specs is linear in the Plan (one scan per entity made it quadratic: 64% of a 5,000-entity
    /// no-op). Orders are the Plan's, as the scans gave them.
    struct PlanIndex {
        let entities: [String: Entity]
        let inbound: [String: [(entity: Entity, field: Lowerings.Field)]]
        let children: [String: [Entity]]

        init(_ plan: Plan) {
            var entities: [String: Entity] = [:]
            var inbound: [String: [(entity: Entity, field: Lowerings.Field)]] = [:]
            var children: [String: [Entity]] = [:]
            for other in plan.entities {
                if entities[other.key] == nil { entities[other.key] = other }
                for field in other.fields where field.type == .reference {
                    if let to = field.to { inbound[to, default: []].append((other, field)) }
                }
                if let parent = other.parent, other.forms { children[parent, default: []].append(other) }
            }
            self.entities = entities
            self.inbound = inbound
            self.children = children
        }

        /// The index as `entity`'s spec reads it, and only that: the entities it references or
        /// has as parent (the first of each key), the references to it and its children, each in
        /// the Plan's order, as `init(_:)` gives them.
        init(_ plan: Plan, around entity: Entity) {
            var wanted: Set<String> = [entity.key]
            for field in entity.fields { if let to = field.to { wanted.insert(to) } }
            if let parent = entity.parent { wanted.insert(parent) }
            var entities: [String: Entity] = [:]
            var inbound: [(entity: Entity, field: Lowerings.Field)] = []
            var children: [Entity] = []
            for other in plan.entities {
                if wanted.contains(other.key), entities[other.key] == nil { entities[other.key] = other }
                for field in other.fields where field.type == .reference && field.to == entity.key { inbound.append((other, field)) }
                if other.parent == entity.key, other.forms { children.append(other) }
            }
            self.entities = entities
            self.inbound = inbound.isEmpty ? [:] : [entity.key: inbound]
            self.children = children.isEmpty ? [:] : [entity.key: children]
        }
    }

    init(entity: Entity, plan: Plan, migrationVersion: String) {
        self.init(entity: entity, lookup: PlanIndex(plan), migrationVersion: migrationVersion)
    }

    init(entity: Entity, lookup: PlanIndex, migrationVersion: String) {
        let base = entity.pointer.description
        key = entity.key
        pluralKey = entity.pluralKey
        name = entity.name
        plural = entity.plural
        index = entity.index
        forms = entity.forms
        self.migrationVersion = migrationVersion
        fields = entity.fields.map { field in
            let target = field.to.flatMap { lookup.entities[$0] }.map { Reference(key: $0.key, pluralKey: $0.pluralKey) }
            return Field(key: field.key, type: field.type, required: field.required, target: target)
        }
        var inboundSources: [String] = []
        var inbound: [Inbound] = []
        for (other, field) in lookup.inbound[entity.key] ?? [] {
            inbound.append(Inbound(entityKey: other.key, pluralKey: other.pluralKey, fieldKey: field.key,
                                   required: field.required))
            inboundSources.append(field.pointer.description)
        }
        self.inbound = inbound
        var parentSources: [String] = []
        if let key = entity.parent, let parentEntity = lookup.entities[key] {
            let field = entity.fields.first { $0.type == .reference && $0.to == key }
            parent = Parent(key: key, pluralKey: parentEntity.pluralKey, fieldKey: field?.key)
            parentSources = [base + "/parent", parentEntity.pointer.appending("plural_key").description]
        } else {
            parent = nil
        }
        let nested = lookup.children[entity.key] ?? []
        children = nested.map { Child(key: $0.key, pluralKey: $0.pluralKey, name: $0.name, requiresAccount: $0.index == .protected) }
        let childSources = nested.flatMap { c in ["parent", "forms", "key", "plural_key", "name", "index"].map { c.pointer.appending($0).description } }
        var referenced: [String] = entity.fields.filter { $0.type == .reference }.map { $0.pointer.description }
        referenced += entity.fields.compactMap { $0.to.flatMap { lookup.entities[$0] }?.pointer.appending("plural_key").description }
        sources = [
            "key": [base + "/key"], "plural_key": [base + "/plural_key"], "name": [base + "/name"],
            "plural": [base + "/plural"], "index": [base + "/index"], "forms": [base + "/forms"],
            "fields": [base + "/fields"] + referenced, "inbound": inboundSources, "parent": parentSources, "children": childSources,
            "migration_version": [base + "/uuid"] + referenced,
        ]
    }

    var className: String { RailsText.camelize(key) }
    var controllerName: String { RailsText.camelize(pluralKey) + "Controller" }
    var tableName: String { pluralKey }
    var isProtected: Bool { index == .protected }
    /// The field whose `to_s` names a record: the first string-like field.
    var labelField: Field? { fields.first { [.string, .email, .url].contains($0.type) } }

    /// Fields a form edits: every field but the parent reference of a nested entity, which comes
    /// from the URL (`/movies/:movie_id/reviews/new`) and stays fixed afterwards.
    var formFields: [Field] { fields.filter { $0.key != parent?.fieldKey } }

    /// `has_many` name for an inbound reference: the plural key when the field is named after this
    /// entity, else `<plural_key>_as_<field>` (`movies_as_director`).
    func associationName(_ inbound: Inbound) -> String {
        inbound.fieldKey == key ? inbound.pluralKey : "\(inbound.pluralKey)_as_\(inbound.fieldKey)"
    }

    var projection: Projection {
        func fieldValue(_ f: Field) -> ProjectionValue {
            .object(["key": .string(f.key), "type": .string(f.type.rawValue), "required": .bool(f.required),
                     "target": f.target.map { .object(["key": .string($0.key), "plural_key": .string($0.pluralKey)]) } ?? .null])
        }
        let parentValue: ProjectionValue = parent.map {
            .object(["key": .string($0.key), "plural_key": .string($0.pluralKey), "field": .optional($0.fieldKey)])
        } ?? .null
        return Projection(name: "entity:\(key)", fields: [
            "key": .string(key), "plural_key": .string(pluralKey), "name": .string(name), "plural": .string(plural),
            "index": .string(index.rawValue), "forms": .bool(forms), "parent": parentValue,
            "fields": .array(fields.map(fieldValue)),
            "inbound": .array(inbound.map {
                .object(["entity": .string($0.entityKey), "plural_key": .string($0.pluralKey),
                         "field": .string($0.fieldKey), "required": .bool($0.required)])
            }),
            "children": .array(children.map {
                .object(["key": .string($0.key), "plural_key": .string($0.pluralKey), "name": .string($0.name),
                         "requires_account": .bool($0.requiresAccount)])
            }),
            "migration_version": .string(migrationVersion),
        ], sources: sources)
    }
}
