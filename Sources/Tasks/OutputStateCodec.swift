import Hashing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fast reader and writer for `<out>/.orchestrate/outputs.json` (`orchestrate.outputs/1`), and
/// for the journal beside it (`orchestrate.journal/1`, the same shape: what a run is about to write).
///
/// The writer produces exactly what `JSONEncoder` with `.sortedKeys` produces for the state (same
/// bytes: `/` escaped as `\/`, keys sorted), so older builds read it unchanged. The reader accepts
/// that shape, keys in any order, and returns nil for anything else; the materializer then falls
/// back to `JSONDecoder`, so a hand-edited but valid file still loads. Foundation's coders spend
/// about 100 ms on 10,000 entries; this spends a few.
enum OutputStateCodec {
    static let schema = "orchestrate.outputs/1"
    static let journalSchema = "orchestrate.journal/1"

    // MARK: Writing

    static func encode(_ states: [OutputState], schema: String = schema) -> [UInt8] {
        // Sized so that the buffer is allocated once: every other field at its longest (about 190
        // bytes with the keys) and every path byte taking two (`/` is written `\/`). Only a path
        // with control characters (six bytes each) can outgrow it, and then the buffer just grows.
        var out: [UInt8] = []
        out.reserveCapacity(states.reduce(64 + schema.utf8.count) { $0 + 200 + 2 * $1.path.utf8.count })
        write(states, schema: schema, into: &out) { _ in }
        return out
    }

    /// `encode`'s bytes handed to `emit` in pieces of about `chunk` bytes, never whole in memory
    /// (the state of a 5,000-entity tree is 10 MB).
    static func stream(_ states: [OutputState], schema: String = schema, chunk: Int = 1 << 16,
                       _ emit: (UnsafeRawBufferPointer) -> Void) {
        var out: [UInt8] = []
        out.reserveCapacity(chunk + 4096)
        write(states, schema: schema, into: &out) { out in
            if out.count >= chunk {
                out.withUnsafeBytes(emit)
                out.removeAll(keepingCapacity: true)
            }
        }
        out.withUnsafeBytes(emit)
    }

    /// An entry of a state written from an earlier one's bytes (`decodeWithRanges`): the earlier
    /// state's entry at an index, or an entry to encode.
    enum SpliceItem { case old(Int), new(OutputState) }

    /// A piece of such a state: earlier entries in a row, copied as one range of the earlier
    /// state's bytes (the commas between them included), or an entry encoded.
    enum Splice: Equatable { case copied(Range<Int>), encoded(OutputState) }

    /// `items` as splices: earlier entries that follow each other there (with one byte, the
    /// comma, between their ranges) and here become one copied range.
    static func splices<S: Sequence>(_ items: S, ranges: [Range<Int>]) -> [Splice] where S.Element == SpliceItem {
        var out: [Splice] = []
        var run: Range<Int>?
        func flush() {
            if let r = run { out.append(.copied(ranges[r.lowerBound].lowerBound ..< ranges[r.upperBound - 1].upperBound)) }
            run = nil
        }
        for item in items {
            switch item {
            case let .old(i):
                if let r = run, r.upperBound == i, ranges[i].lowerBound == ranges[i - 1].upperBound + 1 {
                    run = r.lowerBound ..< i + 1
                } else {
                    flush()
                    run = i ..< i + 1
                }
            case let .new(state):
                flush()
                out.append(.encoded(state))
            }
        }
        flush()
        return out
    }

