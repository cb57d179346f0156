import Files
import Foundation

/// The few POSIX calls the stores need, with errors turned into `CacheError.io`.
enum FileIO {
    /// The whole file, or nil when it does not exist.
    static func read(_ path: String) throws -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw CacheError.io(path: path, operation: "open", errno: errno)
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw CacheError.io(path: path, operation: "fstat", errno: errno) }
        let size = Int(st.st_size)
        var out = [UInt8](repeating: 0, count: size)
        var got = 0
        while got < size {
            let n = out.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + got, size - got) }
            if n < 0 {
                if errno == EINTR { continue }
                throw CacheError.io(path: path, operation: "read", errno: errno)
            }
            if n == 0 { break }
            got += n
        }
        if got < size { out.removeLast(size - got) }
        return out
    }

    /// The first `count` bytes of a file (fewer when it is shorter), or nil when it does not exist.
    static func readPrefix(_ path: String, count: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var out = [UInt8](repeating: 0, count: count)
        let n = out.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, count) }
        guard n >= 0 else { return nil }
        out.removeLast(count - n)
        return out
    }

    /// Creates `path` (which must not exist) with `bytes`. Returns errno on failure, 0 on success,
    /// so callers can tell "folder missing" (ENOENT) from the rest.
    static func writeNew(_ path: String, _ bytes: [UInt8], mode: mode_t = 0o444) -> Int32 {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        if fd < 0 { return errno }
        var e = writeAll(fd, bytes)
        if close(fd) != 0 && e == 0 { e = errno }
        if e != 0 { unlink(path) }
        return e
    }

    /// Writes all of `bytes` to `fd`, retrying interrupted and partial writes: 0, or the errno.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32 {
        bytes.withUnsafeBytes { FileBytes.writeAll(fd, $0) }
    }

    /// Puts `bytes` at `path` whole or not at all: written to `temp` (which must not exist, in
    /// the same folder), then renamed over `path`.
    static func replace(_ path: String, with bytes: [UInt8], temp: String, mode: mode_t = 0o644) throws {
        let e = writeNew(temp, bytes, mode: mode)
        guard e == 0 else { throw CacheError.io(path: temp, operation: "write", errno: e) }
        guard rename(temp, path) == 0 else {
            let e = errno
            unlink(temp)
            throw CacheError.io(path: path, operation: "rename", errno: e)
        }
    }

    /// `mkdir -p`. Throws when a component exists and is not a directory, or cannot be made.
    static func makeDirectories(_ path: String) throws {
        var st = stat()
        if stat(path, &st) == 0 {
            if st.st_mode & S_IFMT == S_IFDIR { return }
            throw CacheError.io(path: path, operation: "mkdir", errno: EEXIST)
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try makeDirectories(parent) }
        if mkdir(path, 0o755) != 0, errno != EEXIST {
            throw CacheError.io(path: path, operation: "mkdir", errno: errno)
        }
        guard stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFDIR else {
            throw CacheError.io(path: path, operation: "mkdir", errno: ENOTDIR)
        }
    }

    /// Names in a directory (without "." and ".."); empty when it does not exist.
    static func list(_ path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let ent = readdir(dir) {
            let name = withUnsafePointer(to: ent.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    struct Info { var size: UInt64; var mtimeMs: Int64; var isDirectory: Bool }

    static func info(_ path: String) -> Info? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return Info(size: UInt64(st.st_size),
                    mtimeMs: Int64(st.st_mtim.tv_sec) * 1000 + Int64(st.st_mtim.tv_nsec) / 1_000_000,
                    isDirectory: st.st_mode & S_IFMT == S_IFDIR)
    }

    struct Identity: Equatable { var device: UInt64; var inode: UInt64 }

    /// The (device, inode) pair of a path, nil when it does not exist.
    static func identity(_ path: String) -> Identity? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return Identity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
    }

    /// Bytes an unprivileged writer may still use on the file system holding `path`.
    static func availableBytes(_ path: String) -> UInt64? {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize)
    }

    static func nowNs() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    static func nowMs() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
    }
}
