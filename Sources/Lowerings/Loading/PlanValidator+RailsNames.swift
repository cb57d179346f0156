/// The rules that keep a Plan within what the generated Rails app can hold: the names Rails derives
/// from entity and field keys (classes, tables, route helpers, files, attributes, associations)
/// must be ones Rails accepts, reads back as the same key, and gives to one thing only. Each rule
/// was a Plan that loaded and then broke the generated app (issue 12).
extension PlanValidator {
    /// Runs after the format rules; a key one of them reported already is left alone.
    mutating func validateRailsNames(_ plan: Plan) {
        let reported = Set(diagnostics.map(\.pointer))
        validateEntityRailsNames(plan, reported: reported)
        if let account = plan.account { validateFieldNames(account.fields, inbound: [], account: true, reported: reported) }
        var inbound: [String: [(Entity, Field)]] = [:]
        for other in plan.entities {
            for field in other.fields where field.type == .reference {
                if let to = field.to { inbound[to, default: []].append((other, field)) }
            }
        }
        for entity in plan.entities {
            validateFieldNames(entity.fields, inbound: inbound[entity.key] ?? [], account: false, reported: reported)
        }
    }

    // MARK: entities

    mutating func validateEntityRailsNames(_ plan: Plan, reported: Set<JSONPointer>) {
        // Route helper name → who claims it, in entity order; the generated routes claim theirs first.
        // Described only when a second claim collides.
        enum Owner {
            case generated, route(String, JSONPointer)
            var description: String {
                switch self {
                case .generated: return "the generated routes"
                case let .route(route, p): return "the \(route) route of \(p)"
                }
            }
        }
        var helpers: [String: Owner] = [:]
        for name in RailsNames.routeHelpers { helpers[name] = .generated }
        for (entity, resource) in zip(plan.entities, RouteTable(plan: plan).resources) {
            let p = entity.pointer
            // (A valid Plan reported nothing: no pointer is made to look up.)
            let keyValid = PlanValidator.isSnakeCase(entity.key) && (reported.isEmpty || !reported.contains(p.appending("key")))
            let pluralValid = PlanValidator.isSnakeCase(entity.pluralKey)
                && (reported.isEmpty || !reported.contains(p.appending("plural_key")))
            if keyValid {
                if ActiveRecordNames.rubyKeywords.contains(entity.key) {
                    report(.entityKeyReservedWord, p.appending("key"),
                           "entity key \"\(entity.key)\" is a Ruby keyword; the generated views use the key as a variable (`|\(entity.key)|`), which Ruby cannot parse: choose another key")
                } else if RailsNames.templateLocals.contains(entity.key) {
                    report(.entityKeyReservedWord, p.appending("key"),
                           "entity key \"\(entity.key)\" would be a local of the generated form partial, which already has a `\(entity.key)`: choose another key")
                }
                if !ActiveRecordNames.roundTrips(entity.key) {
                    let cls = ActiveRecordNames.camelize(entity.key)
                    report(.entityRailsNameMismatch, p.appending("key"),
                           "entity key \"\(entity.key)\" names the model \(cls), which Rails reads back as \"\(ActiveRecordNames.underscore(cls))\" (its table, params and routes); write the key as \"\(ActiveRecordNames.underscore(cls))\" or join words of two or more letters")
                }
            }
            if pluralValid, !ActiveRecordNames.roundTrips(entity.pluralKey) {
                let cls = ActiveRecordNames.camelize(entity.pluralKey)
                report(.entityRailsNameMismatch, p.appending("plural_key"),
                       "plural key \"\(entity.pluralKey)\" names the controller \(cls)Controller, which Rails reads back as \"\(ActiveRecordNames.underscore(cls))\" (its views folder); write the plural key as \"\(ActiveRecordNames.underscore(cls))\" or join words of two or more letters")
            }
            guard keyValid, pluralValid else { continue }
            if entity.key == entity.pluralKey {
                report(.entityRailsNameCollision, p.appending("plural_key"),
                       "plural key \"\(entity.pluralKey)\" equals the key, so Rails names the index route \(entity.pluralKey)_index and \(entity.key)_path would name a record; give the entity a plural key of its own (e.g. \"\(entity.key)_items\")")
                continue
            }
            var claims: [(helper: String, member: String, route: String)] = [(resource.pluralKey, "plural_key", "index"), (resource.key, "key", "show")]
            if resource.forms {
                if resource.parentKey == nil { claims.append(("new_" + resource.key, "key", "new")) }
                claims.append(("edit_" + resource.key, "key", "edit"))
            }
            if let parent = resource.parentKey {
                claims.append(("new_\(parent)_\(resource.key)", "key", "nested new"))
                claims.append(("\(parent)_\(resource.pluralKey)", "plural_key", "nested create"))
            }
            for claim in claims {
                if let first = helpers[claim.helper] {
                    report(.entityRailsNameCollision, p.appending(claim.member),
                           "the route helper \(claim.helper)_path of the \(claim.route) route of \(p) is already \(first.description)'s; Rails refuses a route name twice: rename this entity's keys")
                } else {
                    helpers[claim.helper] = .route(claim.route, p)
                }
            }
        }
    }

