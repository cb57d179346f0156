import Foundation

/// Pretty, key-sorted JSON with a final newline, for `--json` outputs.
enum JSONOutput {
    static func encode<T: Encodable>(_ value: T) throws -> String {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try e.encode(value), as: UTF8.self) + "\n"
    }
}
