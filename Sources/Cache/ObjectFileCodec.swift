import Files
import CZlib
import Foundation

/// `ObjectCodec`'s format, streamed between file descriptors in 1 MiB chunks, hashing as it goes,
/// so an object of any size (a 200 MB artifact) is never held in memory.
enum ObjectFileCodec {
    static let chunk = 1 << 20
    /// Compression is given up when the first this-many bytes shrink by less than 5 %: an APK or
    /// a zip does not compress, and the raw form then avoids inflating it on every read.
    static let probeBytes: UInt64 = 4 << 20

    /// Writes the encoded form of the `size` bytes read from `src` to `out` (both at offset 0),
    /// zlib when that is smaller and `size` is at least `ObjectCodec.minimumToCompress`, raw otherwise. Returns the SHA-256 of the bytes. Throws
    /// `CacheError.fileChanged` when `src` does not hold exactly `size` bytes.
    static func encode(from src: Int32, size: UInt64, to out: Int32, path: String) throws -> Digest {
        // As `ObjectCodec.encode`: a file under one block is kept raw.
        if size >= UInt64(ObjectCodec.minimumToCompress), let digest = try deflating(src, size, out, path) { return digest }
        // Raw: start over.
        guard ftruncate(out, 0) == 0, lseek(out, 0, SEEK_SET) == 0, lseek(src, 0, SEEK_SET) == 0 else {
            throw CacheError.io(path: path, operation: "rewind", errno: errno)
        }
        try writeAll(out, [ObjectCodec.raw], path)
        let hasher = SHA256Hasher()
        let buf = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buf.deallocate() }
        var total: UInt64 = 0
        while true {
            let n = try readSome(src, buf, path)
            if n == 0 { break }
            total += UInt64(n)
            guard total <= size else { throw CacheError.fileChanged(path: path, expected: size, found: total) }
            let piece = UnsafeRawBufferPointer(rebasing: buf[0..<n])
            hasher.update(piece)
            try writeAll(out, piece, path)
        }
        guard total == size else { throw CacheError.fileChanged(path: path, expected: size, found: total) }
        return hasher.finalize()
    }

    /// Streams the decoded bytes of an object file to `sink`, checking the format and the
    /// declared size; returns their SHA-256 and count. Throws `ObjectCodec.DecodeError` for a
    /// damaged file (the sink may have seen some bytes by then).
    static func decode(from fd: Int32, path: String, to sink: (UnsafeRawBufferPointer) throws -> Void) throws -> (digest: Digest, size: UInt64) {
        let buf = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buf.deallocate() }
        let hasher = SHA256Hasher()
        var header = [UInt8](repeating: 0, count: 1)
        guard try header.withUnsafeMutableBytes({ try readFull(fd, $0, path) }) == 1 else { throw ObjectCodec.DecodeError.empty }
        switch header[0] {
        case ObjectCodec.raw:
            var total: UInt64 = 0
            while true {
                let n = try readSome(fd, buf, path)
                if n == 0 { break }
                let piece = UnsafeRawBufferPointer(rebasing: buf[0..<n])
                hasher.update(piece)
                try sink(piece)
                total += UInt64(n)
            }
            return (hasher.finalize(), total)
        case ObjectCodec.zlib:
            var sizeBytes = [UInt8](repeating: 0, count: 8)
            guard try sizeBytes.withUnsafeMutableBytes({ try readFull(fd, $0, path) }) == 8 else { throw ObjectCodec.DecodeError.truncatedHeader }
            let declared = sizeBytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            if declared == 0 { throw ObjectCodec.DecodeError.badSize(0) }
            let total = try inflating(fd, path, buf, declared: declared) { piece in
                hasher.update(piece)
                try sink(piece)
            }
            return (hasher.finalize(), total)
        case let other:
            throw ObjectCodec.DecodeError.unknownHeader(other)
        }
    }

    // MARK: Internals

    /// The zlib form, or nil when it does not pay (then `out` holds garbage to truncate).
    private static func deflating(_ src: Int32, _ size: UInt64, _ out: Int32, _ path: String) throws -> Digest? {
        var head = [ObjectCodec.zlib]
        for k in 0..<8 { head.append(UInt8(truncatingIfNeeded: size >> (8 * (7 - UInt64(k))))) }
        try writeAll(out, head, path)
        var z = z_stream()
        guard deflateInit_(&z, 1, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw CacheError.io(path: path, operation: "deflateInit", errno: ENOMEM)
        }
        defer { deflateEnd(&z) }
        let input = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        let output = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { input.deallocate(); output.deallocate() }
        let hasher = SHA256Hasher()
        var consumed: UInt64 = 0
        var produced: UInt64 = 0
        func pump(_ flush: Int32) throws -> Int32 {
            var rc: Int32 = Z_OK
            repeat {
                z.next_out = output.baseAddress!.assumingMemoryBound(to: Bytef.self)
                z.avail_out = uInt(output.count)
                rc = deflate(&z, flush)
                guard rc != Z_STREAM_ERROR else { throw CacheError.io(path: path, operation: "deflate", errno: EIO) }
                let n = output.count - Int(z.avail_out)
                produced += UInt64(n)
                try writeAll(out, UnsafeRawBufferPointer(rebasing: output[0..<n]), path)
            } while z.avail_out == 0 || (flush == Z_FINISH && rc != Z_STREAM_END)
            return rc
        }
        while true {
            let n = try readSome(src, input, path)
            if n == 0 { break }
            consumed += UInt64(n)
            guard consumed <= size else { throw CacheError.fileChanged(path: path, expected: size, found: consumed) }
            hasher.update(UnsafeRawBufferPointer(rebasing: input[0..<n]))
            z.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)
            z.avail_in = uInt(n)
            _ = try pump(Z_NO_FLUSH)
            if consumed >= probeBytes, produced * 100 >= consumed * 95 { return nil }
        }
        guard consumed == size else { throw CacheError.fileChanged(path: path, expected: size, found: consumed) }
        _ = try pump(Z_FINISH)
        return 9 + produced < 1 + size ? hasher.finalize() : nil
    }

    private static func inflating(_ fd: Int32, _ path: String, _ input: UnsafeMutableRawBufferPointer, declared: UInt64,
                                  _ sink: (UnsafeRawBufferPointer) throws -> Void) throws -> UInt64 {
        var z = z_stream()
        guard inflateInit_(&z, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ObjectCodec.DecodeError.zlib(Z_MEM_ERROR)
        }
        defer { inflateEnd(&z) }
        let output = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { output.deallocate() }
        var total: UInt64 = 0
        var ended = false
        while !ended {
            let n = try readSome(fd, input, path)
            if n == 0 { throw ObjectCodec.DecodeError.zlib(Z_BUF_ERROR) }
            z.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)
            z.avail_in = uInt(n)
            while z.avail_in > 0 && !ended {
                z.next_out = output.baseAddress!.assumingMemoryBound(to: Bytef.self)
                z.avail_out = uInt(output.count)
                let rc = inflate(&z, Z_NO_FLUSH)
                guard rc == Z_OK || rc == Z_STREAM_END || rc == Z_BUF_ERROR else { throw ObjectCodec.DecodeError.zlib(rc) }
                let produced = output.count - Int(z.avail_out)
                total += UInt64(produced)
                // Never more than the header says: a damaged or hostile file is not inflated whole.
                guard total <= declared else { throw ObjectCodec.DecodeError.sizeMismatch }
                try sink(UnsafeRawBufferPointer(rebasing: output[0..<produced]))
                if rc == Z_STREAM_END { ended = true }
                if rc == Z_BUF_ERROR && produced == 0 { break }
            }
        }
        guard total == declared else { throw ObjectCodec.DecodeError.sizeMismatch }
        return total
    }

    static func readSome(_ fd: Int32, _ buf: UnsafeMutableRawBufferPointer, _ path: String) throws -> Int {
        while true {
            let n = read(fd, buf.baseAddress, buf.count)
            if n >= 0 { return n }
            if errno != EINTR { throw CacheError.io(path: path, operation: "read", errno: errno) }
        }
    }

    /// Fills `buf` unless the file ends first; the number of bytes read.
    private static func readFull(_ fd: Int32, _ buf: UnsafeMutableRawBufferPointer, _ path: String) throws -> Int {
        var got = 0
        while got < buf.count {
            let n = try readSome(fd, UnsafeMutableRawBufferPointer(rebasing: buf[got...]), path)
            if n == 0 { break }
            got += n
        }
        return got
    }

    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, _ path: String) throws {
        let e = FileBytes.writeAll(fd, bytes)
        guard e == 0 else { throw CacheError.io(path: path, operation: "write", errno: e) }
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8], _ path: String) throws {
        try bytes.withUnsafeBytes { try writeAll(fd, $0, path) }
    }
}
