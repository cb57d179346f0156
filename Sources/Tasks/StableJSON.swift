import Foundation

/// The one JSON form orchestrate writes (summaries, provenance, GapSet, graphs, `--json`
/// outputs): keys sorted, pretty-printed, `/` unescaped, a final newline. Same value, same bytes.
public enum StableJSON {
    public static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return [UInt8](try e.encode(value)) + [0x0a]
    }

    public static func string<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try encode(value), as: UTF8.self)
    }
}
