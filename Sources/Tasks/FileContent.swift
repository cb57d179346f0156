#if canImport(Glibc)
import Glibc
#endif

/// What the materializer writes at a path: bytes in memory, or bytes a producer writes in pieces
/// (a document too large to hold whole: a Rails tree's provenance at 5,000 entities is 30 MB).
public enum FileContent {
    case bytes([UInt8])
    /// `produce` hands every piece to `emit`, in order. What it throws stops the write: nothing
    /// is named, and the error is the materializer's.
    case pieces(_ produce: (_ emit: (UnsafeRawBufferPointer) -> Void) throws -> Void)
    /// Bytes already written, with the file's mode, into an unnamed file on the target's file
    /// system (`Materializer.stage`): the write only names it.
    case staged(StagedFile)
}

/// A file written without a name ahead of the run that names it (`Materializer.stage`): an
/// unnamed file in a directory of the tree, with its mode set, that no one else can see, and that
/// goes when the last holder lets go of it unless a run named it first. Its bytes can still be
/// mended in place (`overwrite`) until then.
public final class StagedFile: @unchecked Sendable {
    let fd: Int32
    /// How many bytes it holds.
    public let count: Int

    init(fd: Int32, count: Int) {
        self.fd = fd
        self.count = count
    }

    deinit { close(fd) }

    /// Whether it is on the file system of the directory `dirFD` (so a link there can name it).
    func isOnFileSystem(of dirFD: Int32) -> Bool {
        var own = stat(), there = stat()
        return fstat(fd, &own) == 0 && fstat(dirFD, &there) == 0 && own.st_dev == there.st_dev
    }

    /// Writes `bytes` at `offset`, within what it holds; false when it could not.
    public func overwrite(_ bytes: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset + bytes.count <= count else { return false }
        return bytes.withUnsafeBytes { b in
            var done = 0
            while done < b.count {
                let n = pwrite(fd, b.baseAddress! + done, b.count - done, off_t(offset + done))
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                done += n
            }
            return true
        }
    }

    /// Its bytes, piece by piece, from the start (for a write that cannot name it).
    func forEachPiece(_ emit: (UnsafeRawBufferPointer) -> Void) throws {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var offset = 0
        while offset < count {
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, min($0.count, count - offset), off_t(offset)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw TaskError.io(path: "(a staged file)", operation: "read", errno: n < 0 ? errno : EIO) }
            buffer.withUnsafeBytes { emit(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
            offset += n
        }
    }
}
