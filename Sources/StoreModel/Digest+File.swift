import Foundation

/// Hashing files: `Hashing` touches no disk, so reading lives here, with its own I/O error.
extension SHA256Hasher {
    /// Reads the file in 1 MiB chunks.
    public func updateFromFile(at path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileReadError.io(path: path, operation: "open", errno: errno) }
        defer { close(fd) }
        try update(readingFrom: fd, path: path)
    }

    /// Reads an open file from where it stands to its end, in 1 MiB chunks; `path` names it in
    /// the error when a read fails.
    public func update(readingFrom fd: Int32, path: String) throws {
        let size = 1 << 20
        let buf = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer { buf.deallocate() }
        while true {
            let n = read(fd, buf, size)
            if n < 0 {
                if errno == EINTR { continue }
                throw FileReadError.io(path: path, operation: "read", errno: errno)
            }
            if n == 0 { break }
            update(UnsafeRawBufferPointer(start: buf, count: n))
        }
    }
}

extension Digest {
    /// Streams a file through SHA-256 in fixed-size chunks; never loads the file whole.
    public static func ofFile(at path: String) throws -> Digest {
        let h = SHA256Hasher()
        try h.updateFromFile(at: path)
        return h.finalize()
    }
}
