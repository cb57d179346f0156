import CZlib

/// An 8-bit RGB, non-interlaced PNG read back: what `PNGEncoder` writes, checked chunk by chunk.
/// Used to compare pinned artwork with a fresh drawing pixel for pixel, and by tests.
public struct PNGImage: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// Chunk types in file order ("IHDR", "IDAT", "IEND").
    public let chunks: [String]
    /// Red, green, blue per pixel, rows from the top.
    public let rgb: [UInt8]

    public init(decoding bytes: [UInt8]) throws {
        guard bytes.count >= 8, Array(bytes[0..<8]) == PNGEncoder.signature else { throw MonogramError.notPNG }
        var at = 8
        var types: [String] = []
        var header: [UInt8]?
        var data: [UInt8] = []
        while at < bytes.count {
            guard at + 12 <= bytes.count else { throw MonogramError.truncated(offset: at) }
            let length = Int(Self.uint32(bytes, at))
            guard at + 12 + length <= bytes.count else { throw MonogramError.truncated(offset: at) }
            let typed = Array(bytes[(at + 4)..<(at + 8 + length)])
            let type = String(decoding: typed.prefix(4), as: UTF8.self)
            guard PNGEncoder.crc32(typed) == Self.uint32(bytes, at + 8 + length) else {
                throw MonogramError.badCRC(chunk: type, offset: at)
            }
            types.append(type)
            let body = Array(typed.dropFirst(4))
            if type == "IHDR" { header = body }
            if type == "IDAT" { data += body }
            at += 12 + length
            if type == "IEND" { break }
        }
        guard let h = header, h.count == 13 else { throw MonogramError.missingChunk("IHDR") }
        guard types.last == "IEND" else { throw MonogramError.missingChunk("IEND") }
        guard types.contains("IDAT") else { throw MonogramError.missingChunk("IDAT") }
        guard h[8] == 8, h[9] == 2, h[12] == 0 else {
            throw MonogramError.unsupported(bitDepth: h[8], colorType: h[9], interlace: h[12])
        }
        width = Int(Self.uint32(h, 0))
        height = Int(Self.uint32(h, 4))
        chunks = types
        let stride = 3 * width
        let raw = try Self.inflate(data, expected: height * (stride + 1))
        rgb = try Self.unfilter(raw, height: height, stride: stride)
    }

    /// The red sample at (x, y); monograms are gray, so it stands for all three.
    public func red(x: Int, y: Int) -> UInt8 { rgb[3 * (y * width + x)] }

    static func uint32(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }

    static func inflate(_ data: [UInt8], expected: Int) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: expected)
        var length = uLong(expected)
        let status = out.withUnsafeMutableBufferPointer { o in
            data.withUnsafeBufferPointer { i in uncompress(o.baseAddress, &length, i.baseAddress, uLong(i.count)) }
        }
        guard status == Z_OK, Int(length) == expected else {
            throw MonogramError.inflateFailed(zlibStatus: status == Z_OK ? Z_DATA_ERROR : status)
        }
        return out
    }

    /// Undoes the five PNG filter types, 3 bytes per pixel.
    static func unfilter(_ raw: [UInt8], height: Int, stride: Int) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: height * stride)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            for i in 0..<stride {
                let v = raw[y * (stride + 1) + 1 + i]
                let a = i >= 3 ? Int(out[y * stride + i - 3]) : 0
                let b = y > 0 ? Int(out[(y - 1) * stride + i]) : 0
                let c = i >= 3 && y > 0 ? Int(out[(y - 1) * stride + i - 3]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw MonogramError.badFilter(row: y, filter: filter)
                }
                out[y * stride + i] = UInt8(truncatingIfNeeded: Int(v) + predictor)
            }
        }
        return out
    }
}
