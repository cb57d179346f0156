import Tasks
/// The semantic rules of Plan format v1 (DESIGN.md "Plan format v1"), each with its own code.
/// Runs on a decoded Plan; skips values whose decoding already failed so nothing is reported twice.
struct PlanValidator {
    let file: String
    let positions: PositionIndex
    let skipped: Set<JSONPointer>
    let entityKeysIncomplete: Bool
    let accountAuthored: Bool
    var diagnostics: [Diagnostic] = []

    /// The first path segments an entity route may not claim (see `reservedPrefix` too).
    /// `.well-known` and `apple-app-site-association` serve the Universal Links / App Links files
    /// (issue 17); a native rule's path could otherwise claim them.
    static let reservedRoutes = ["account", "login", "logout", "create-account",
                                 "native-session-changed", "up", "privacy", "terms",
                                 ".well-known", "apple-app-site-association"]
    static let reservedPrefix = "__firstdraft_"

    init(file: String, positions: PositionIndex, skipped: Set<JSONPointer>, entityKeysIncomplete: Bool,
         accountAuthored: Bool) {
        self.file = file
        self.positions = positions
        self.skipped = skipped
        self.entityKeysIncomplete = entityKeysIncomplete
        self.accountAuthored = accountAuthored
    }

    mutating func report(_ code: DiagnosticCode, _ pointer: JSONPointer, _ message: String, severity: Diagnostic.Severity = .error) {
        // A value whose decoding failed, or that sits below one, was reported already.
        var p = pointer
        while true {
            if skipped.contains(p) { return }
            if p.isRoot { break }
            p = p.parent
        }
        diagnostics.append(Diagnostic(file: file, position: positions.position(of: pointer), pointer: pointer,
                                      code: code, severity: severity, message: message))
    }

    func place(_ pointer: JSONPointer) -> String { positions.position(of: pointer).description }

    mutating func validate(_ plan: Plan) -> [Diagnostic] {
        // The Rails names (a third of the checks' time at 1,000 entities) are checked on another
        // core beside the rules before them, as they are checked when those report nothing (a
        // valid Plan); when one did report something, they are checked again here, knowing it.
        let fresh = self
        let railsNames = diagnostics.isEmpty ? Preloaded { () -> [Diagnostic] in
            var v = fresh
            v.validateRailsNames(plan)
            return v.diagnostics
        } : nil
        let root = JSONPointer.root
        if !PlanValidator.isUUID(plan.projectID) {
            report(.projectIDInvalid, root.appending("project_id"), uuidMessage(plan.projectID))
        }
        validateApplication(plan)
        if let account = plan.account {
            let p = account.pointer.appending("subject_uuid")
            if !PlanValidator.isUUID(account.subjectUUID) { report(.accountSubjectUUIDInvalid, p, uuidMessage(account.subjectUUID)) }
            validateFields(account.fields, plan: plan)
        }
        validateEntities(plan)
        if let railsNames, diagnostics.isEmpty {
            diagnostics = railsNames.value
        } else {
            validateRailsNames(plan)
        }
        validateNative(plan)
        return diagnostics
    }

    // MARK: application

    mutating func validateApplication(_ plan: Plan) {
        let app = plan.application
        let base = JSONPointer(tokens: ["application"])
        if !PlanValidator.isApplicationKey(app.key) {
            report(.applicationKeyInvalid, base.appending("key"),
                   "application key \"\(app.key)\" must match ^[a-z][a-z0-9_]*$: lowercase letters, digits and '_', starting with a letter")
        }
        validateName(app.name, at: base.appending("name"))
        // The domain is checked by each native lowering (DomainProblem): one that cannot form a
        // client's identity omits that client, and the Rails app still compiles (000).
        if let home = app.home, !entityKeysIncomplete {
            let p = base.appending("home")
            // A home whose index navigation omits is fine: the first entity's index opens first (000).
            if plan.entity(home) == nil {
                report(.homeUnknownEntity, p, "home \"\(home)\" names no entity; use the key of an entity in /entities")
            }
        }
        if let version = app.version, !ReleaseVersion.isValid(version) {
            report(.applicationVersionInvalid, base.appending("version"),
                   "version \"\(version)\" is not a store version: write one to three period-separated integers without leading zeros, such as \"1.2.0\" (App Store CFBundleShortVersionString; Android versionName follows the same rule)")
        }
        let hasAccount = plan.account != nil || accountAuthored
        for (platform, requested, client) in [("ios", app.push.ios, app.native.ios), ("android", app.push.android, app.native.android)]
        where requested {
            let p = base.appending("push").appending(platform)
            if client == nil {
                report(.pushRequiresClient, p,
                       "push.\(platform) is true but no \(platform) client is requested; add \"native\": { \"\(platform)\": {} } or set push.\(platform) to false")
            }
            if !hasAccount {
                report(.pushRequiresAccount, p,
                       "push.\(platform) is true but the Plan has no account to deliver to; add /account or set push.\(platform) to false")
            }
        }
        validateLinks(app, at: base)
    }

