import CZlib

/// Writes a grayscale picture as an opaque 8-bit RGB PNG (color type 2, no alpha, no tRNS), the form
/// App Store validation accepts for an app icon. The bytes depend only on the pixels and on zlib:
/// the signature, IHDR, one IDAT (every row with filter 0, then `compress2` at level 9, zlib's
/// default strategy and window), IEND; no time, text or gamma chunks.
enum PNGEncoder {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func encodeRGB(_ image: GrayImage) -> [UInt8] {
        var raw = [UInt8]()
        raw.reserveCapacity(image.height * (1 + 3 * image.width))
        for y in 0..<image.height {
            raw.append(0)
            for x in 0..<image.width {
                let v = image[x, y]
                raw.append(v); raw.append(v); raw.append(v)
            }
        }
        var header = [UInt8]()
        header += bigEndian(UInt32(image.width))
        header += bigEndian(UInt32(image.height))
        header += [8, 2, 0, 0, 0] // bit depth, RGB, deflate, filter method 0, no interlace
        return signature + chunk("IHDR", header) + chunk("IDAT", deflate(raw)) + chunk("IEND", [])
    }

    /// length, type, data, CRC-32 of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { b in UInt32(CZlib.crc32(0, b.baseAddress, uInt(b.count))) }
    }

    static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    /// A zlib stream (RFC 1950) at level 9.
    static func deflate(_ raw: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(compressBound(uLong(raw.count))))
        var length = uLong(out.count)
        let status = out.withUnsafeMutableBufferPointer { o in
            raw.withUnsafeBufferPointer { i in compress2(o.baseAddress, &length, i.baseAddress, uLong(i.count), 9) }
        }
        // compressBound guarantees room, and the arguments are valid: any failure is a zlib bug.
        precondition(status == Z_OK, "zlib compress2 failed with status \(status)")
        return Array(out.prefix(Int(length)))
    }
}
