/// A SHA-256 digest. Prints as 64 lowercase hex characters.
///
/// Held as four big-endian words, not an array: a digest is a plain value (no allocation to make,
/// no reference count to touch when it is copied, hashed or compared), and a run handles hundreds
/// of thousands of them.
public struct Digest: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    private let w0: UInt64, w1: UInt64, w2: UInt64, w3: UInt64

    /// The 32 raw bytes.
    public var bytes: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 32) { buffer, count in
            withUnsafeBytes { buffer.baseAddress!.initialize(from: $0.bindMemory(to: UInt8.self).baseAddress!, count: 32) }
            count = 32
        }
    }

    public init(bytes: [UInt8]) {
        precondition(bytes.count == 32, "a SHA-256 digest has 32 bytes")
        self = bytes.withUnsafeBytes { Digest(raw: $0) }
    }

    /// The digest whose 32 bytes start at `raw` (which must hold at least 32).
    public init(raw: UnsafeRawBufferPointer) {
        precondition(raw.count >= 32, "a SHA-256 digest has 32 bytes")
        func word(_ i: Int) -> UInt64 { UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)) }
        w0 = word(0); w1 = word(1); w2 = word(2); w3 = word(3)
    }

    /// Calls `body` with the 32 bytes (no array made).
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let words = (w0.bigEndian, w1.bigEndian, w2.bigEndian, w3.bigEndian)
        return try Swift.withUnsafeBytes(of: words, body)
    }

    /// The first byte (the store's shard).
    public var firstByte: UInt8 { UInt8(truncatingIfNeeded: w0 >> 56) }

    /// Parses 64 hex characters (either case); nil for anything else.
    public init?(hex: String) {
        let utf8 = Array(hex.utf8)
        guard utf8.count == 64 else { return nil }
        var out = [UInt8](repeating: 0, count: 32)
        for i in 0..<32 {
            guard let hi = Digest.nibble(utf8[2 * i]), let lo = Digest.nibble(utf8[2 * i + 1]) else { return nil }
            out[i] = hi << 4 | lo
        }
        self.init(bytes: out)
    }

    public var hex: String {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        appendHex(to: &out)
        return String(decoding: out, as: UTF8.self)
    }
    public var description: String { hex }

    /// The SHA-256 of `data` (in one libcrypto call when its bytes are contiguous).
    public static func of(_ data: some Collection<UInt8>) -> Digest {
        if let d = data.withContiguousStorageIfAvailable({ SHA256Hasher.digest(UnsafeRawBufferPointer($0)) }) { return d }
        let h = SHA256Hasher()
        h.update(data)
        return h.finalize()
    }

    public static func of(_ string: String) -> Digest { of(Array(string.utf8)) }

    public static func < (a: Digest, b: Digest) -> Bool { (a.w0, a.w1, a.w2, a.w3) < (b.w0, b.w1, b.w2, b.w3) }

    public init(from decoder: Decoder) throws {
        let s = try decoder.singleValueContainer().decode(String.self)
        guard let d = Digest(hex: s) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a SHA-256 hex digest: \(s)"))
        }
        self = d
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(hex)
    }

    /// The value of one hex digit (either case), or nil.
    public static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static let hexChars = Array("0123456789abcdef".utf8)

    /// Appends the 64 hex characters to `out` (no String made): the room is made once, then the
    /// digits are written in place.
    public func appendHex(to out: inout [UInt8]) {
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: 64))
        out.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress! + start
            Self.writeHex(w0, to: base)
            Self.writeHex(w1, to: base + 16)
            Self.writeHex(w2, to: base + 32)
            Self.writeHex(w3, to: base + 48)
        }
    }

    /// One word's 16 lowercase hex digits, most significant first.
    private static func writeHex(_ w: UInt64, to p: UnsafeMutablePointer<UInt8>) {
        for i in 0 ..< 16 {
            let d = UInt8(truncatingIfNeeded: (w >> UInt64(60 - 4 * i)) & 0x0f)
            p[i] = d < 10 ? 0x30 + d : 0x57 + d
        }
    }

    public static func hex(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for b in bytes {
            out.append(hexChars[Int(b >> 4)])
            out.append(hexChars[Int(b & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
