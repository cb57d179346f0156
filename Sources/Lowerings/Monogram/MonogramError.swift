/// What can be wrong with monogram artwork read back from bytes (pinned objects, or a test's).
public enum MonogramError: Error, Hashable, Sendable, CustomStringConvertible {
    case notPNG
    case truncated(offset: Int)
    case badCRC(chunk: String, offset: Int)
    case missingChunk(String)
    case unsupported(bitDepth: UInt8, colorType: UInt8, interlace: UInt8)
    case inflateFailed(zlibStatus: Int32)
    case badFilter(row: Int, filter: UInt8)

    public var description: String {
        switch self {
        case .notPNG: return "not a PNG: the 8-byte signature is missing"
        case let .truncated(o): return "PNG cut short at byte \(o)"
        case let .badCRC(c, o): return "PNG chunk \(c) at byte \(o) fails its CRC-32"
        case let .missingChunk(c): return "PNG has no \(c) chunk"
        case let .unsupported(d, t, i):
            return "PNG is bit depth \(d), color type \(t), interlace \(i); monograms are 8-bit RGB (2), not interlaced"
        case let .inflateFailed(s): return "PNG image data does not inflate (zlib status \(s))"
        case let .badFilter(r, f): return "PNG row \(r) has unknown filter type \(f)"
        }
    }
}
