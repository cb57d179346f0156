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
    /// what `fill` writes to its descriptor (0, or an errno) with `mode` set as `writeAtomically`
    /// sets it: for a run to name later (`FileContent.staged`), with only the link left to do.
    /// Nil where it cannot be made so (no unnamed files there, a fill that failed): the caller
    /// gives the bytes as usual then. Reads and writes nothing visible.
    public func stage(_ path: String, mode: FileMode, fill: (Int32) -> Int32) -> StagedFile? {
        guard LinkedFile.enabled, OutputPath.problem(path) == nil, !Self.isState(path) else { return nil }
        let rootFD = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFD >= 0 else { return nil }
        defer { close(rootFD) }
        let walker = DirectoryWalker(rootFD: rootFD)
        guard let parent = (try? walker.parent(of: path, create: false)) ?? nil else { return nil }
        let direct = mode_t(mode.rawValue) & ~Self.umaskBits == mode_t(mode.rawValue)
        guard let fd = LinkedFile.unnamed(in: parent, mode: direct ? mode_t(mode.rawValue) : 0o600) else { return nil }
        var st = stat()
        guard fill(fd) == 0, direct || fchmod(fd, mode_t(mode.rawValue)) == 0, fstat(fd, &st) == 0 else {
            close(fd)
            return nil
        }
        // Its write-back started here: a file system that allocates blocks late (ext4) would
        // otherwise write a file renamed over another out in the rename itself (auto_da_alloc),
        // which took 7.8 ms for a 6.3 MB provenance document. Advice only: what it says is ignored.
        _ = StagedFile.startWriteBack?(fd, 0, 0, 2 /* SYNC_FILE_RANGE_WRITE */)
        return StagedFile(fd: fd, count: Int(st.st_size))
    }

    /// `stage` of the pieces `produce` hands over, in order.
    public func stage(_ path: String, mode: FileMode, pieces produce: ((UnsafeRawBufferPointer) -> Void) -> Void) -> StagedFile? {
        stage(path, mode: mode) { fd in
            var err: Int32 = 0
            produce { piece in if err == 0 { err = FileBytes.writeAll(fd, piece) } }
            return err
        }
    }

    /// Names a staged file `name` in `dirFD`: linked when the name is free, else linked as a
    /// temp name renamed over it, as `writeAtomically` replaces a file. Nil when it cannot be
    /// linked there (another file system, no `/proc`): the caller copies its bytes instead; else
    /// what finishes the write (throwing its error, with nothing named).
    private func named(_ file: StagedFile, as name: String, in dirFD: Int32, mode: FileMode, counter: Int, path: String,
                       durable: Bool) -> (() throws -> Void)? {
        if durable && fsync(file.fd) != 0 { let e = errno; return { throw TaskError.io(path: path, operation: "write", errno: e) } }
        var err = LinkedFile.link(file.fd, as: name, in: dirFD)
        if err == EEXIST {
            let tmp = Self.tempPrefix + "\(Self.pid)-\(counter)-" + name
            err = LinkedFile.link(file.fd, as: tmp, in: dirFD)
            if err == 0 && renameat(dirFD, tmp, dirFD, name) != 0 {
                err = errno
                unlinkat(dirFD, tmp, 0)
            }
        }
        switch err {
        case 0:
            if durable && fsync(dirFD) != 0 { let e = errno; return { throw TaskError.io(path: path, operation: "write", errno: e) } }
            return {}
        case EXDEV, ENOENT, EPERM, EOPNOTSUPP:
            return nil
        default:
            return { throw TaskError.io(path: path, operation: "write", errno: err) }
        }
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
        if case let .staged(file) = content, let done = named(file, as: name, in: dirFD, mode: mode, counter: counter, path: path, durable: durable) {
            return try done()
        }
        func fill(_ fd: Int32) -> Int32 {
            switch content {
            case .bytes(let bytes):
                return bytes.withUnsafeBytes { FileBytes.writeAll(fd, $0) }
            case .pieces(let produce):
                return fillPieces(produce)
            case .staged(let file):
                // Not linked where it is (another file system): its bytes, copied.
                return fillPieces(file.forEachPiece)
            }
            func fillPieces(_ produce: (_ emit: (UnsafeRawBufferPointer) -> Void) throws -> Void) -> Int32 {
                var err: Int32 = 0
                do {
                    try produce { piece in if err == 0 { err = FileBytes.writeAll(fd, piece) } }
                } catch {
                    thrown = error
                    return ECANCELED
                }
                return err
            }
        }
        let tmp = Self.tempPrefix + "\(Self.pid)-\(counter)-" + name
        // Made with its final mode when the umask leaves it whole (then no fchmod), else 0600 and
        // set before it is named.
        let direct = mode_t(mode.rawValue) & ~Self.umaskBits == mode_t(mode.rawValue)
        let createMode = direct ? mode_t(mode.rawValue) : 0o600
        var err: Int32 = 0
        var named = false
        switch LinkedFile.write(name, in: dirFD, mode: createMode, chmodTo: direct ? nil : mode_t(mode.rawValue),
                                durable: durable, fill: fill) {
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
