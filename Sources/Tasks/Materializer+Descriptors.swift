import Files
import StoreModel
import Foundation

/// The materializer's file-system operations, all through directory descriptors: nothing here
/// follows a link below the root.
extension Materializer {
    func openRoot() throws -> Int32 {
        var st = stat()
        if stat(root, &st) == 0 && (st.st_mode & S_IFMT) != S_IFDIR {
            throw TaskError.unsafePath(path: root, reason: "it is a file, not a directory")
        }
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        } catch {
            throw TaskError.io(path: root, operation: "create directory", errno: errno == 0 ? EIO : errno)
        }
        // The root itself may be reached through a link the user chose; nothing below it is.
        let fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw TaskError.io(path: root, operation: "open directory", errno: errno) }
        return fd
    }

    /// `<root>/.orchestrate`, made when missing; a link there is refused.
    func openStateDirectory(_ rootFD: Int32) throws -> Int32 {
        var fd = DirectoryWalker.openDirectory(Self.stateDirectory, in: rootFD)
        if fd < 0 && errno == ENOENT {
            if mkdirat(rootFD, Self.stateDirectory, 0o755) != 0 && errno != EEXIST {
                throw TaskError.io(path: root + "/" + Self.stateDirectory, operation: "mkdir", errno: errno)
            }
            fd = DirectoryWalker.openDirectory(Self.stateDirectory, in: rootFD)
        }
        guard fd >= 0 else {
            throw DirectoryWalker.problem(Self.stateDirectory, errno: errno, of: Self.stateDirectory, in: rootFD, for: Self.stateDirectory)
        }
        return fd
    }

    static func parentPath(_ path: String) -> String {
        String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    }

    static func lastComponent(_ path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    func changeMode(_ name: String, in parentFD: Int32, to mode: FileMode, path: String, stat st: inout stat) throws {
        let fd = openat(parentFD, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw TaskError.io(path: path, operation: "open", errno: errno) }
        defer { close(fd) }
        guard fchmod(fd, mode_t(mode.rawValue)) == 0, fstat(fd, &st) == 0 else { throw TaskError.io(path: path, operation: "chmod", errno: errno) }
    }

    enum Removal { case removed, edited, absent }

    /// Removes `name` only when it is a regular file whose bytes, read now through a descriptor,
    /// have one of `digests`.
    func removeIfUnchanged(_ name: String, in parentFD: Int32, digests: [Digest]) -> Removal {
        let fd = openat(parentFD, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .absent }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return .absent }
        guard let d = Self.digest(ofDescriptor: fd, name: name), digests.contains(d) else { return .edited }
        return unlinkat(parentFD, name, 0) == 0 ? .removed : .absent
    }

    static func digest(ofDescriptor fd: Int32, name: String) -> Digest? {
        let h = SHA256Hasher()
        guard (try? h.update(readingFrom: fd, path: name)) != nil else { return nil }
        return h.finalize()
    }

    /// Removes each directory in `dirs` and its parents while they are empty, deepest first.
    func removeEmptyDirectories(_ dirs: Set<String>, rootFD: Int32) {
        var candidates: Set<String> = []
        for d in dirs where !d.isEmpty {
            var p = Substring(d)
            while !p.isEmpty {
                candidates.insert(String(p))
                p = p[..<(p.lastIndex(of: "/") ?? p.startIndex)]
            }
        }
        let walker = DirectoryWalker(rootFD: rootFD)
        for d in candidates.sorted(by: { $0.count > $1.count }) {
            guard let parentFD = try? walker.parent(of: d, create: false) else { continue }
            _ = unlinkat(parentFD, Self.lastComponent(d), AT_REMOVEDIR)
            walker.reset()
        }
    }

    static let pid = getpid()

    /// The process's umask, from `/proc/self/status` (reading it with `umask(2)` means setting it,
    /// which races with other threads creating files); all bits (so every file gets its fchmod)
    /// when that cannot be read.
    static let umaskBits: mode_t = readUmask() ?? 0o7777

    /// The `Umask:` line of `/proc/self/status` (read to its end: `/proc` files report size 0).
    static func readUmask() -> mode_t? {
        let fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let bytes = readAll(fd),
              let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }) else { return nil }
        return mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8)
    }

    /// An unnamed file in the directory of `path` (which must be there: nothing is made), holding
    /// the pieces `produce` hands over, in order, with `mode` set as `writeAtomically` sets it and
    /// its write-back started: for a run to name later (`FileContent.staged`), with only the link
    /// left to do. Nil where it cannot be made so (no unnamed files there, a write that failed):
    /// the caller gives the bytes as usual then. Nothing visible is written.
    public func stage(_ path: String, mode: FileMode, pieces produce: ((UnsafeRawBufferPointer) -> Void) -> Void) -> StagedFile? {
        guard OutputPath.problem(path) == nil, !Self.isState(path) else { return nil }
        let rootFD = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFD >= 0 else { return nil }
        defer { close(rootFD) }
        let walker = DirectoryWalker(rootFD: rootFD)
        guard let parent = (try? walker.parent(of: path, create: false)) ?? nil else { return nil }
        let direct = mode_t(mode.rawValue) & ~Self.umaskBits == mode_t(mode.rawValue)
        guard let fd = LinkedFile.unnamed(in: parent, mode: direct ? mode_t(mode.rawValue) : 0o600) else { return nil }
        var st = stat()
        guard Self.write(produce, to: fd) == 0, direct || fchmod(fd, mode_t(mode.rawValue)) == 0, fstat(fd, &st) == 0 else {
            close(fd)
            return nil
        }
        LinkedFile.startWriteBack(fd)
        return StagedFile(fd: fd, count: Int(st.st_size))
    }

    /// Every piece `produce` hands over written to `fd` (the first failure's errno, else 0); what
    /// `produce` throws is thrown.
    static func write(_ produce: (_ emit: (UnsafeRawBufferPointer) -> Void) throws -> Void, to fd: Int32) rethrows -> Int32 {
        var err: Int32 = 0
        try produce { piece in if err == 0 { err = FileBytes.writeAll(fd, piece) } }
        return err
    }

    /// The bytes written whole or not at all, through the parent's descriptor: into an unnamed
    /// file linked as `name` when nothing is there (`LinkedFile`: a new file, as in every file of
    /// a cold compile), else into a temp file beside the target renamed over it. `durable`: the
    /// file is fsync'd before it is named and the directory after.
    func writeAtomically(_ name: String, in dirFD: Int32, bytes: [UInt8], mode: FileMode, counter: Int, path: String,
                         durable: Bool = false) throws {
        try writeAtomically(name, in: dirFD, content: .bytes(bytes), mode: mode, counter: counter, path: path, durable: durable)
    }

    /// `writeAtomically` of bytes in memory or in pieces; what the pieces' producer throws is
    /// thrown, with nothing named.
    func writeAtomically(_ name: String, in dirFD: Int32, content: FileContent, mode: FileMode, counter: Int, path: String,
                         durable: Bool = false) throws {
        var thrown: Error?
        func fill(_ fd: Int32) -> Int32 {
            switch content {
            case .bytes(let bytes):
                return bytes.withUnsafeBytes { FileBytes.writeAll(fd, $0) }
            case .pieces(let produce):
                do { return try Self.write(produce, to: fd) } catch {
                    thrown = error
                    return ECANCELED
                }
            case .staged(let file):
                // Not linked where it was staged (another file system): its bytes, copied.
                do { return try Self.write(file.forEachPiece, to: fd) } catch {
                    thrown = error
                    return ECANCELED
                }
            }
        }
        let tmp = Self.tempPrefix + "\(Self.pid)-\(counter)-" + name
        // Made with its final mode when the umask leaves it whole (then no fchmod), else 0600 and
        // set before it is named.
        let direct = mode_t(mode.rawValue) & ~Self.umaskBits == mode_t(mode.rawValue)
        let createMode = direct ? mode_t(mode.rawValue) : 0o600
        var err: Int32 = 0
        var named = false
        // A staged file is only named (through a descriptor of its own: the staged one stays its
        // holder's), where it can be: on another file system it is copied, as where unnamed files
        // cannot be made.
        let outcome: LinkedFile.Outcome
        if case let .staged(file) = content {
            let fd = file.isOnFileSystem(of: dirFD) ? dup(file.fd) : -1
            outcome = fd >= 0 ? LinkedFile.name(fd, as: name, in: dirFD, durable: durable) : .unsupported
        } else {
            outcome = LinkedFile.write(name, in: dirFD, mode: createMode, chmodTo: direct ? nil : mode_t(mode.rawValue),
                                       durable: durable, fill: fill)
        }
        switch outcome {
        case .linked:
            named = true
        case .exists(let held):
            // Replacing a file: the unnamed one gets the temp name, then takes the target's.
            err = LinkedFile.link(held, as: tmp, in: dirFD)
            LinkedFile.discard(held)
            if err == 0 && renameat(dirFD, tmp, dirFD, name) != 0 { err = errno }
            named = err == 0
        case .failed(let e):
            err = e
        case .unsupported:
            let fd = openat(dirFD, tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, createMode)
            guard fd >= 0 else { throw TaskError.io(path: path, operation: "create a temp file for", errno: errno) }
            err = fill(fd)
            if err == 0 && !direct && fchmod(fd, mode_t(mode.rawValue)) != 0 { err = errno }
            if err == 0 && durable && fsync(fd) != 0 { err = errno }
            if close(fd) != 0 && err == 0 { err = errno }
            if err == 0 && renameat(dirFD, tmp, dirFD, name) != 0 { err = errno }
            named = err == 0
        }
        if named && durable && fsync(dirFD) != 0 { err = errno }
        if err != 0 {
            if !named { unlinkat(dirFD, tmp, 0) }
            if let thrown { throw thrown }
            throw TaskError.io(path: path, operation: "write", errno: err)
        }
    }
}
