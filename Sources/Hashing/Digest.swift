/// A SHA-256 digest. Prints as 64 lowercase hex characters.
public struct Digest: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    /// The 32 raw bytes.
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) {
        precondition(bytes.count == 32, "a SHA-256 digest has 32 bytes")
        self.bytes = bytes
    }

    /// Parses 64 hex characters (either case); nil for anything else.
    public init?(hex: String) {
        let utf8 = Array(hex.utf8)
        guard utf8.count == 64 else { return nil }
        var out = [UInt8](repeating: 0, count: 32)
        for i in 0..<32 {
            guard let hi = Digest.nibble(utf8[2 * i]), let lo = Digest.nibble(utf8[2 * i + 1]) else { return nil }
            out[i] = hi << 4 | lo
        }
        self.bytes = out
    }

    public var hex: String { Digest.hex(bytes) }
    public var description: String { hex }

    /// The SHA-256 of `data` (in one libcrypto call when its bytes are contiguous).
    public static func of(_ data: some Collection<UInt8>) -> Digest {
        if let d = data.withContiguousStorageIfAvailable({ SHA256Hasher.digest(UnsafeRawBufferPointer($0)) }) { return d }
        let h = SHA256Hasher()
        h.update(data)
        return h.finalize()
    }

    public static func of(_ string: String) -> Digest { of(Array(string.utf8)) }

    public static func < (a: Digest, b: Digest) -> Bool { a.bytes.lexicographicallyPrecedes(b.bytes) }

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

    /// Appends the 64 hex characters to `out` (no String made).
    public func appendHex(to out: inout [UInt8]) {
        for b in bytes {
            out.append(Self.hexChars[Int(b >> 4)])
            out.append(Self.hexChars[Int(b & 0x0f)])
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
