/// The few pieces of the protocol buffers wire format the remote cache needs: varints and
/// length-delimited fields to write, and a reader that walks fields and skips the ones it does
/// not know (https://protobuf.dev/programming-guides/encoding/).
enum ProtobufWire {
    enum WireType: UInt8 {
        case varint = 0, fixed64 = 1, lengthDelimited = 2, fixed32 = 5
    }

    /// Appends fields in the order they are written; callers write them in field-number order so
    /// the bytes are the canonical encoding (what a protobuf library would produce).
    struct Writer {
        private(set) var bytes: [UInt8] = []

        mutating func varint(_ value: UInt64) {
            var v = value
            while v >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
                v >>= 7
            }
            bytes.append(UInt8(v))
        }

        mutating func tag(_ field: Int, _ type: WireType) { varint(UInt64(field) << 3 | UInt64(type.rawValue)) }

        /// A varint field; proto3 leaves out zero values.
        mutating func uint(_ field: Int, _ value: UInt64) {
            guard value != 0 else { return }
            tag(field, .varint)
            varint(value)
        }

        mutating func bool(_ field: Int, _ value: Bool) { uint(field, value ? 1 : 0) }

        /// A length-delimited field; proto3 leaves out empty strings and bytes.
        mutating func bytes(_ field: Int, _ value: [UInt8]) {
            guard !value.isEmpty else { return }
            tag(field, .lengthDelimited)
            varint(UInt64(value.count))
            bytes += value
        }

        mutating func string(_ field: Int, _ value: String) { bytes(field, Array(value.utf8)) }

        /// Bytes already encoded as fields of the message being written.
        mutating func raw(_ encoded: [UInt8]) { bytes += encoded }

        /// An embedded message, written even when empty (presence matters for messages).
        mutating func message(_ field: Int, _ build: (inout Writer) -> Void) {
            var inner = Writer()
            build(&inner)
            tag(field, .lengthDelimited)
            varint(UInt64(inner.bytes.count))
            bytes += inner.bytes
        }
    }

    /// Bytes that are not the message we expect; `offset` is nil for a field that parsed but
    /// holds a value we refuse.
    struct Malformed: Error, Equatable, CustomStringConvertible {
        let offset: Int?
        let reason: String
        var description: String { offset.map { "malformed protobuf at byte \($0): \(reason)" } ?? reason }
    }

    /// One decoded field: its number and either a varint or the bytes of a length-delimited value.
    enum Value {
        case varint(UInt64)
        case bytes(ArraySlice<UInt8>)
        case fixed
    }

    /// Walks the fields of one message. Groups (wire types 3 and 4) are rejected: no message we
    /// read uses them.
    struct Reader {
        private let data: ArraySlice<UInt8>
        private var i: Int

        init(_ data: ArraySlice<UInt8>) {
            self.data = data
            i = data.startIndex
        }

        init(_ data: [UInt8]) { self.init(data[...]) }

        mutating func next() throws -> (field: Int, value: Value)? {
            guard i < data.endIndex else { return nil }
            let start = i
            let key = try varint()
            let field = Int(truncatingIfNeeded: key >> 3)
            guard field > 0, field < 1 << 29 else { throw Malformed(offset: start - data.startIndex, reason: "field number \(key >> 3)") }
            switch key & 7 {
            case 0:
                return (field, .varint(try varint()))
            case 1:
                try skip(8)
                return (field, .fixed)
            case 2:
                let length = try varint()
                guard length <= UInt64(data.endIndex - i) else {
                    throw Malformed(offset: i - data.startIndex, reason: "length \(length) runs past the end")
                }
                let value = data[i ..< i + Int(length)]
                i += Int(length)
                return (field, .bytes(value))
            case 5:
                try skip(4)
                return (field, .fixed)
            default:
                throw Malformed(offset: start - data.startIndex, reason: "unsupported wire type \(key & 7)")
            }
        }

        private mutating func skip(_ n: Int) throws {
            guard data.endIndex - i >= n else { throw Malformed(offset: i - data.startIndex, reason: "truncated fixed-width field") }
            i += n
        }

        private mutating func varint() throws -> UInt64 {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                guard i < data.endIndex else { throw Malformed(offset: i - data.startIndex, reason: "truncated varint") }
                let b = data[i]
                i += 1
                guard shift < 64 else { throw Malformed(offset: i - data.startIndex, reason: "varint longer than 10 bytes") }
                result |= UInt64(b & 0x7f) << shift
                if b & 0x80 == 0 { return result }
                shift += 7
            }
        }
    }
}
