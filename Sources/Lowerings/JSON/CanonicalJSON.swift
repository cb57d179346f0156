import Tasks

/// The canonical byte form of a JSON value, used for the Plan digest.
///
/// * no whitespace;
/// * object members sorted by the UTF-16 code units of their keys (as RFC 8785, JCS);
/// * strings escaped minimally, as JCS: `\"`, `\\`, `\b \f \n \r \t`, other controls as `\u00xx`
///   (lowercase hex); everything else, including `/` and non-ASCII, is written as UTF-8;
/// * numbers by `JSONNumber.canonical` (exact decimal, so `1`, `1.0`, `1e0`, `10e-1` agree).
public enum CanonicalJSON {
    public static func encode(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        write(value, into: &out)
        return out
    }

    static func write(_ value: JSONValue, into out: inout [UInt8]) {
        switch value.kind {
        case .null: out += Array("null".utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .number(let n): out += Array(n.canonical.utf8)
        case .string(let s): writeString(s, into: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                write(element, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            let sorted = members.sorted { keyPrecedes($0.key, $1.key) }
            for (i, member) in sorted.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                write(member.value, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// JCS key order: the UTF-16 code units of `a` sort before `b`'s. Compared on the UTF-8
    /// bytes in place: UTF-8 byte order is code point order, which UTF-16 order follows except
    /// between a character at U+E000…U+FFFF (UTF-8 lead byte 0xEE or 0xEF) and one above
    /// U+FFFF (lead byte 0xF0…0xF4, a surrogate pair in UTF-16): there the order flips.
    public static func keyPrecedes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { pa in
            b.withUTF8 { pb in
                let n = Swift.min(pa.count, pb.count)
                var i = 0
                while i < n && pa[i] == pb[i] { i += 1 }
                guard i < n else { return pa.count < pb.count }
                let x = pa[i], y = pb[i]
                let xBMPHigh = x == 0xEE || x == 0xEF, yBMPHigh = y == 0xEE || y == 0xEF
                if (xBMPHigh && y >= 0xF0) || (yBMPHigh && x >= 0xF0) { return x > y }
                return x < y
            }
        }
    }

    /// JCS string escaping (RFC 8785 §3.2.2.2), which is the one `JSONText` writes.
    static func writeString(_ s: String, into out: inout [UInt8]) { JSONText.appendString(s, to: &out) }
}
