/// ustar header blocks: encoding for the writer, decoding and checksum verification for the
/// reader. Offsets follow POSIX.1-1988 (name 0, mode 100, uid 108, gid 116, size 124,
/// mtime 136, chksum 148, typeflag 156, linkname 157, magic 257, version 263, uname 265,
/// gname 297, devmajor 329, devminor 337, prefix 345).
struct TarHeader {
    static let blockSize = 512

    var name: [UInt8]        // prefix + "/" + name, or the name alone (no pax/GNU override applied)
    var mode: UInt32
    var size: UInt64
    var typeflag: UInt8
    var linkname: [UInt8]

    // MARK: Encoding

    /// The block(s) announcing one member: a pax `x` header first when the path fits neither
    /// the name field nor a prefix/name split. Everything but path, mode, size and type is fixed.
    static func encode(path: [UInt8], mode: UInt32, size: UInt64, typeflag: UInt8) -> [UInt8] {
        if let (prefix, name) = split(path) {
            return block(name: name, prefix: prefix, mode: mode, size: size, typeflag: typeflag)
        }
        let records = paxRecord(key: "path", value: path)
        var out = block(name: Array("././@PaxHeader".utf8), prefix: [], mode: 0o644,
                        size: UInt64(records.count), typeflag: UInt8(ascii: "x"))
        out += records
        out += [UInt8](repeating: 0, count: padding(UInt64(records.count)))
        out += block(name: Array(path.prefix(100)), prefix: [], mode: mode, size: size, typeflag: typeflag)
        return out
    }

    static func padding(_ size: UInt64) -> Int {
        Int((UInt64(blockSize) - size % UInt64(blockSize)) % UInt64(blockSize))
    }

    /// ustar prefix/name split: the whole path in `name` when it fits, else the leftmost `/`
    /// leaving a name of at most 100 bytes and a prefix of at most 155.
    static func split(_ path: [UInt8]) -> ([UInt8], [UInt8])? {
        if path.count <= 100 { return ([], path) }
        for i in path.indices where path[i] == UInt8(ascii: "/") {
            let name = Array(path[(i + 1)...])
            if name.isEmpty || name.count > 100 { continue }
            return i <= 155 ? (Array(path[..<i]), name) : nil
        }
        return nil
    }

    /// One pax record, `"<len> key=value\n"`, where len counts the whole record.
    static func paxRecord(key: String, value: [UInt8]) -> [UInt8] {
        let body = Array(" \(key)=".utf8) + value + [UInt8(ascii: "\n")]
        var length = body.count + 1
        while String(length).utf8.count + body.count != length { length = String(length).utf8.count + body.count }
        return Array(String(length).utf8) + body
    }

    private static func block(name: [UInt8], prefix: [UInt8], mode: UInt32, size: UInt64, typeflag: UInt8) -> [UInt8] {
        var b = [UInt8](repeating: 0, count: blockSize)
        func put(_ bytes: [UInt8], at offset: Int) {
            for (i, byte) in bytes.enumerated() { b[offset + i] = byte }
        }
        put(name, at: 0)
        put(octal(UInt64(mode), width: 8), at: 100)
        put(octal(0, width: 8), at: 108)
        put(octal(0, width: 8), at: 116)
        put(octal(size, width: 12), at: 124)
        put(octal(0, width: 12), at: 136)
        put([UInt8](repeating: UInt8(ascii: " "), count: 8), at: 148)
        b[156] = typeflag
        put(Array("ustar\u{0}00".utf8), at: 257)
        put(octal(0, width: 8), at: 329)
        put(octal(0, width: 8), at: 337)
        put(prefix, at: 345)
        let sum = b.reduce(0) { $0 + UInt32($1) }
        put(octal(UInt64(sum), width: 7) + [UInt8(ascii: " ")], at: 148)
        return b
    }

    /// `width - 1` zero-padded octal digits and a NUL.
    static func octal(_ value: UInt64, width: Int) -> [UInt8] {
        let digits = Array(String(value, radix: 8).utf8)
        return [UInt8](repeating: UInt8(ascii: "0"), count: max(0, width - 1 - digits.count)) + digits + [0]
    }

    /// Largest size the 12-byte size field holds (11 octal digits).
    static let maxSize: UInt64 = (1 << 33) - 1

