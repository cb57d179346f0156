import Foundation

/// Keeps one response body within a `BodyLimit`: in memory up to `memoryBytes`, then in a new
/// file in `spoolDirectory`. Refuses (returns false) the piece that takes it past `maxBytes`;
/// what was kept is then thrown away. A file it made and did not hand out is removed.
final class BodyCollector {
    private let limit: BodyLimit
    private var bytes: [UInt8] = []
    private var fd: Int32 = -1
    private var path: String?
    private(set) var count: UInt64 = 0

    init(limit: BodyLimit) { self.limit = limit }

    deinit { discard() }

    /// Adds a piece; false once the body is longer than `maxBytes` (the piece is not kept).
    func append(_ piece: UnsafeRawBufferPointer) throws -> Bool {
        count += UInt64(piece.count)
        guard count <= limit.maxBytes else {
            discard()
            return false
        }
        if fd < 0, let dir = limit.spoolDirectory, bytes.count + piece.count > limit.memoryBytes {
            try openSpool(in: dir)
            try bytes.withUnsafeBytes { try write($0) }
            bytes = []
        }
        if fd >= 0 {
            try write(piece)
        } else {
            bytes.append(contentsOf: piece)
        }
        return true
    }

    /// The body: in memory, or the spooled file (which the `Body` now owns).
    func finish() throws -> Body {
        guard fd >= 0, let path else { return .bytes(bytes) }
        let rc = close(fd)
        fd = -1
        self.path = nil
        guard rc == 0 else {
            let e = errno
            unlink(path)
            throw TransportFailure.system(operation: "close \(path)", errno: e)
        }
        return .file(BodyFile(path: path, size: count, isTemporary: true))
    }

    private func discard() {
        bytes = []
        if fd >= 0 { close(fd); fd = -1 }
        if let path { unlink(path); self.path = nil }
    }

    private func openSpool(in dir: String) throws {
        let name = "\(dir)/remote-\(getpid())-\(UInt64.random(in: 0 ... .max))"
        var f = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if f < 0, errno == ENOENT {
            try FileIO.makeDirectories(dir)
            f = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        }
        guard f >= 0 else { throw TransportFailure.system(operation: "open \(name)", errno: errno) }
        fd = f
        path = name
    }

    private func write(_ piece: UnsafeRawBufferPointer) throws {
        var done = 0
        while done < piece.count {
            let n = Glibc.write(fd, piece.baseAddress! + done, piece.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                throw TransportFailure.system(operation: "write \(path ?? "")", errno: errno)
            }
            done += n
        }
    }
}
