#if canImport(Glibc)
import Glibc
#endif

/// Bytes to an open file, whole: the one write loop of the store, the materializer and
/// `LinkedFile`.
public enum FileBytes {
    /// Writes every byte of `bytes` to `fd`, retrying interrupted and partial writes: 0, or the
    /// errno of the write that failed.
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        var done = 0
        while done < bytes.count {
            let n = write(fd, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            done += n
        }
        return 0
    }
}