    /// A state of `splices` in pieces, as `stream` writes one: copied ranges of `source` (an
    /// earlier state's bytes), large ones given as they are there, and entries encoded. The
    /// entries decode to the values they stand for.
    static func stream(_ splices: [Splice], source: [UInt8], chunk: Int = 1 << 16, _ emit: (UnsafeRawBufferPointer) -> Void) {
        var out: [UInt8] = []
        out.reserveCapacity(chunk + 4096)
        func flush() {
            out.withUnsafeBytes(emit)
            out.removeAll(keepingCapacity: true)
        }
        out.append(contentsOf: Literal.open)
        source.withUnsafeBytes { src in
            for (i, piece) in splices.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                switch piece {
                case let .copied(r) where r.count >= chunk:
                    flush()
                    emit(UnsafeRawBufferPointer(rebasing: src[r]))
                case let .copied(r):
                    out.append(contentsOf: src[r])
                case let .encoded(state):
                    write(state, into: &out)
                }
                if out.count >= chunk { flush() }
            }
        }
        out.append(contentsOf: Literal.schema)
        appendString(&out, schema)
        out.append(UInt8(ascii: "}"))
        out.withUnsafeBytes(emit)
    }

    /// The one writer of the form: `flush` is called after each entry.
    private static func write(_ states: [OutputState], schema: String, into out: inout [UInt8], flush: (inout [UInt8]) -> Void) {
        out.append(contentsOf: Literal.open)
        for (i, s) in states.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            write(s, into: &out)
            flush(&out)
        }
        out.append(contentsOf: Literal.schema)
        appendString(&out, schema)
        out.append(UInt8(ascii: "}"))
    }

    /// One entry.
    private static func write(_ s: OutputState, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        if let c = s.ctimeNs {
            out.append(contentsOf: Literal.ctime)
            appendSigned(&out, c)
            out.append(UInt8(ascii: ","))
        }
        out.append(contentsOf: Literal.digest)
        s.digest.appendHex(to: &out)
        out.append(contentsOf: Literal.inode)
        appendDecimal(&out, s.inode)
        out.append(contentsOf: Literal.mode)
        appendDecimal(&out, UInt64(s.mode))
        out.append(contentsOf: Literal.mtime)
        appendSigned(&out, s.mtimeNs)
        out.append(contentsOf: Literal.path)
        appendString(&out, s.path)
        out.append(contentsOf: Literal.size)
        appendDecimal(&out, s.size)
        out.append(UInt8(ascii: "}"))
    }

    /// The fixed parts of an entry, in the order `encode` writes them.
    private enum Literal {
        static let open = Array(#"{"files":["#.utf8)
        static let ctime = Array(#""ctimeNs":"#.utf8)
        static let digest = Array(#""digest":""#.utf8)
        static let inode = Array(#"","inode":"#.utf8)
        static let mode = Array(#","mode":"#.utf8)
        static let mtime = Array(#","mtimeNs":"#.utf8)
        static let path = Array(#","path":"#.utf8)
        static let size = Array(#","size":"#.utf8)
        static let schema = Array(#"],"schema":"#.utf8)
    }

    private static func appendSigned(_ out: inout [UInt8], _ value: Int64) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        appendDecimal(&out, value.magnitude)
    }

    /// Digits written in place, most significant first (a UInt64 has at most 20).
    private static func appendDecimal(_ out: inout [UInt8], _ value: UInt64) {
        var width = 1, v = value / 10
        while v > 0 { width += 1; v /= 10 }
        let start = out.count
        out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width))
        v = value
        var i = start + width - 1
        while v > 0 {
            out[i] = UInt8(ascii: "0") + UInt8(v % 10)
            v /= 10
            i -= 1
        }
    }

    /// A JSON string as `JSONEncoder` writes it: `"`, `\`, `/` and control characters escaped.
    private static func appendString(_ out: inout [UInt8], _ s: String) { JSONText.appendString(s, to: &out, escapingSlash: true) }

    // MARK: Reading

    /// The entries of a state file in the shape `encode` writes (keys in any order, no
    /// whitespace), or nil when the bytes are anything else.
    static func decode(_ bytes: [UInt8], schema: String = schema) -> [OutputState]? {
        bytes.withUnsafeBufferPointer { buf in
            var p = Parser(b: buf, schema: schema)
            return p.stateFile()
        }
    }

    /// `decode`, with the range of `bytes` each entry was read from.
    static func decodeWithRanges(_ bytes: [UInt8], schema: String = schema) -> (states: [OutputState], ranges: [Range<Int>])? {
        bytes.withUnsafeBufferPointer { buf in
            var p = Parser(b: buf, schema: schema)
            p.ranges = []
            return p.stateFile().map { ($0, p.ranges ?? []) }
        }
    }

    private struct Parser {
        let b: UnsafeBufferPointer<UInt8>
        let schema: String
        var i = 0
        /// Where each entry was read, when asked for.
        var ranges: [Range<Int>]?

        init(b: UnsafeBufferPointer<UInt8>, schema: String) {
            self.b = b
            self.schema = schema
        }

        mutating func stateFile() -> [OutputState]? {
            guard take("{") else { return nil }
            var files: [OutputState]? = nil
            var schemaSeen = false
            repeat {
                guard let key = string() else { return nil }
                guard take(":") else { return nil }
                switch key {
                case "files":
                    guard files == nil, let f = fileArray() else { return nil }
                    files = f
                case "schema":
                    guard let s = string(), s == schema else { return nil }
                    schemaSeen = true
                default:
                    return nil
                }
            } while take(",")
            guard take("}"), i == b.count, schemaSeen else { return nil }
            return files
        }

        mutating func fileArray() -> [OutputState]? {
            guard take("[") else { return nil }
            var out: [OutputState] = []
            if take("]") { return out }
            // Room for as many entries as the bytes can hold at about their smallest (an entry
            // is some 200 bytes; reserved pages that are never used are never touched), so the
            // array is not copied as it grows.
            let room = (b.count - i) / 160 + 1
            out.reserveCapacity(room)
            ranges?.reserveCapacity(room)
            repeat {
                let start = i
                guard let s = entry() else { return nil }
                out.append(s)
                ranges?.append(start ..< i)
            } while take(",")
            return take("]") ? out : nil
        }

        mutating func entry() -> OutputState? {
            guard take("{") else { return nil }
            var digest: Digest?, path: String?
            var inode: UInt64?, mode: UInt64?, size: UInt64?, mtime: Int64?, ctime: Int64?
            repeat {
                guard let key = name(), take(":") else { return nil }
                if Self.same(key, "digest") {
                    guard let d = hexDigest() else { return nil }
                    digest = d
                } else if Self.same(key, "path") {
                    path = string()
                } else if Self.same(key, "inode") {
                    inode = unsigned()
                } else if Self.same(key, "mode") {
                    mode = unsigned()
                } else if Self.same(key, "size") {
                    size = unsigned()
                } else if Self.same(key, "mtimeNs") {
                    guard let m = signed() else { return nil }
                    mtime = m
                } else if Self.same(key, "ctimeNs") {
                    guard let c = signed() else { return nil }
                    ctime = c
                } else {
                    return nil
                }
            } while take(",")
            guard take("}"), let digest, let path, let inode, let mode, mode <= UInt64(UInt16.max),
                  let size, let mtime else { return nil }
            return OutputState(path: path, digest: digest, mode: UInt16(mode), size: size, mtimeNs: mtime, inode: inode, ctimeNs: ctime)
        }

        /// Whether a key's bytes are `literal`'s (compared in place).
        static func same(_ key: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
            key.count == literal.utf8CodeUnitCount && (key.count == 0 || memcmp(key.baseAddress!, literal.utf8Start, key.count) == 0)
        }

        mutating func take(_ c: Unicode.Scalar) -> Bool {
            guard i < b.count, b[i] == UInt8(ascii: c) else { return false }
            i += 1
            return true
        }

        mutating func signed() -> Int64? {
            let negative = take("-")
            guard let m = unsigned(), m <= UInt64(Int64.max) else { return nil }
            return negative ? -Int64(m) : Int64(m)
        }

        mutating func unsigned() -> UInt64? {
            let start = i
            var v: UInt64 = 0
            while i < b.count, b[i] >= UInt8(ascii: "0"), b[i] <= UInt8(ascii: "9") {
                let (m, o1) = v.multipliedReportingOverflow(by: 10)
                let (a, o2) = m.addingReportingOverflow(UInt64(b[i] - UInt8(ascii: "0")))
                guard !o1, !o2 else { return nil }
                v = a
                i += 1
            }
            // JSON has no leading zeros; anything unusual goes to the full decoder.
            guard i > start, i - start == 1 || b[start] != UInt8(ascii: "0") else { return nil }
            return v
        }

        /// A key without escapes, as bytes (a key with escapes is left to the full decoder).
        mutating func name() -> UnsafeBufferPointer<UInt8>? {
            guard take("\"") else { return nil }
            let start = i
            while i < b.count, b[i] != UInt8(ascii: "\""), b[i] != UInt8(ascii: "\\") { i += 1 }
            guard i < b.count, b[i] == UInt8(ascii: "\"") else { return nil }
            i += 1
            return UnsafeBufferPointer(rebasing: b[start..<(i - 1)])
        }

        /// `"` 64 hex digits `"`, read straight from the buffer.
        mutating func hexDigest() -> Digest? {
            guard i + 66 <= b.count, b[i] == UInt8(ascii: "\""), b[i + 65] == UInt8(ascii: "\"") else { return nil }
            // Four big-endian words, 16 digits each, no array made.
            var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            for w in 0..<4 {
                var v: UInt64 = 0
                for k in 0..<16 {
                    guard let n = Digest.nibble(b[i + 1 + 16 * w + k]) else { return nil }
                    v = v << 4 | UInt64(n)
                }
                switch w {
                case 0: words.0 = v
                case 1: words.1 = v
                case 2: words.2 = v
                default: words.3 = v
                }
            }
            i += 66
            return withUnsafeBytes(of: (words.0.bigEndian, words.1.bigEndian, words.2.bigEndian, words.3.bigEndian)) { Digest(raw: $0) }
        }

        /// A JSON string with the escapes `encode` writes (and `\u` escapes of any BMP scalar).
        mutating func string() -> String? {
            guard take("\"") else { return nil }
            // Most strings have no escape: take them in one piece.
            var end = i
            while end < b.count, b[end] != UInt8(ascii: "\""), b[end] != UInt8(ascii: "\\"), b[end] >= 0x20 { end += 1 }
            if end < b.count, b[end] == UInt8(ascii: "\"") {
                defer { i = end + 1 }
                return String(validating: UnsafeBufferPointer(rebasing: b[i..<end]), as: UTF8.self)
            }
            var out: [UInt8] = []
            while i < b.count {
                let c = b[i]
                i += 1
                switch c {
                case UInt8(ascii: "\""):
                    return String(validating: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard i < b.count else { return nil }
                    let e = b[i]
                    i += 1
                    switch e {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0c)
                    case UInt8(ascii: "n"): out.append(0x0a)
                    case UInt8(ascii: "r"): out.append(0x0d)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        guard i + 4 <= b.count else { return nil }
                        var v: UInt32 = 0
                        for k in 0..<4 {
                            guard let n = Digest.nibble(b[i + k]) else { return nil }
                            v = v << 4 | UInt32(n)
                        }
                        i += 4
                        // Surrogates (astral scalars) are left to the full decoder.
                        guard let scalar = Unicode.Scalar(v) else { return nil }
                        out += Array(String(Character(scalar)).utf8)
                    default: return nil
                    }
                case 0..<0x20:
                    return nil
                default:
                    out.append(c)
                }
            }
            return nil
        }
    }
}
