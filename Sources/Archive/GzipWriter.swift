import CZlib

/// Compresses a byte stream into one gzip member with a fixed header, so equal input gives equal
/// output: raw deflate (level 9, window 15, memLevel 8, default strategy) between a hand-written
/// header and a CRC-32/ISIZE trailer. Input is fed to zlib in fixed 64 KiB slices, so how the
/// caller splits its writes cannot change the bytes. Owns a zlib stream, hence a class.
final class GzipWriter {
    /// ID1 ID2 CM=deflate FLG=0 MTIME=0 XFL=0 OS=255 (unknown).
    static let header: [UInt8] = [0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]
    private static let slice = 64 * 1024

    private let stream: UnsafeMutablePointer<z_stream>
    private var output: [UInt8] = GzipWriter.header
    private var pending: [UInt8] = []
    private var crc: uLong = crc32(0, nil, 0)
    private var length: UInt64 = 0

    init() throws {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let rc = deflateInit2_(stream, 9, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY,
                               zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard rc == Z_OK else {
            stream.deallocate()
            throw ArchiveError.zlib(operation: "deflateInit2", code: rc)
        }
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
    }

    func write(_ bytes: some Collection<UInt8>) throws {
        pending.append(contentsOf: bytes)
        if pending.count >= Self.slice {
            var start = 0
            while pending.count - start >= Self.slice {
                try deflateSlice(pending[start..<start + Self.slice], flush: Z_NO_FLUSH)
                start += Self.slice
            }
            pending.removeFirst(start)
        }
    }

    func finish() throws -> [UInt8] {
        try deflateSlice(pending[...], flush: Z_FINISH)
        pending = []
        let c = UInt32(truncatingIfNeeded: crc), n = UInt32(truncatingIfNeeded: length)
        for v in [c, n] {
            output += [UInt8(v & 0xff), UInt8((v >> 8) & 0xff), UInt8((v >> 16) & 0xff), UInt8(v >> 24)]
        }
        return output
    }

    private func deflateSlice(_ input: ArraySlice<UInt8>, flush: Int32) throws {
        var input = input
        length += UInt64(input.count)
        var chunk = [UInt8](repeating: 0, count: Self.slice)
        try input.withUnsafeMutableBufferPointer { inBuf in
            crc = crc32(crc, inBuf.baseAddress, uInt(inBuf.count))
            stream.pointee.next_in = inBuf.baseAddress
            stream.pointee.avail_in = uInt(inBuf.count)
            while true {
                let (rc, produced): (Int32, Int) = chunk.withUnsafeMutableBufferPointer { outBuf in
                    stream.pointee.next_out = outBuf.baseAddress
                    stream.pointee.avail_out = uInt(outBuf.count)
                    let rc = deflate(stream, flush)
                    return (rc, outBuf.count - Int(stream.pointee.avail_out))
                }
                output.append(contentsOf: chunk[0..<produced])
                if rc == Z_STREAM_END { break }
                guard rc == Z_OK || rc == Z_BUF_ERROR else {
                    throw ArchiveError.zlib(operation: "deflate", code: rc)
                }
                if flush != Z_FINISH && stream.pointee.avail_in == 0 && stream.pointee.avail_out != 0 { break }
            }
            stream.pointee.next_in = nil
        }
    }
}
