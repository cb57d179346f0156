import CZlib

/// The at-rest encoding of a local object: one header byte, then the payload.
///
/// * `0x00` raw: the object's bytes follow.
/// * `0x01` zlib: `u64be(uncompressed size)` then a zlib stream (level 1).
///
/// Compression is used only when it can save disk space and makes the file smaller.
enum ObjectCodec {
    static let raw: UInt8 = 0x00
    static let zlib: UInt8 = 0x01
    /// Below this size an object is kept raw: its raw file (the header byte and its bytes) fits in
    /// one 4 KiB block, the unit ext4, XFS and tmpfs give a file, so compressing it saves no space
    /// while it costs the writer deflate and every reader inflate. A 5,000-entity compile's 43,638
    /// objects take 180,490,240 bytes in 4 KiB blocks whether compressed from 64 bytes on or from
    /// 4,096 on; deflating them takes 584 ms of CPU from 64 on and 40 ms from 4,096 on (26 of them
    /// are that large). Objects written compressed before still read.
    static let minimumToCompress = 4096

    enum DecodeError: Error, Equatable {
        case empty, unknownHeader(UInt8), truncatedHeader, badSize(UInt64), zlib(Int32), sizeMismatch
        var reason: String {
            switch self {
            case .empty: return "empty file"
            case let .unknownHeader(b): return "unknown header byte \(b)"
            case .truncatedHeader: return "truncated header"
            case let .badSize(n): return "implausible uncompressed size \(n)"
            case let .zlib(code): return "zlib error \(code)"
            case .sizeMismatch: return "uncompressed size differs from header"
            }
        }
    }

    static func encode(_ bytes: [UInt8]) -> [UInt8] {
        if bytes.count >= minimumToCompress {
            let bound = Int(compressBound(uLong(bytes.count)))
            var out = [UInt8](repeating: 0, count: 9 + bound)
            var destLen = uLongf(bound)
            let rc = out.withUnsafeMutableBufferPointer { o in
                bytes.withUnsafeBufferPointer { i in
                    compress2(o.baseAddress! + 9, &destLen, i.baseAddress, uLong(i.count), 1)
                }
            }
            if rc == Z_OK, Int(destLen) + 9 < bytes.count + 1 {
                out[0] = zlib
                let n = UInt64(bytes.count)
                for k in 0..<8 { out[1 + k] = UInt8(truncatingIfNeeded: n >> (8 * (7 - UInt64(k)))) }
                out.removeLast(bound - Int(destLen))
                return out
            }
        }
        var out = [UInt8]()
        out.reserveCapacity(bytes.count + 1)
        out.append(raw)
        out += bytes
        return out
    }

    static func decode(_ file: [UInt8]) throws -> [UInt8] {
        guard let header = file.first else { throw DecodeError.empty }
        switch header {
        case raw:
            return Array(file[1...])
        case zlib:
            guard file.count >= 9 else { throw DecodeError.truncatedHeader }
            var n: UInt64 = 0
            for k in 1...8 { n = n << 8 | UInt64(file[k]) }
            // zlib cannot expand data by more than about 1032:1; anything larger is a damaged header.
            guard n <= UInt64(file.count - 9) * 1100 + 64 else { throw DecodeError.badSize(n) }
            if n == 0 { throw DecodeError.badSize(0) }
            var out = [UInt8](repeating: 0, count: Int(n))
            var destLen = uLongf(n)
            let rc = out.withUnsafeMutableBufferPointer { o in
                file.withUnsafeBufferPointer { i in
                    uncompress(o.baseAddress, &destLen, i.baseAddress! + 9, uLong(i.count - 9))
                }
            }
            guard rc == Z_OK else { throw DecodeError.zlib(rc) }
            guard destLen == uLongf(n) else { throw DecodeError.sizeMismatch }
            return out
        default:
            throw DecodeError.unknownHeader(header)
        }
    }

    /// The uncompressed size recorded in an encoded file's first bytes, without decoding.
    static func declaredSize(header: [UInt8], fileSize: UInt64) -> UInt64? {
        guard let h = header.first else { return nil }
        if h == raw { return fileSize - 1 }
        guard h == zlib, header.count >= 9 else { return nil }
        var n: UInt64 = 0
        for k in 1...8 { n = n << 8 | UInt64(header[k]) }
        return n
    }
}