    /// `/application/links/scheme`: RFC 3986 syntax, lowercase, not a scheme the platforms own. A
    /// derived scheme (the key with `_` → `-`) is always well-formed; it is checked against the
    /// reserved ones only when a native client would register it.
    mutating func validateLinks(_ app: Application, at base: JSONPointer) {
        if let scheme = app.links.scheme {
            let p = base.appending("links").appending("scheme")
            if !Links.isScheme(scheme) {
                report(.linksSchemeInvalid, p,
                       "\"\(scheme)\" is not a URL scheme: a lowercase letter, then lowercase letters, digits, '+', '-' or '.' (RFC 3986 §3.1), such as \"\(Links.derivedScheme(key: app.key))\"")
            } else if Links.reservedSchemes.contains(scheme) {
                report(.linksSchemeReserved, p, "\"\(scheme)\" already means something to iOS, Android or the shell; choose a scheme of the app's own, such as \"\(Links.derivedScheme(key: app.key))\"")
            }
        } else if app.native.ios != nil || app.native.android != nil, PlanValidator.isApplicationKey(app.key),
                  Links.reservedSchemes.contains(Links.derivedScheme(key: app.key)) {
            report(.linksSchemeReserved, base.appending("key"),
                   "the app's URL scheme is derived from the key, and \"\(Links.derivedScheme(key: app.key))\" already means something to iOS, Android or the shell; add \"links\": { \"scheme\": \"<scheme>\" } to /application")
        }
    }

    mutating func validateName(_ name: String, at pointer: JSONPointer) {
        let scalars = name.unicodeScalars
        if scalars.allSatisfy({ $0.properties.isWhitespace }) {
            report(.nameEmpty, pointer, "the name is empty; write a display name such as \"Movie Catalog\"")
            return
        }
        if let c = scalars.first(where: { [0x0A, 0x0D, 0x0B, 0x0C, 0x85, 0x2028, 0x2029].contains($0.value) }) {
            report(.nameNotOneLine, pointer,
                   "the name contains a line break (U+\(hex4(c.value))); a display name is one line: remove it")
        } else if let c = scalars.first(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            report(.nameControlCharacter, pointer,
                   "the name contains control character U+\(hex4(c.value)); remove it")
        }
    }

    // MARK: entities

    mutating func validateEntities(_ plan: Plan) {
        var names: [String: Int] = [:]   // key or plural key -> entity index in plan.entities
        var uuids: [String: JSONPointer] = [:]
        if let account = plan.account, PlanValidator.isUUID(account.subjectUUID) {
            uuids[account.subjectUUID] = account.pointer.appending("subject_uuid")
        }
        let hasAccount = plan.account != nil || accountAuthored
        for (i, entity) in plan.entities.enumerated() {
            let p = entity.pointer
            if !PlanValidator.isSnakeCase(entity.key) {
                report(.entityKeyInvalid, p.appending("key"), snakeMessage("entity key", entity.key))
            }
            if !PlanValidator.isSnakeCase(entity.pluralKey) {
                report(.entityPluralKeyInvalid, p.appending("plural_key"), snakeMessage("plural key", entity.pluralKey))
            }
            for (member, name) in [("key", entity.key), ("plural_key", entity.pluralKey)] {
                if member == "plural_key" && name == entity.key { continue }
                if let other = names[name], other != i {
                    let first = plan.entities[other]
                    let firstMember = first.key == name ? "key" : "plural_key"
                    report(.entityKeyDuplicate, p.appending(member),
                           "\"\(name)\" is already the \(firstMember == "key" ? "key" : "plural key") of \(first.pointer.appending(firstMember)) (\(place(first.pointer.appending(firstMember)))); entity keys and plural keys must all differ")
                } else if names[name] == nil {
                    names[name] = i
                }
            }
            if !PlanValidator.isUUID(entity.uuid) {
                report(.entityUUIDInvalid, p.appending("uuid"), uuidMessage(entity.uuid))
            } else if let first = uuids[entity.uuid] {
                report(.entityUUIDDuplicate, p.appending("uuid"),
                       "uuid \(entity.uuid) is already used at \(first) (\(place(first))); give every entity its own UUID")
            } else {
                uuids[entity.uuid] = p.appending("uuid")
            }
            validateName(entity.name, at: p.appending("name"))
            validateName(entity.plural, at: p.appending("plural"))
            if entity.index == .protected && !hasAccount {
                report(.entityProtectedRequiresAccount, p.appending("index"),
                       "index \"protected\" needs sign-in but the Plan has no account; add /account or make the index public")
            }
            if RailsNames.reservedKeys.contains(entity.key) {
                report(.railsEntityKeyReserved, p.appending("key"),
                       "entity key \"\(entity.key)\" would name the model \(RailsText.camelize(entity.key)), which the generated Rails app already defines; choose another key")
            }
            if RailsNames.reservedPluralKeys.contains(entity.pluralKey) {
                report(.railsEntityPluralKeyReserved, p.appending("plural_key"),
                       "plural key \"\(entity.pluralKey)\" would name the table or controller \(entity.pluralKey), which the generated Rails app already uses; choose another plural key")
            }
            if PlanValidator.reservedRoutes.contains(entity.pluralKey) || entity.pluralKey.hasPrefix(PlanValidator.reservedPrefix) {
                report(.entityRouteCollision, p.appending("plural_key"),
                       "route \(entity.route) is reserved by the generated app; choose another plural key")
            }
            if let parent = entity.parent, !entityKeysIncomplete, plan.entity(parent) == nil {
                report(.entityParentUnknown, p.appending("parent"),
                       "parent \"\(parent)\" names no entity; use the key of an entity in /entities")
            }
            validateFields(entity.fields, plan: plan)
        }
        validateParentCycles(plan)
    }

