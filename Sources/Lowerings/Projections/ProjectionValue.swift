/// A JSON value built by a projection (no source positions), with a canonical encoding:
/// the same rules as `CanonicalJSON` (sorted keys, no whitespace, JCS string escaping).
public indirect enum ProjectionValue: Hashable, Sendable {
    case object([String: ProjectionValue])
    case array([ProjectionValue])
    case string(String)
    case int(Int)
    case bool(Bool)
    case null

    public var canonical: [UInt8] {
        var out: [UInt8] = []
        write(into: &out)
        return out
    }

    func write(into out: inout [UInt8]) {
        switch self {
        case .null: out += "null".utf8
        case .bool(let b): out += (b ? "true" : "false").utf8
        case .int(let n): out += String(n).utf8
        case .string(let s): CanonicalJSON.writeString(s, into: &out)
        case .array(let a):
            out.append(UInt8(ascii: "["))
            for (i, v) in a.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                v.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let o):
            out.append(UInt8(ascii: "{"))
            for (i, member) in o.sorted(by: { CanonicalJSON.keyPrecedes($0.key, $1.key) }).enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                CanonicalJSON.writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                member.value.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }
}

extension ProjectionValue {
    public static func optional(_ s: String?) -> ProjectionValue { s.map { .string($0) } ?? .null }
}

extension ProjectionValue {
    /// The value `canonical` bytes encode (its inverse); nil when they are not the canonical JSON
    /// of a projection value (a number that is not an integer, a syntax error).
    public init?(canonical bytes: [UInt8]) {
        let document = JSONReader.read(bytes, file: "projection")
        guard document.diagnostics.isEmpty, let root = document.root, let value = ProjectionValue(json: root) else { return nil }
        self = value
    }

    private init?(json: JSONValue) {
        switch json.kind {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .string(let s): self = .string(s)
        case .number(let n):
            guard let i = Int(n.lexeme) else { return nil }
            self = .int(i)
        case .array(let elements):
            var out: [ProjectionValue] = []
            out.reserveCapacity(elements.count)
            for e in elements {
                guard let v = ProjectionValue(json: e) else { return nil }
                out.append(v)
            }
            self = .array(out)
        case .object(let members):
            var out: [String: ProjectionValue] = [:]
            out.reserveCapacity(members.count)
            for m in members {
                guard let v = ProjectionValue(json: m.value) else { return nil }
                out[m.key] = v
            }
            self = .object(out)
        }
    }
}