    // MARK: Decoding

    static func isZero(_ block: [UInt8]) -> Bool { block.allSatisfy { $0 == 0 } }

    /// Decodes a header block at stream `offset`, verifying its checksum and magic.
    static func decode(_ b: [UInt8], offset: UInt64) throws -> TarHeader {
        let recorded = try number(b[148..<156], field: "chksum", offset: offset)
        var unsigned: UInt32 = 0, signed: Int32 = 0
        for (i, byte) in b.enumerated() {
            let v = (148..<156).contains(i) ? UInt8(ascii: " ") : byte
            unsigned += UInt32(v)
            signed += Int32(Int8(bitPattern: v))
        }
        if recorded != UInt64(unsigned) && Int64(recorded) != Int64(signed) {
            throw ArchiveError.headerChecksumMismatch(offset: offset, recorded: UInt32(truncatingIfNeeded: recorded), computed: unsigned)
        }
        let posix = b[257..<263].elementsEqual("ustar\u{0}".utf8) && b[263..<265].elementsEqual("00".utf8)
        let gnu = b[257..<265].elementsEqual("ustar  \u{0}".utf8)
        guard posix || gnu else {
            throw ArchiveError.invalidHeader(offset: offset, field: "magic", reason: "is not ustar (pre-POSIX tar is not accepted)")
        }
        var name = cString(b[0..<100])
        let prefix = posix ? cString(b[345..<500]) : []
        if !prefix.isEmpty { name = prefix + [UInt8(ascii: "/")] + name }
        return TarHeader(
            name: name,
            mode: UInt32(truncatingIfNeeded: try number(b[100..<108], field: "mode", offset: offset)),
            size: try number(b[124..<136], field: "size", offset: offset),
            typeflag: b[156],
            linkname: cString(b[157..<257])
        )
    }

    static func cString(_ field: ArraySlice<UInt8>) -> [UInt8] {
        Array(field.prefix { $0 != 0 })
    }

    /// An octal field: optional leading spaces, digits, then NUL/space padding. An all-NUL
    /// field is 0. Base-256 (GNU binary) numbers are refused.
    static func number(_ field: ArraySlice<UInt8>, field name: String, offset: UInt64) throws -> UInt64 {
        if let first = field.first, first & 0x80 != 0 {
            throw ArchiveError.invalidHeader(offset: offset, field: name, reason: "uses base-256 encoding, which is not accepted")
        }
        var value: UInt64 = 0
        var i = field.startIndex
        while i < field.endIndex, field[i] == UInt8(ascii: " ") { i += 1 }
        var digits = 0
        while i < field.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(field[i]) {
            value = value << 3 | UInt64(field[i] - UInt8(ascii: "0"))
            digits += 1
            i += 1
        }
        if digits > 21 { throw ArchiveError.invalidHeader(offset: offset, field: name, reason: "is too long") }
        while i < field.endIndex, field[i] == 0 || field[i] == UInt8(ascii: " ") { i += 1 }
        guard i == field.endIndex else {
            throw ArchiveError.invalidHeader(offset: offset, field: name, reason: "is not an octal number")
        }
        return value
    }

    /// Parses pax extended header records into key → value.
    static func paxRecords(_ data: [UInt8], offset: UInt64) throws -> [String: [UInt8]] {
        var out: [String: [UInt8]] = [:]
        var i = 0
        func bad(_ reason: String) -> ArchiveError {
            ArchiveError.invalidHeader(offset: offset, field: "pax record", reason: reason)
        }
        while i < data.count {
            if data[i] == 0 && data[i...].allSatisfy({ $0 == 0 }) { break }
            guard let space = data[i...].firstIndex(of: UInt8(ascii: " ")),
                  let length = Int(String(decoding: data[i..<space], as: UTF8.self)), length > 0,
                  i + length <= data.count, data[i + length - 1] == UInt8(ascii: "\n"),
                  let eq = data[(space + 1)..<(i + length)].firstIndex(of: UInt8(ascii: "="))
            else { throw bad("is malformed") }
            let key = String(decoding: data[(space + 1)..<eq], as: UTF8.self)
            out[key] = Array(data[(eq + 1)..<(i + length - 1)])
            i += length
        }
        return out
    }
}
