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

    private func write(into out: inout [UInt8]) {
        switch self {
        case .null: out += Array("null".utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .int(let n): out += Array(String(n).utf8)
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
            for (i, k) in o.keys.sorted(by: { $0.utf16.lexicographicallyPrecedes($1.utf16) }).enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                CanonicalJSON.writeString(k, into: &out)
                out.append(UInt8(ascii: ":"))
                o[k]!.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }
}

extension ProjectionValue {
    public static func optional(_ s: String?) -> ProjectionValue { s.map { .string($0) } ?? .null }
}
