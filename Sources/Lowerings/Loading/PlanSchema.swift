/// The JSON Schema (draft 2020-12) of Plan format v1, written from `PlanShape` (the declarations
/// the decoder checks keys against): one `$defs` entry per object, `additionalProperties: false`
/// everywhere, the closed sets as `enum`, the validator's lexical checks as `pattern`. Published
/// as `schema/plan-v1.schema.json` (a test keeps the file equal to this); `orchestrate schema`
/// prints it. Pure and deterministic: declaration order, two-space indentation, a final newline.
public enum PlanSchema {
    public static let draft = "https://json-schema.org/draft/2020-12/schema"
    /// Where the repository publishes it, relative to the repository's root.
    public static let repositoryPath = "schema/plan-v1.schema.json"

    public static func document() -> [UInt8] {
        var defs: [(String, Node)] = []
        var seen: Set<String> = []
        func collect(_ shape: PlanShape) {
            guard seen.insert(shape.name).inserted else { return }
            defs.append((shape.name, .object(objectNode(shape))))
            for p in shape.properties { walk(p.value) }
        }
        func walk(_ value: PlanShape.Value) {
            switch value {
            case .object(let s): collect(s)
            case .array(let v), .map(_, let v): walk(v)
            case .either(let vs): vs.forEach(walk)
            case .string, .choice, .boolean, .constant, .number: break
            }
        }
        for p in PlanShape.plan.properties { walk(p.value) }
        let root = objectNode(PlanShape.plan, extra: [
            ("$schema", .string(draft)),
            ("title", .string("orchestrate Plan, format 1")),
        ]) + [("$defs", .object(defs))]
        return Node.object(root).rendered(inlineScalarArrays: true)
    }

    // MARK: from the shapes

    static func objectNode(_ shape: PlanShape, extra: [(String, Node)] = []) -> [(String, Node)] {
        var members = extra + [("description", .string(shape.about)), ("type", .string("object"))]
        members.append(("properties", .object(shape.properties.map { p in
            (p.key, .object([("description", .string(p.about))] + valueMembers(p.value)))
        })))
        if !shape.required.isEmpty { members.append(("required", .array(shape.required.map(Node.string)))) }
        if !shape.exactlyOne.isEmpty {
            members.append(("oneOf", .array(shape.exactlyOne.map { .object([("required", .array([.string($0)]))]) })))
        }
        members.append(("additionalProperties", .bool(false)))
        return members
    }

    static func valueMembers(_ value: PlanShape.Value) -> [(String, Node)] {
        switch value {
        case let .string(kind, pattern):
            // maxLength counts characters where the loader counts UTF-8 bytes: exact for the
            // ASCII-only patterns, an upper bound otherwise.
            var m: [(String, Node)] = [("type", .string("string"))]
            if let pattern { m.append(("pattern", .string(pattern))) }
            m.append(("maxLength", .int(kind.limit)))
            return m
        case .choice(let values):
            return [("type", .string("string")), ("enum", .array(values.map(Node.string)))]
        case .boolean:
            return [("type", .string("boolean"))]
        case .constant(let n):
            return [("const", .int(n))]
        case let .number(minimum, maximum):
            return [("type", .string("number")), ("minimum", .int(minimum)), ("maximum", .int(maximum))]
        case .array(let element):
            return [("type", .string("array")), ("items", .object(valueMembers(element)))]
        case .object(let shape):
            return [("$ref", .string("#/$defs/" + shape.name))]
        case let .map(keyPattern, element):
            var m: [(String, Node)] = [("type", .string("object"))]
            if let keyPattern { m.append(("propertyNames", .object([("pattern", .string(keyPattern))]))) }
            m.append(("additionalProperties", .object(valueMembers(element))))
            return m
        case .either(let values):
            return [("oneOf", .array(values.map { .object(valueMembers($0)) }))]
        }
    }

    typealias Node = PrettyJSON
}
