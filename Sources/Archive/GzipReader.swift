import CZlib

/// Inflates one gzip member incrementally, counting as it goes, so a decompression bomb is
/// stopped after at most one 64 KiB chunk past a limit and is never inflated whole. Verifies
/// the trailer (CRC-32 and length) and that nothing follows the member. Owns a zlib stream.
final class GzipReader {
    private static let chunkSize = 64 * 1024

    private let input: UnsafeBufferPointer<UInt8>
    private let headerLength: Int
    private let stream: UnsafeMutablePointer<z_stream>
    private let maxTotal: UInt64
    private let maxRatio: UInt64
    private let ratioGrace: UInt64

    private var buffer: [UInt8] = []
    private var start = 0
    private var crc: uLong = crc32(0, nil, 0)
    private(set) var inflated: UInt64 = 0
    private var ended = false

    /// `input` must stay valid for the reader's lifetime.
    init(input: UnsafeBufferPointer<UInt8>, policy: ArchivePolicy) throws {
        self.input = input
        headerLength = try Self.parseHeader(input)
        maxTotal = policy.maxTotalSize
        maxRatio = policy.maxCompressionRatio
        ratioGrace = policy.ratioGraceBytes
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let rc = inflateInit2_(stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard rc == Z_OK else {
            stream.deallocate()
            throw ArchiveError.zlib(operation: "inflateInit2", code: rc)
        }
        let rest = UnsafeBufferPointer(rebasing: input[headerLength...])
        stream.pointee.next_in = UnsafeMutablePointer(mutating: rest.baseAddress)
        stream.pointee.avail_in = uInt(min(rest.count, Int(UInt32.max)))
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
    }

    /// Compressed bytes consumed so far, header included.
    var consumed: UInt64 { UInt64(headerLength) + UInt64(stream.pointee.total_in) }

    /// Up to `count` inflated bytes; fewer only when the stream has ended.
    func read(_ count: Int) throws -> [UInt8] {
        while buffer.count - start < count && !ended { try fill() }
        let n = min(count, buffer.count - start)
        let out = Array(buffer[start..<start + n])
        start += n
        if start >= Self.chunkSize {
            buffer.removeFirst(start)
            start = 0
        }
        return out
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
        let before = stream.pointee.avail_in
        let (rc, produced): (Int32, Int) = chunk.withUnsafeMutableBufferPointer { out in
            stream.pointee.next_out = out.baseAddress
            stream.pointee.avail_out = uInt(out.count)
            let rc = inflate(stream, Z_NO_FLUSH)
            return (rc, out.count - Int(stream.pointee.avail_out))
        }
        chunk.withUnsafeBufferPointer { crc = crc32(crc, $0.baseAddress, uInt(produced)) }
        buffer.append(contentsOf: chunk[0..<produced])
        inflated += UInt64(produced)
        if inflated > maxTotal {
            throw ArchiveError.uncompressedSizeExceeded(limit: maxTotal, inflated: inflated)
        }
        if inflated >= ratioGrace, inflated > maxRatio.multipliedReportingOverflow(by: consumed).partialValue {
            throw ArchiveError.compressionRatioExceeded(limit: maxRatio, compressed: consumed, inflated: inflated)
        }
        switch rc {
        case Z_STREAM_END:
            ended = true
            try checkTrailer()
        case Z_OK:
            if produced == 0 && stream.pointee.avail_in == 0 && before == 0 {
                throw ArchiveError.gzipTruncated(compressedBytes: consumed)
            }
        case Z_BUF_ERROR:
            throw ArchiveError.gzipTruncated(compressedBytes: consumed)
        case Z_DATA_ERROR:
            let message = stream.pointee.msg.map { String(cString: $0) } ?? "invalid deflate data"
            throw ArchiveError.gzipCorrupt(zlibCode: rc, message: message)
        default:
            throw ArchiveError.zlib(operation: "inflate", code: rc)
        }
    }

    private func checkTrailer() throws {
        let at = Int(consumed)
        guard input.count - at >= 8 else { throw ArchiveError.gzipTruncated(compressedBytes: UInt64(input.count)) }
        func le32(_ i: Int) -> UInt32 {
            UInt32(input[i]) | UInt32(input[i + 1]) << 8 | UInt32(input[i + 2]) << 16 | UInt32(input[i + 3]) << 24
        }
        let recordedCRC = le32(at), recordedLength = le32(at + 4)
        let computedCRC = UInt32(truncatingIfNeeded: crc)
        let computedLength = UInt32(truncatingIfNeeded: inflated)
        if recordedCRC != computedCRC {
            throw ArchiveError.gzipChecksumMismatch(recorded: recordedCRC, computed: computedCRC)
        }
        if recordedLength != computedLength {
            throw ArchiveError.gzipLengthMismatch(recorded: recordedLength, computed: computedLength)
        }
        if input.count > at + 8 { throw ArchiveError.trailingGarbage(offset: UInt64(at + 8)) }
    }

    /// Length of the gzip member header (RFC 1952), any optional fields included.
    private static func parseHeader(_ b: UnsafeBufferPointer<UInt8>) throws -> Int {
        guard b.count >= 2, b[0] == 0x1f, b[1] == 0x8b else {
            throw ArchiveError.gzipHeaderInvalid(reason: "missing gzip magic 1f 8b")
        }
        guard b.count >= 10 else { throw ArchiveError.gzipTruncated(compressedBytes: UInt64(b.count)) }
        guard b[2] == 8 else { throw ArchiveError.gzipHeaderInvalid(reason: "compression method \(b[2]) is not deflate") }
        let flags = b[3]
        guard flags & 0xe0 == 0 else { throw ArchiveError.gzipHeaderInvalid(reason: "reserved flag bits set") }
        var i = 10
        func need(_ n: Int) throws {
            guard b.count >= i + n else { throw ArchiveError.gzipTruncated(compressedBytes: UInt64(b.count)) }
        }
        if flags & 0x04 != 0 {  // FEXTRA
            try need(2)
            let n = Int(b[i]) | Int(b[i + 1]) << 8
            i += 2
            try need(n)
            i += n
        }
        for bit: UInt8 in [0x08, 0x10] where flags & bit != 0 {  // FNAME, FCOMMENT
            while true {
                try need(1)
                i += 1
                if b[i - 1] == 0 { break }
            }
        }
        if flags & 0x02 != 0 { try need(2); i += 2 }  // FHCRC
        return i
    }
}