    // MARK: fields

    /// Reserved attribute names, and names one model would give to two things: a reference's
    /// association and `<key>_id` column, the `has_many` other entities' references add, and plain
    /// fields. Derived names claim first, so the plain field that repeats one is the one reported.
    mutating func validateFieldNames(_ fields: [Field], inbound: [(Entity, Field)], account: Bool, reported: Set<JSONPointer>) {
        func usable(_ field: Field) -> Bool {
            PlanValidator.isSnakeCase(field.key) && (reported.isEmpty || !reported.contains(field.pointer.appending("key")))
        }
        // Who claimed a name, described only when a second claim collides (a Plan of thousands of
        // fields has no collision to describe).
        enum Claimant {
            case hasMany(JSONPointer), association(JSONPointer), column(JSONPointer), field(JSONPointer)
            var description: String {
                switch self {
                case let .hasMany(p): return "the has_many association \(p.appending("key")) adds"
                case let .association(p): return "the association of the reference \(p)"
                case let .column(p): return "the column of the reference \(p)"
                case let .field(p): return "the field \(p)"
                }
            }
        }
        var claimed: [String: Claimant] = [:]
        // `at`: the field whose `key` the collision is reported at.
        func claim(_ name: String, _ what: Claimant, at field: Field) {
            if let first = claimed[name] {
                report(.fieldNameCollision, field.pointer.appending("key"),
                       "\"\(name)\" is already \(first.description) on this model; Rails would give one name to two things: rename the field")
            } else {
                claimed[name] = what
            }
        }
        for (other, field) in inbound where usable(field) && PlanValidator.isSnakeCase(other.pluralKey) {
            let name = field.key == field.to ? other.pluralKey : "\(other.pluralKey)_as_\(field.key)"
            claim(name, .hasMany(field.pointer), at: field)
        }
        for field in fields where field.type == .reference && usable(field) {
            claim(field.key, .association(field.pointer), at: field)
            claim(field.key + "_id", .column(field.pointer), at: field)
        }
        for field in fields where usable(field) {
            if let reason = reservedFieldReason(field.key, account: account) {
                report(.fieldKeyReserved, field.pointer.appending("key"), "field key \"\(field.key)\" \(reason): choose another key")
                continue
            }
            if field.type != .reference { claim(field.key, .field(field.pointer), at: field) }
        }
    }

    func reservedFieldReason(_ key: String, account: Bool) -> String? {
        if ActiveRecordNames.rubyKeywords.contains(key) {
            return "is a Ruby keyword, which the generated code cannot use as a method or variable"
        }
        if ActiveRecordNames.timestampColumns.contains(key) {
            return "is a timestamp column Active Record sets itself (every entity table has created_at and updated_at)"
        }
        if ActiveRecordNames.behaviourColumns.contains(key) {
            return key == "type" ? "would turn on single-table inheritance (Active Record's inheritance column is \"type\")"
                : "would turn on optimistic locking (Active Record's locking column is \"lock_version\")"
        }
        if ActiveRecordNames.dangerousAttributeNames.contains(key) {
            return "is a method of Active Record (\(key)), which refuses an attribute of that name (DangerousAttributeError)"
        }
        if RailsNames.modelMethods.contains(key) {
            return "is a method the generated model defines"
        }
        if account && RailsNames.accountFieldNames.contains(key) {
            return "is a column, sign-up parameter or method of the generated account (Rodauth) already"
        }
        return nil
    }
}
