/// Decodes the value tree into a `Plan`, strictly: unknown keys, missing required keys, wrong types
/// and values outside a closed set are diagnostics. Where a value cannot be decoded a placeholder is
/// used so decoding (and validation) can go on and report everything at once; its pointer goes into
/// `failed` so validation does not report the same value twice.
struct PlanDecoder {
    let file: String
    var diagnostics: [Diagnostic] = []
    /// Pointers of values that could not be decoded (or are missing).
    var failed: Set<JSONPointer> = []
    /// true when an entity or an entity key could not be decoded, so references may look unknown.
    var entityKeysIncomplete = false
    /// true when `/account` is written, even if it could not be decoded.
    var accountAuthored = false

    init(file: String) { self.file = file }

    mutating func decode(_ root: JSONValue) -> Plan? {
        guard let m = members(root, PlanShape.plan) else { return nil }
        var format = 1
        if let v = m["plan_format"] {
            if case .number(let n) = v.kind {
                if n.integerValue == 1 {
                    format = 1
                } else {
                    report(.formatUnsupported, v.pointer, v.position,
                           "plan_format is \(n.lexeme); this orchestrate reads Plan format 1 only: set it to 1")
                    failed.insert(v.pointer)
                }
            } else {
                wrongType(v, expected: "the number 1")
            }
        }
        _ = string(m["$schema"])  // editor metadata: checked as a string, not part of the Plan
        let projectID = string(m["project_id"]) ?? ""
        let application = decodeApplication(m["application"])
        accountAuthored = m["account"] != nil
        let account = m["account"].map { decodeAccount($0) } ?? nil
        var entities: [Entity] = []
        if let list = array(m["entities"]) {
            for v in list {
                if let e = decodeEntity(v) { entities.append(e) } else { entityKeysIncomplete = true }
            }
        } else {
            entityKeysIncomplete = true
        }
        return Plan(format: format, projectID: projectID, application: application, account: account,
                    entities: entities)
    }

    // MARK: sections

    mutating func decodeApplication(_ value: JSONValue?) -> Application {
        let placeholder = Application(key: "", name: "")
        guard let value, let m = members(value, PlanShape.application)
        else { return placeholder }
        var app = Application(key: string(m["key"]) ?? "", name: string(m["name"], .name) ?? "")
        app.domain = string(m["domain"])
        app.home = string(m["home"])
        app.version = string(m["version"])
        if let v = m["appearance"] { app.appearance = decodeAppearance(v) }
        if let v = m["native"], let n = members(v, PlanShape.native) {
            app.native.ios = n["ios"].map { decodeNativeClient($0, .ios) }
            app.native.android = n["android"].map { decodeNativeClient($0, .android) }
            app.native.rules = decodeNativeRules(n["rules"])
        }
        if let v = m["push"], let p = members(v, PlanShape.push) {
            app.push.ios = bool(p["ios"]) ?? false
            app.push.android = bool(p["android"]) ?? false
        }
        if let v = m["bridge"], let b = members(v, PlanShape.bridge) {
            app.bridge.submit = bool(b[BuiltInBridgeComponent.submit.name])
        }
        if let v = m["links"], let l = members(v, PlanShape.links) {
            app.links.scheme = string(l["scheme"])
        }
        return app
    }

    /// Any value requests the client (the author meant to); a non-object or an unknown key inside
    /// is reported. The declarations are checked by the validator.
    mutating func decodeNativeClient(_ value: JSONValue, _ platform: Platform) -> NativeClient {
        var client = NativeClient()
        guard let m = members(value, platform == .ios ? PlanShape.iosClient : PlanShape.androidClient)
        else { return client }
        client.components = declarations(m["components"])
        client.screens = declarations(m["screens"])
        if let v = m["splash"], let type = string(v) { client.splash = NativeDeclaration(id: "", type: type, pointer: v.pointer) }
        if let v = m["splash_min_seconds"] { client.splashMinimumMilliseconds = milliseconds(v) }
        for v in array(m["packages"]) ?? [] {
            switch platform {
            case .ios: if let p = swiftPackage(v) { client.packages.append(.swift(p)) }
            default: if let c = string(v) { client.packages.append(.maven(MavenCoordinate(coordinate: c, pointer: v.pointer))) }
            }
        }
        return client
    }

