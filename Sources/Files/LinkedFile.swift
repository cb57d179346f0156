#if canImport(Glibc)
import Glibc
#endif

/// A file written without a name (`O_TMPFILE`) and linked into its directory only once every byte
/// is in it: a reader sees the whole file or no file, and a crash leaves nothing behind (no
/// temporary name to clean up). It is one directory entry made where a temporary name renamed
/// into place is two made and one removed: on ext4 here, 9,000 files of 5 KB took an eighth less
/// time than through a temporary name (`Benchmarks/file-creation.py`).
///
/// The link goes through `/proc/self/fd` (`linkat` with `AT_EMPTY_PATH` needs a capability most
/// processes lack). Where the kernel, the file system or `/proc` cannot do this, `write` says
/// `.unsupported` having changed nothing, and the caller writes its temporary name as before.
public enum LinkedFile {
    public enum Outcome: Equatable, Sendable {
        /// `name` now holds the bytes.
        case linked
        /// `name` already existed; it is as it was, and the bytes are in `held`'s file, still
        /// unnamed, for `link(_:as:in:)` under another name (or `discard`).
        case exists(held: Int32)
        /// Not possible here; nothing was created.
        case unsupported
        /// A write, `fchmod`, `fsync` or link failed with this errno; nothing was created.
        case failed(errno: Int32)
    }

    /// Whether `write` tries at all (tests turn it off to run the fallback paths).
    nonisolated(unsafe) public static var enabled = true

    /// Writes `bytes` into an unnamed file in `dirFD` created with `mode` (set again with `fchmod`
    /// when `chmodTo` is given: the umask may have taken bits), then links it as `name`. With
    /// `durable`, the file is fsync'd before the link (the caller syncs the directory).
    public static func write(_ name: String, in dirFD: Int32, bytes: UnsafeRawBufferPointer, mode: mode_t,
                             chmodTo: mode_t? = nil, durable: Bool = false) -> Outcome {
        write(name, in: dirFD, mode: mode, chmodTo: chmodTo, durable: durable) { FileBytes.writeAll($0, bytes) }
    }

    /// `write` of whatever `fill` writes to the unnamed file's descriptor (bytes that come in
    /// pieces); `fill` returns 0, or an errno, and then nothing is created.
    public static func write(_ name: String, in dirFD: Int32, mode: mode_t, chmodTo: mode_t? = nil, durable: Bool = false,
                             fill: (Int32) -> Int32) -> Outcome {
        // Nil: EISDIR (a kernel without O_TMPFILE opened the directory itself), EOPNOTSUPP or
        // EINVAL (the file system has no unnamed files); anything else is the directory's own
        // trouble, which the fallback reports with its path.
        guard let fd = unnamed(in: dirFD, mode: mode) else { return .unsupported }
        var err = fill(fd)
        if err == 0, let chmodTo, fchmod(fd, chmodTo) != 0 { err = errno }
        if err != 0 { close(fd); return .failed(errno: err) }
        return Self.name(fd, as: name, in: dirFD, durable: durable)
    }

    /// Names the filled unnamed file `fd` (whose descriptor it takes: closed, but for `.exists`)
    /// `name` in `dirFD`, fsync'd first with `durable`. `.unsupported` where it cannot be linked
    /// there (another file system, no `/proc`), nothing named.
    public static func name(_ fd: Int32, as name: String, in dirFD: Int32, durable: Bool = false) -> Outcome {
        if durable, fsync(fd) != 0 { let e = errno; close(fd); return .failed(errno: e) }
        switch link(fd, as: name, in: dirFD) {
        case 0:
            close(fd)
            return .linked
        case EEXIST:
            return .exists(held: fd)
        case EXDEV, ENOENT where !procAvailable:
            close(fd)
            return .unsupported
        case let e:
            close(fd)
            return .failed(errno: e)
        }
    }

    /// Starts writing `fd`'s dirty pages out, without waiting (`sync_file_range` with
    /// `SYNC_FILE_RANGE_WRITE`; advice only, nothing where the C library has none). A file system
    /// that allocates blocks late (ext4) otherwise writes a file renamed over another out inside
    /// the rename (`auto_da_alloc`): 7.8 ms for a 6.3 MB provenance document here.
    public static func startWriteBack(_ fd: Int32) {
        _ = syncFileRange?(fd, 0, 0, 2)
    }

    private typealias SyncFileRange = @convention(c) (Int32, Int64, Int64, UInt32) -> Int32
    private static let syncFileRange = CLibrary.function("sync_file_range", as: SyncFileRange.self)

    /// A new unnamed file in `dirFD` created with `mode`, open for writing and reading (a staged
    /// file is read back where it cannot be linked); nil where there are none.
    public static func unnamed(in dirFD: Int32, mode: mode_t) -> Int32? {
        guard enabled else { return nil }
        let fd = openat(dirFD, ".", O_RDWR | oTmpFile | O_CLOEXEC, mode)
        return fd >= 0 ? fd : nil
    }

    /// Links the unnamed file `fd` into `dirFD` as `name`: 0, or the errno (`EEXIST` when taken).
    public static func link(_ fd: Int32, as name: String, in dirFD: Int32) -> Int32 {
        linkat(AT_FDCWD, "/proc/self/fd/\(fd)", dirFD, name, AT_SYMLINK_FOLLOW) == 0 ? 0 : errno
    }

    /// Closes a file `write` held (`.exists`); unnamed, it goes with its descriptor.
    public static func discard(_ fd: Int32) { close(fd) }

    private static let procAvailable = access("/proc/self/fd", X_OK) == 0

    /// `O_TMPFILE`, which Swift does not import (a macro of macros): `__O_TMPFILE | O_DIRECTORY`,
    /// `__O_TMPFILE` being 020000000 in glibc's `bits/fcntl-linux.h` and the kernel's
    /// `asm-generic/fcntl.h` (x86-64 and arm64 alike).
    private static let oTmpFile: Int32 = 0o20000000 | O_DIRECTORY
}