    /// Each entity has at most one parent, so every cycle is found by walking parent links once.
    mutating func validateParentCycles(_ plan: Plan) {
        var indexOfKey: [String: Int] = [:]
        for (i, e) in plan.entities.enumerated() where indexOfKey[e.key] == nil { indexOfKey[e.key] = i }
        var done = Set<Int>()
        for start in plan.entities.indices where !done.contains(start) {
            var path: [Int] = []
            var onPath: [Int: Int] = [:]
            var current: Int? = start
            while let c = current, !done.contains(c) {
                if let at = onPath[c] {
                    let cycle = Array(path[at...])
                    let first = cycle.min()!
                    let rotated = Array(cycle[cycle.firstIndex(of: first)!...] + cycle[..<cycle.firstIndex(of: first)!])
                    let keys = (rotated + [first]).map { plan.entities[$0].key }
                    report(.entityParentCycle, plan.entities[first].pointer.appending("parent"),
                           "parent chain forms a cycle: \(keys.joined(separator: " → ")); remove one of these parents")
                    break
                }
                onPath[c] = path.count
                path.append(c)
                current = plan.entities[c].parent.flatMap { indexOfKey[$0] }
            }
            done.formUnion(path)
        }
    }

    mutating func validateFields(_ fields: [Field], plan: Plan) {
        var seen: [String: JSONPointer] = [:]
        for field in fields {
            let p = field.pointer
            if !PlanValidator.isSnakeCase(field.key) {
                report(.fieldKeyInvalid, p.appending("key"), snakeMessage("field key", field.key))
            } else if let first = seen[field.key] {
                report(.fieldKeyDuplicate, p.appending("key"),
                       "field key \"\(field.key)\" is already used at \(first) (\(place(first))); rename one of the fields")
            } else {
                seen[field.key] = p.appending("key")
            }
            guard !skipped.contains(p.appending("type")) else { continue }
            if field.type == .reference {
                if let to = field.to {
                    if !entityKeysIncomplete && plan.entity(to) == nil {
                        report(.fieldToUnknownEntity, p.appending("to"),
                               "\"to\": \"\(to)\" names no entity; use the key of an entity in /entities")
                    }
                } else if !skipped.contains(p.appending("to")) {
                    report(.fieldReferenceRequiresTo, p.appending("to"),
                           "a reference field needs \"to\": the key of the entity it refers to")
                }
            } else if field.to != nil {
                report(.fieldToNotAllowed, p.appending("to"),
                       "\"to\" is only for reference fields and this field is \(field.type.rawValue); remove \"to\" or set \"type\": \"reference\"")
            }
        }
    }

    // MARK: lexical rules

    func uuidMessage(_ text: String) -> String {
        if PlanValidator.isUUID(text.lowercased()) {
            return "\"\(text)\" has uppercase hex digits; write the UUID in lowercase: \"\(text.lowercased())\""
        }
        return "\"\(text)\" is not a UUID; write 8-4-4-4-12 lowercase hex digits, e.g. \"0f8fad5b-d9cb-469f-a165-70867728950e\""
    }

    func snakeMessage(_ what: String, _ text: String) -> String {
        "\(what) \"\(text)\" is not snake case; use lowercase words of a-z and 0-9 joined by single '_', starting with a letter"
    }

    /// Lowercase 8-4-4-4-12 hex; version and variant are not checked.
    static func isUUID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (i, b) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(i) {
                if b != UInt8(ascii: "-") { return false }
            } else if !(JSONNumber.isDigit(b) || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "f"))) {
                return false
            }
        }
        return true
    }

    /// `^[a-z][a-z0-9_]*$`.
    static func isApplicationKey(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, isLowerASCII(first) else { return false }
        return bytes.allSatisfy { isLowerASCII($0) || JSONNumber.isDigit($0) || $0 == UInt8(ascii: "_") }
    }

    /// `^[a-z][a-z0-9]*(_[a-z0-9]+)*$`: no leading, trailing or doubled underscores.
    static func isSnakeCase(_ text: String) -> Bool {
        guard isApplicationKey(text) else { return false }
        // One pass over the bytes (Foundation's `contains` is a locale-aware search).
        var previous: UInt8 = 0
        for b in text.utf8 {
            if b == UInt8(ascii: "_"), previous == b { return false }
            previous = b
        }
        return previous != UInt8(ascii: "_")
    }

    static func isLowerASCII(_ b: UInt8) -> Bool { b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z") }

}