    /// `{ "id": "Type", … }` in authored order.
    mutating func declarations(_ value: JSONValue?) -> [NativeDeclaration] {
        guard let value else { return [] }
        guard case .object(let list) = value.kind else {
            wrongType(value, expected: "an object of id → type name, e.g. { \"map\": \"MapScreen\" }")
            return []
        }
        return list.compactMap { member in string(member.value).map { NativeDeclaration(id: member.key, type: $0, pointer: member.value.pointer) } }
    }

    /// A number of seconds as whole milliseconds, 0…8 s; nil (after a diagnostic) otherwise.
    mutating func milliseconds(_ value: JSONValue) -> Int? {
        guard case .number(let n) = value.kind else {
            wrongType(value, expected: "a number of seconds")
            return nil
        }
        let shifted = n.exponent + 3
        let ms: Int? = n.isNegative || shifted < 0 || n.significand.count + shifted > 9 ? nil
            : Int(n.significand + String(repeating: "0", count: shifted))
        guard let ms, ms <= NativeClient.maximumSplashMilliseconds else {
            report(.nativeSplashSecondsInvalid, value.pointer, value.position,
                   "splash_min_seconds is \(n.lexeme); give 0 to 8 seconds (the shell gives up on the first page after 8), in steps of at least 0.001")
            failed.insert(value.pointer)
            return nil
        }
        return ms
    }

