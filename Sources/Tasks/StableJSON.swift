import Foundation
import Hashing

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

/// Writes StableJSON's form directly, for documents too large to go through `JSONEncoder` on
/// every run (provenance lists every file of a tree). The caller writes members in sorted key
/// order (`sortedMembers`); the bytes equal `StableJSON.encode` of the same value: two-space
/// indent, `"key" : value`, an empty container as `{`, a blank line, `}`, the escapes
/// `JSONEncoder` writes (`\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, `\u00xx` for other controls,
/// everything else as it is, `/` included) and a final newline (`finish`).
public struct StableJSONWriter {
    public private(set) var bytes: [UInt8] = []
    /// Per open container: whether it has an element yet.
    private var open: [Bool] = []

    /// `inside`: a writer of a piece of a document from inside its containers, saying, outermost
    /// first, whether each already has an element. Its `bytes` are what a writer with those
    /// containers open would write next (pieces of one array written apart, then joined).
    public init(capacity: Int = 0, inside open: [Bool] = []) {
        bytes.reserveCapacity(capacity)
        self.open = open
    }

    /// The innermost open container has elements now: written by other writers (`init(inside:)`)
    /// whose bytes were handed on in between.
    public mutating func continueAfterElements() {
        precondition(!open.isEmpty, "no container is open")
        open[open.count - 1] = true
    }

    public mutating func beginObject() { begin(UInt8(ascii: "{")) }
    public mutating func endObject() { end(UInt8(ascii: "}")) }
    public mutating func beginArray() { begin(UInt8(ascii: "[")) }
    public mutating func endArray() { end(UInt8(ascii: "]")) }

    /// A member's key; its value comes next.
    public mutating func key(_ key: String) {
        element()
        writeString(key)
        bytes.append(0x20)
        bytes.append(UInt8(ascii: ":"))
        bytes.append(0x20)
    }

    /// An array element comes next.
    public mutating func element() {
        guard !open.isEmpty else { return }
        if open[open.count - 1] { bytes.append(UInt8(ascii: ",")) }
        open[open.count - 1] = true
        newline()
    }

    public mutating func string(_ value: String) { writeString(value) }
    public mutating func null() { bytes += "null".utf8 }
    public mutating func bool(_ value: Bool) { bytes += (value ? "true" : "false").utf8 }
    public mutating func integer(_ value: some BinaryInteger) { bytes += String(value).utf8 }

    /// A digest as its hex string.
    public mutating func digest(_ value: Digest) {
        bytes.append(UInt8(ascii: "\""))
        value.appendHex(to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// `key` then the string, or null.
    public mutating func member(_ key: String, _ value: String?) {
        self.key(key)
        if let value { writeString(value) } else { null() }
    }

    /// `key` then the digest, or null.
    public mutating func member(_ key: String, _ value: Digest?) {
        self.key(key)
        if let value { digest(value) } else { null() }
    }

    /// An array of strings.
    public mutating func strings(_ values: [String]) {
        beginArray()
        for v in values { element(); writeString(v) }
        endArray()
    }

    /// The document's bytes with the final newline.
    public mutating func finish() -> [UInt8] {
        precondition(open.isEmpty, "a container is still open")
        bytes.append(0x0a)
        return bytes
    }

    /// Hands the bytes written since the last drain to `emit` and forgets them (the buffer is
    /// kept for what comes next): a document written in pieces, never whole in memory.
    public mutating func drain(_ emit: (UnsafeRawBufferPointer) -> Void) {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBytes(emit)
        bytes.removeAll(keepingCapacity: true)
    }

    /// `finish` in pieces: the final newline, then the last of the bytes to `emit`.
    public mutating func finish(_ emit: (UnsafeRawBufferPointer) -> Void) {
        precondition(open.isEmpty, "a container is still open")
        bytes.append(0x0a)
        drain(emit)
    }

    /// A dictionary's entries in the order `JSONEncoder`'s `.sortedKeys` writes them.
    /// Inlinable so that it is specialized for each value type (a generic call from another
    /// module sorted through value witnesses: 8% of a 1k no-op).
    @inlinable
    public static func sortedMembers<V>(_ members: [String: V]) -> [(key: String, value: V)] {
        var out: [(key: String, value: V)] = []
        out.reserveCapacity(members.count)
        for (k, v) in members { out.append((k, v)) }
        if out.count < 2 { return out }
        if out.count <= 8 {
            // Insertion sort: most of these are a task's two or three named inputs.
            for i in 1..<out.count {
                var j = i
                while j > 0, out[j].key.utf8Precedes(out[j - 1].key) {
                    out.swapAt(j, j - 1)
                    j -= 1
                }
            }
            return out
        }
        out.sort { $0.key.utf8Precedes($1.key) }
        return out
    }

    private mutating func begin(_ byte: UInt8) {
        bytes.append(byte)
        open.append(false)
    }

    private mutating func end(_ byte: UInt8) {
        let had = open.removeLast()
        if !had { bytes.append(0x0a) }
        newline()
        bytes.append(byte)
    }

    private mutating func newline() {
        bytes.append(0x0a)
        bytes.append(contentsOf: repeatElement(0x20, count: 2 * open.count))
    }

    private mutating func writeString(_ s: String) { JSONText.appendString(s, to: &bytes) }
}

/// The one JSON string writer: `"` and `\` escaped, `\b \f \n \r \t` for those controls, `\u00xx`
/// (lowercase hex) for the other controls, every other byte as it is. That is what `JSONEncoder`
/// writes (StableJSON, and with `escapingSlash` the state file, which escapes `/` as `JSONEncoder`
/// does by default) and what RFC 8785 canonical JSON writes (projections, Plan digests).
public enum JSONText {
    private static let hexDigits = Array("0123456789abcdef".utf8)

    public static func appendString(_ s: String, to out: inout [UInt8], escapingSlash: Bool = false) {
        out.append(UInt8(ascii: "\""))
        var s = s
        // Runs of bytes that need no escape are copied whole; an escape is appended byte by byte.
        s.withUTF8 { utf8 in
            var run = 0
            for i in 0 ..< utf8.count {
                let b = utf8[i]
                guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || (escapingSlash && b == UInt8(ascii: "/")) else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run ..< i]))
                run = i + 1
                out.append(UInt8(ascii: "\\"))
                switch b {
                case 0x08: out.append(UInt8(ascii: "b"))
                case 0x0c: out.append(UInt8(ascii: "f"))
                case 0x0a: out.append(UInt8(ascii: "n"))
                case 0x0d: out.append(UInt8(ascii: "r"))
                case 0x09: out.append(UInt8(ascii: "t"))
                case 0 ..< 0x20:
                    out.append(UInt8(ascii: "u"))
                    out.append(UInt8(ascii: "0"))
                    out.append(UInt8(ascii: "0"))
                    out.append(hexDigits[Int(b >> 4)])
                    out.append(hexDigits[Int(b & 0x0f)])
                default: out.append(b) // `"`, `\` or `/`
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run ..< utf8.count]))
        }
        out.append(UInt8(ascii: "\""))
    }
}
