import Foundation

/// Files the user named on the command line. `write` (`compile --summary/--slsa`, `artifact get`):
///
/// * A regular file (or nothing yet) is replaced atomically: a temp file in the same directory,
///   renamed over it, keeping the old file's permissions. Through a symbolic link, the file the
///   link points to is replaced and the link kept.
/// * A FIFO or character device (`/dev/stdout`, `>(wc -c)`, `/dev/null`) is opened and written
///   into; it is never renamed over.
/// * A directory, block device or socket is refused, naming what it is.
///
/// `read` (a Plan, a summary, an artifact to store): a regular file, or a FIFO or character
/// device read to its end (`compile <(make-plan)`); never more than a limit, so `/dev/zero` is an
/// error rather than a hang; a directory is named as such, not called missing.
enum UserFile {
    /// The whole file at `path` (`display` as the user wrote it, for messages).
    static func read(_ path: String, display: String, what: String, limit: Int) throws -> [UInt8] {
        var fd: Int32
        repeat { fd = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC) } while fd < 0 && errno == EINTR
        if fd < 0 {
            let e = errno
            var st = stat()
            if stat(path, &st) == 0, FileKind(st.st_mode) != .regular {
                throw CLIError.notReadable(path: display, what: what, kind: FileKind(st.st_mode))
            }
            if e == ENOENT || e == ENOTDIR { throw CLIError.inputMissing(path: display, what: what) }
            throw CLIError.readFailed(path: display, what: what, errno: e)
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw CLIError.readFailed(path: display, what: what, errno: errno) }
        let kind = FileKind(st.st_mode)
        guard kind == .regular || kind == .fifo || kind == .characterDevice else {
            throw CLIError.notReadable(path: display, what: what, kind: kind)
        }
        if kind == .regular && Int(st.st_size) > limit { throw CLIError.inputTooLarge(path: display, what: what, kind: kind, limit: limit) }
        var out = [UInt8](repeating: 0, count: kind == .regular ? Int(st.st_size) : min(limit + 1, 1 << 16))
        // Room for the read that finds the end of a regular file without doubling its buffer.
        if kind == .regular { out.reserveCapacity(out.count + (1 << 16)) }
        var got = 0
        while true {
            if got == out.count {
                // A regular file that grew, or a stream: read on, one byte past the limit at most.
                guard out.count <= limit else { throw CLIError.inputTooLarge(path: display, what: what, kind: kind, limit: limit) }
                let more = kind == .regular ? 1 << 16 : max(out.count, 1 << 16)
                out += [UInt8](repeating: 0, count: min(more, limit + 1 - out.count))
            }
            let n = out.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + got, $0.count - got) }
            if n < 0 {
                if errno == EINTR { continue }
                throw CLIError.readFailed(path: display, what: what, errno: errno)
            }
            if n == 0 { break }
            got += n
        }
        out.removeLast(out.count - got)
        return out
    }

    static func write(_ bytes: [UInt8], to path: String, display: String, what: String) throws {
        var st = stat()
        guard stat(path, &st) == 0 else {
            let e = errno
            var link = stat()
            // Nothing there yet: create it. A link to nothing is an error (we would replace the link).
            if e == ENOENT && lstat(path, &link) != 0 { return try replace(path, bytes, mode: nil, display: display, what: what) }
            throw CLIError.writeFailed(path: display, what: what, errno: e)
        }
        switch FileKind(st.st_mode) {
        case .regular:
            var target = path
            var link = stat()
            if lstat(path, &link) == 0, FileKind(link.st_mode) == .symbolicLink {
                guard let resolved = realpath(path, nil) else { throw CLIError.writeFailed(path: display, what: what, errno: errno) }
                target = String(cString: resolved)
                free(resolved)
            }
            try replace(target, bytes, mode: st.st_mode & 0o7777, display: display, what: what)
        case .fifo, .characterDevice:
            try writeInto(path, bytes, display: display, what: what)
        case let kind:
            throw CLIError.notWritable(path: display, what: what, kind: kind)
        }
    }

    /// How an output too large to hold (an artifact) may reach `path`, by `write`'s rules: a new
    /// path or a regular file is replaced by rename; an existing FIFO or device is written into
    /// (`streamInto`); anything else is an error.
    enum Destination { case replace, writeInto }

    static func destination(_ path: String, display: String, what: String) throws -> Destination {
        var st = stat()
        guard stat(path, &st) == 0 else { return .replace }
        switch FileKind(st.st_mode) {
        case .regular: return .replace
        case .fifo, .characterDevice: return .writeInto
        case let kind: throw CLIError.notWritable(path: display, what: what, kind: kind)
        }
    }

    /// Copies the file at `source` into the FIFO or device at `path`, 1 MiB at a time.
    static func streamInto(_ path: String, from source: String, display: String, what: String) throws {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw CLIError.readFailed(path: source, what: what, errno: errno) }
        defer { close(input) }
        var output: Int32
        repeat { output = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC) } while output < 0 && errno == EINTR
        guard output >= 0 else { throw CLIError.writeFailed(path: display, what: what, errno: errno) }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw CLIError.readFailed(path: source, what: what, errno: errno)
            }
            if n == 0 { return }
            let e = writeAll(output, Array(buffer[0..<n]))
            if e != 0 { throw CLIError.writeFailed(path: display, what: what, errno: e) }
        }
    }

    /// A new file at `path`, never replacing anything there (`init`): `.exists` when a file,
    /// link or directory has the name, however it got there since the caller looked.
    static func create(_ bytes: [UInt8], at path: String, display: String, what: String) throws {
        var fd: Int32
        repeat { fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666) } while fd < 0 && errno == EINTR
        if fd < 0 {
            if errno == EEXIST { throw CLIError.exists(path: display, what: what) }
            throw CLIError.writeFailed(path: display, what: what, errno: errno)
        }
        var err = writeAll(fd, bytes)
        if close(fd) != 0, err == 0, errno != EINTR { err = errno }
        if err != 0 {
            unlink(path)
            throw CLIError.writeFailed(path: display, what: what, errno: err)
        }
    }

    /// Temp file + rename in `target`'s directory.
    private static func replace(_ target: String, _ bytes: [UInt8], mode: mode_t?, display: String, what: String) throws {
        let slash = target.lastIndex(of: "/")
        let dir = slash.map { String(target[..<$0]) } ?? "."
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        let tmp = (dir.isEmpty ? "" : dir) + "/.orchestrate-tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))-" + name
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw CLIError.writeFailed(path: display, what: what, errno: errno) }
        var err = writeAll(fd, bytes)
        if err == 0, let mode, fchmod(fd, mode) != 0 { err = errno }
        if close(fd) != 0, err == 0 { err = errno }
        if err == 0, rename(tmp, target) != 0 { err = errno }
        if err != 0 {
            unlink(tmp)
            throw CLIError.writeFailed(path: display, what: what, errno: err)
        }
    }

    /// Opens a FIFO or device for writing and writes everything, retrying interrupted calls.
    private static func writeInto(_ path: String, _ bytes: [UInt8], display: String, what: String) throws {
        var fd: Int32
        repeat { fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { throw CLIError.writeFailed(path: display, what: what, errno: errno) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let e = errno
            close(fd)
            throw CLIError.writeFailed(path: display, what: what, errno: e)
        }
        // Replaced since we looked: a regular file is never written in place.
        if FileKind(st.st_mode) == .regular {
            close(fd)
            return try write(bytes, to: path, display: display, what: what)
        }
        var err = writeAll(fd, bytes)
        if close(fd) != 0, err == 0, errno != EINTR { err = errno }
        if err != 0 { throw CLIError.writeFailed(path: display, what: what, errno: err) }
    }

    /// 0, or the errno of the write that failed.
    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32 {
        bytes.withUnsafeBytes { raw -> Int32 in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += n
            }
            return 0
        }
    }
}

/// What is at a path, for messages about a path that is not what a command expects.
public enum FileKind: String, Equatable, Sendable {
    case regular = "regular file"
    case directory
    case fifo = "FIFO"
    case characterDevice = "character device"
    case blockDevice = "block device"
    case socket
    case symbolicLink = "symbolic link"

    public init(_ mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFDIR: self = .directory
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        case S_IFLNK: self = .symbolicLink
        default: self = .regular
        }
    }

    /// "a directory", "a FIFO", "an …".
    public var withArticle: String { (rawValue.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + rawValue }
}