    mutating func swiftPackage(_ value: JSONValue) -> SwiftPackage? {
        guard let m = members(value, PlanShape.swiftPackage) else { return nil }
        let given: [SwiftPackage.Requirement] = [
            string(m["from"]).map { .from($0) }, string(m["exact"]).map { .exact($0) },
            string(m["branch"]).map { .branch($0) }, string(m["revision"]).map { .revision($0) },
        ].compactMap { $0 }
        var requirement: SwiftPackage.Requirement? = given.count == 1 ? given[0] : nil
        if given.count != 1 && !PlanShape.swiftPackage.exactlyOne.contains(where: { failed.contains(value.pointer.appending($0)) }) {
            report(.nativePackageRequirement, value.pointer, value.position,
                   given.isEmpty ? "a Swift package needs exactly one version requirement: add \"from\", \"exact\", \"branch\" or \"revision\""
                       : "a Swift package takes exactly one version requirement, this one has \(given.map { "\"\($0.key)\"" }.joined(separator: " and ")): keep one")
            requirement = nil
        }
        var products: [String]?
        if let v = m["products"] { products = (array(v) ?? []).compactMap { string($0) } }
        return SwiftPackage(url: string(m["url"]) ?? "", requirement: requirement, products: products, pointer: value.pointer)
    }

    mutating func decodeNativeRules(_ value: JSONValue?) -> [NativeRule] {
        var rules: [NativeRule] = []
        for v in array(value) ?? [] {
            guard let m = members(v, PlanShape.nativeRule) else { continue }
            var rule = NativeRule(path: string(m["path"]) ?? "", viewController: string(m["view_controller"]) ?? "",
                                  title: string(m["title"], .name), pointer: v.pointer)
            if let p = m["platforms"] {
                rule.platforms = (array(p) ?? []).compactMap { item -> Platform? in
                    guard let text = string(item) else { return nil }
                    guard let platform = Platform(rawValue: text), platform.isClient else {
                        report(.nativeRulePlatformUnknown, item.pointer, item.position, "\"\(text)\" is not a native client; use \"ios\" or \"android\"")
                        failed.insert(item.pointer)
                        failed.insert(p.pointer)
                        return nil
                    }
                    return platform
                }
            }
            if let t = m["tab"], let tm = members(t, PlanShape.nativeTab) {
                rule.tab = NativeTab(label: string(tm["label"], .name) ?? "", icon: enumValue(tm["icon"], code: .entityIconUnknown), pointer: t.pointer)
            }
            rules.append(rule)
        }
        return rules
    }

    mutating func decodeAppearance(_ value: JSONValue) -> Appearance? {
        guard let m = members(value, PlanShape.appearance) else { return nil }
        var appearance = Appearance()
        appearance.theme = enumValue(m["theme"], code: .themeUnknown)
        appearance.accent = m["accent"].flatMap { decodeColor($0) }
        appearance.background = m["background"].flatMap { decodeColor($0) }
        return appearance
    }

    mutating func decodeColor(_ value: JSONValue) -> Color? {
        switch value.kind {
        case .string:
            return rgb(value).map { .scalar($0) }
        case .object:
            guard let m = members(value, PlanShape.colorPair) else { return nil }
            guard let lightValue = m["light"], let darkValue = m["dark"] else { return nil }
            let light = rgb(lightValue)
            let dark = rgb(darkValue)
            guard let light, let dark else { return nil }
            return .pair(light: light, dark: dark)
        default:
            wrongType(value, expected: "a color \"#RRGGBB\" or { \"light\": \"#RRGGBB\", \"dark\": \"#RRGGBB\" }")
            return nil
        }
    }

    mutating func rgb(_ value: JSONValue) -> RGBColor? {
        guard let text = string(value) else { return nil }
        guard let color = RGBColor(hex: text) else {
            report(.colorInvalid, value.pointer, value.position,
                   "color \"\(text)\" is not #RRGGBB; write six hex digits after '#', e.g. \"#E4572E\"")
            failed.insert(value.pointer)
            return nil
        }
        return color
    }

    mutating func decodeAccount(_ value: JSONValue) -> Account? {
        guard let m = members(value, PlanShape.account) else { return nil }
        return Account(subjectUUID: string(m["subject_uuid"]) ?? "", editable: bool(m["editable"]) ?? false,
                       fields: decodeFields(m["fields"]), pointer: value.pointer)
    }

    mutating func decodeEntity(_ value: JSONValue) -> Entity? {
        guard let m = members(value, PlanShape.entity) else { return nil }
        let key = string(m["key"], .entityKey)
        if key == nil { entityKeysIncomplete = true }
        return Entity(key: key ?? "", pluralKey: string(m["plural_key"], .entityKey) ?? "", uuid: string(m["uuid"]) ?? "",
                      name: string(m["name"], .name) ?? "", plural: string(m["plural"], .name) ?? "",
                      icon: enumValue(m["icon"], code: .entityIconUnknown),
                      index: enumValue(m["index"], code: .entityIndexUnknown) ?? .none,
                      forms: bool(m["forms"]) ?? false, parent: string(m["parent"]),
                      fields: decodeFields(m["fields"]), pointer: value.pointer)
    }

    mutating func decodeFields(_ value: JSONValue?) -> [Field] {
        guard let list = array(value) else { return [] }
        var fields: [Field] = []
        for v in list {
            guard let m = members(v, PlanShape.field) else { continue }
            let type: FieldType? = enumValue(m["type"], code: .fieldTypeUnknown)
            fields.append(Field(key: string(m["key"], .fieldKey) ?? "", type: type ?? .string, to: string(m["to"]),
                                required: bool(m["required"]) ?? false, pointer: v.pointer))
        }
        return fields
    }

    // MARK: primitives

    mutating func report(_ code: DiagnosticCode, _ pointer: JSONPointer, _ position: SourcePosition, _ message: String) {
        diagnostics.append(Diagnostic(file: file, position: position, pointer: pointer, code: code, message: message))
    }

    mutating func wrongType(_ value: JSONValue, expected: String) {
        report(.wrongType, value.pointer, value.position, "expected \(expected), found \(value.typeDescription)")
        failed.insert(value.pointer)
    }

    /// The members of an object whose keys are checked against its declared shape (`PlanShape`);
    /// nil (after a diagnostic) when the value is not an object.
    mutating func members(_ value: JSONValue, _ shape: PlanShape) -> [String: JSONValue]? {
        guard case .object(let list) = value.kind else {
            wrongType(value, expected: "an object")
            return nil
        }
        // The shape's properties are read in place (every object of a Plan passes here).
        var found: [String: JSONValue] = Dictionary(minimumCapacity: list.count)
        for member in list {
            if shape.properties.contains(where: { $0.key == member.key }) {
                found[member.key] = member.value
            } else {
                let pointer = value.pointer.appending(member.key)
                report(.unknownKey, pointer, member.keyPosition, unknownKeyMessage(member.key, allowed: shape.properties.map(\.key)))
                failed.insert(pointer)
            }
        }
        for property in shape.properties where property.isRequired && found[property.key] == nil {
            let key = property.key
            let pointer = value.pointer.appending(key)
            report(.missingKey, pointer, value.position, "required key \"\(key)\" is missing; add it to this object")
            failed.insert(pointer)
        }
        return found
    }

    func unknownKeyMessage(_ key: String, allowed: [String]) -> String {
        if allowed.isEmpty {
            return "unknown key \"\(key)\"; this object takes no keys in Plan format 1: remove it"
        }
        let sorted = allowed.sorted()
        if key.utf8.count > PlanLimits.keyBytes {
            return "unknown key of \(key.utf8.count) bytes; remove it or use one of: \(sorted.joined(separator: ", "))"
        }
        if let near = nearestName(key, among: sorted) {
            return "unknown key \"\(key)\"; did you mean \"\(near)\"?"
        }
        return "unknown key \"\(key)\"; remove it or use one of: \(sorted.joined(separator: ", "))"
    }

    /// What a string names, for its length limit (`PlanLimits`).
    enum StringKind {
        case entityKey, fieldKey, name, other

        /// Its limit in UTF-8 bytes.
        var limit: Int {
            switch self {
            case .entityKey, .fieldKey: return PlanLimits.keyBytes
            case .name: return PlanLimits.nameBytes
            case .other: return PlanLimits.stringBytes
            }
        }
    }

    /// A string value within its kind's length limit; nil (after a diagnostic) otherwise.
    mutating func string(_ value: JSONValue?, _ kind: StringKind = .other) -> String? {
        guard let value else { return nil }
        guard case .string(let s) = value.kind else {
            wrongType(value, expected: "a string")
            return nil
        }
        let bytes = s.utf8.count
        let limit = kind.limit
        let (code, what): (DiagnosticCode, String)
        switch kind {
        case .entityKey: (code, what) = (.entityKeyTooLong, "an entity key or plural key")
        case .fieldKey: (code, what) = (.fieldKeyTooLong, "a field key")
        case .name: (code, what) = (.nameTooLong, "a display name")
        case .other: (code, what) = (.stringTooLong, "a string of Plan format 1")
        }
        guard bytes <= limit else {
            report(code, value.pointer, value.position, "this value is \(bytes) bytes; \(what) holds at most \(limit) (UTF-8): shorten it")
            failed.insert(value.pointer)
            return nil
        }
        return s
    }

    mutating func bool(_ value: JSONValue?) -> Bool? {
        guard let value else { return nil }
        if case .bool(let b) = value.kind { return b }
        wrongType(value, expected: "true or false")
        return nil
    }

    mutating func array(_ value: JSONValue?) -> [JSONValue]? {
        guard let value else { return nil }
        if case .array(let a) = value.kind { return a }
        wrongType(value, expected: "an array")
        return nil
    }

    mutating func enumValue<E: RawRepresentable & CaseIterable>(_ value: JSONValue?, code: DiagnosticCode) -> E?
    where E.RawValue == String {
        guard let value, let text = string(value) else { return nil }
        if let e = E(rawValue: text) { return e }
        let choices = E.allCases.map(\.rawValue)
        let hint = nearestName(text, among: choices).map { "did you mean \"\($0)\"? " } ?? ""
        report(code, value.pointer, value.position,
               "\"\(text)\" is not one of the allowed values; \(hint)use one of: \(choices.joined(separator: ", "))")
        failed.insert(value.pointer)
        return nil
    }
}

/// The name of `names` nearest to `text` (the first of equals), when within two edits: what a
/// "did you mean" hint offers.
func nearestName(_ text: String, among names: [String]) -> String? {
    var best: (name: String, distance: Int)?
    for name in names {
        let d = editDistance(text, name)
        if d <= 2, best.map({ d < $0.distance }) ?? true { best = (name, d) }
    }
    return best?.name
}

/// Levenshtein distance over Unicode scalars; for "did you mean" hints.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var row = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = row
    }
    return previous[b.count]
}
