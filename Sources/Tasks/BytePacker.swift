import Hashing

/// A compact binary form for values a process packs and reads back itself: counts in LEB128,
/// strings as a count and their UTF-8, digests as their 32 bytes, byte strings as a count and the
/// bytes. `SourceList` keeps a projection's sources in it; a large compile moves what outlives its
/// tasks through it (`Compaction.compacted`). A file in it (the entity base a compile leaves for
/// the next) is read back with `ByteUnpacker`'s checked reads.
public struct BytePacker {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    public mutating func count(_ n: Int) {
        precondition(n >= 0, "a count is not negative")
        var v = UInt(n)
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v & 0x7f) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    public mutating func string(_ s: String) {
        count(s.utf8.count)
        bytes.append(contentsOf: s.utf8)
    }

    public mutating func digest(_ d: Digest) { d.withUnsafeBytes { bytes.append(contentsOf: $0) } }

    public mutating func byteString(_ b: [UInt8]) {
        count(b.count)
        bytes.append(contentsOf: b)
    }

    /// The bytes at their size (an appended buffer has up to twice the room).
    public func finished() -> [UInt8] { [UInt8](exactly: bytes[...]) }

    /// The packer's own buffer, with the room it has left (for a caller that appends to it).
    public consuming func buffer() -> [UInt8] { bytes }
}

/// Reads what `BytePacker` wrote, in the order it was written. Reading past the end is a
/// programming error (the bytes come from this process), not a user's; the `checked` reads give
/// nil instead, for bytes read back from a file (cut short, a count out of range).
public struct ByteUnpacker {
    private let bytes: [UInt8]
    /// Where the packed values end (what follows, such as a checksum, is not read).
    private let end: Int
    private var i = 0

    /// The values packed in `bytes`, or in its first `end` bytes.
    public init(_ bytes: [UInt8], end: Int? = nil) {
        self.bytes = bytes
        self.end = min(end ?? bytes.count, bytes.count)
    }

    public var isAtEnd: Bool { i == end }

    public mutating func count() -> Int {
        var value: UInt = 0, shift: UInt = 0
        while true {
            let b = bytes[i]
            i += 1
            value |= UInt(b & 0x7f) << shift
            if b < 0x80 { return Int(value) }
            shift += 7
        }
    }

    public mutating func string() -> String {
        let n = count()
        defer { i += n }
        return String(decoding: bytes[i ..< i + n], as: UTF8.self)
    }

    public mutating func digest() -> Digest {
        defer { i += 32 }
        precondition(i + 32 <= end, "a packed digest runs past the end")
        return bytes.withUnsafeBytes { Digest(raw: UnsafeRawBufferPointer(rebasing: $0[i ..< i + 32])) }
    }

    /// A byte string, allocated at its size.
    public mutating func byteString() -> [UInt8] {
        let n = count()
        defer { i += n }
        return [UInt8](exactly: bytes[i ..< i + n])
    }

    /// A count no larger than `limit`; nil past the end or past the limit.
    public mutating func checkedCount(limit: Int = Int.max) -> Int? {
        var value: UInt64 = 0, shift: UInt64 = 0
        while i < end, shift < 63 {
            let b = bytes[i]
            i += 1
            value |= UInt64(b & 0x7F) << shift
            if b & 0x80 == 0 { return value <= UInt64(limit) ? Int(value) : nil }
            shift += 7
        }
        return nil
    }

    /// A byte string; nil when it runs past the end.
    public mutating func checkedByteString() -> [UInt8]? {
        guard let n = checkedCount(), n <= end - i else { return nil }
        defer { i += n }
        return [UInt8](exactly: bytes[i ..< i + n])
    }

    /// A string (its bytes decoded as UTF-8, not validated: for bytes whose source is known); nil
    /// when it runs past the end.
    public mutating func checkedString() -> String? {
        guard let n = checkedCount(), n <= end - i else { return nil }
        defer { i += n }
        return String(decoding: bytes[i ..< i + n], as: UTF8.self)
    }

    /// A digest; nil when it runs past the end.
    public mutating func checkedDigest() -> Digest? {
        guard end - i >= 32 else { return nil }
        return digest()
    }
}

extension Array where Element == UInt8 {
    /// A copy of `slice` whose buffer holds exactly its bytes (an array grown by appends has up
    /// to twice the room, for as long as it is kept).
    public init(exactly slice: ArraySlice<UInt8>) {
        self.init(unsafeUninitializedCapacity: slice.count) { buffer, n in
            n = slice.withUnsafeBufferPointer { buffer.initialize(from: $0).1 }
        }
    }
}
