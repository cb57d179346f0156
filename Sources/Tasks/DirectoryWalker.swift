import Foundation

/// Reaches the directories below an output root through directory file descriptors, never
/// through a symbolic link: each directory is opened relative to its parent with
/// `O_NOFOLLOW | O_DIRECTORY`, so a component swapped for a link mid-run fails the open (ELOOP,
/// ENOTDIR) instead of leading out of the root, and a directory already opened stays the one
/// written into, wherever it is moved.
///
/// It keeps the chain of directories open for the last path asked for, so paths taken in
/// component order (`ComponentOrder`) open each directory once, with a handful of descriptors.
/// The root descriptor is borrowed; the ones it opens are its own.
final class DirectoryWalker {
    let rootFD: Int32
    /// The open chain below the root: component names (UTF-8) and their descriptors.
    private var chain: [(name: [UInt8], fd: Int32)] = []
    /// The directory (its path's bytes below the root) that the last look without `create` found
    /// missing: every path below it is missing too, without asking the kernel again. Forgotten
    /// by `reset` and by any call with `create` (which may make it). Within one pass this is the
    /// snapshot a walk in component order takes anyway; a directory made meanwhile by someone else
    /// is seen by the next pass (each pass resets or uses its own walker).
    private var missing: [UInt8]?

    init(rootFD: Int32) { self.rootFD = rootFD }

    deinit { for c in chain { close(c.fd) } }

    /// The descriptor of the directory holding the file at `path` (relative to the root, already
    /// checked by `OutputPath`), made when missing and `create`; nil when missing and not `create`.
    /// Throws `unsafePath` naming `path` when a component is a link or not a directory.
    /// Components are compared as bytes, as the file system names them.
    func parent(of path: String, create: Bool) throws -> Int32? {
        let bytes = Array(path.utf8)
        if create {
            missing = nil
        } else if let m = missing, bytes.count > m.count, bytes[m.count] == UInt8(ascii: "/"), bytes.starts(with: m) {
            return nil
        }
        var level = 0, start = 0
        // The directories of `path` (every component but the last), kept where the chain agrees.
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "/") else { i += 1; continue }
            let name = bytes[start..<i]
            if level < chain.count, chain[level].name.elementsEqual(name) {
                // Still on the open chain.
            } else {
                while chain.count > level { close(chain.removeLast().fd) }
                let parentFD = chain.last?.fd ?? rootFD
                guard let fd = try open(Array(name), in: parentFD, create: create, for: path) else {
                    missing = Array(bytes[..<i])
                    return nil
                }
                chain.append((Array(name), fd))
            }
            level += 1
            i += 1
            start = i
        }
        while chain.count > level { close(chain.removeLast().fd) }
        return chain.last?.fd ?? rootFD
    }

    /// Forgets the open chain (after directories in it may have been removed).
    func reset() {
        for c in chain { close(c.fd) }
        chain.removeAll()
        missing = nil
    }

    private func open(_ nameBytes: [UInt8], in parentFD: Int32, create: Bool, for path: String) throws -> Int32? {
        let name = String(decoding: nameBytes, as: UTF8.self)
        var dirPath: String { (chain.map { String(decoding: $0.name, as: UTF8.self) } + [name]).joined(separator: "/") }
        let fd = Self.openDirectory(name, in: parentFD)
        if fd >= 0 { return fd }
        let e = errno
        if e == ENOENT {
            guard create else { return nil }
            if mkdirat(parentFD, name, 0o755) != 0 && errno != EEXIST {
                throw TaskError.io(path: dirPath, operation: "mkdir", errno: errno)
            }
            let made = Self.openDirectory(name, in: parentFD)
            if made >= 0 { return made }
            throw Self.problem(dirPath, errno: errno, of: name, in: parentFD, for: path)
        }
        throw Self.problem(dirPath, errno: e, of: name, in: parentFD, for: path)
    }

    /// `name` in `parentFD` as a directory, without following a link; -1 and errno on failure.
    static func openDirectory(_ name: String, in parentFD: Int32) -> Int32 {
        var fd: Int32
        repeat { fd = openat(parentFD, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) } while fd < 0 && errno == EINTR
        return fd
    }

    /// Why `dirPath` could not be opened as a directory, naming what is there.
    static func problem(_ dirPath: String, errno e: Int32, of name: String, in parentFD: Int32, for path: String) -> TaskError {
        var st = stat()
        if fstatat(parentFD, name, &st, AT_SYMLINK_NOFOLLOW) == 0 {
            switch st.st_mode & S_IFMT {
            case S_IFLNK:
                return .unsafePath(path: path, reason: "\(dirPath) is a symbolic link; orchestrate never writes through links")
            case S_IFDIR:
                break
            default:
                return .unsafePath(path: path, reason: "\(dirPath) is a file where a directory is needed; remove it and run again")
            }
        }
        return .io(path: dirPath, operation: "open directory", errno: e)
    }
}

/// Paths by their components, bytewise (`a/b/c` before `a/b.txt`: a separator sorts first), so a
/// walk visits each directory's files together.
enum ComponentOrder {
    static func less(_ a: String, _ b: String) -> Bool {
        var i = a.utf8.makeIterator(), j = b.utf8.makeIterator()
        while true {
            guard let x = i.next() else { return j.next() != nil }
            guard let y = j.next() else { return false }
            if x == y { continue }
            // A separator sorts before every other byte.
            if x == UInt8(ascii: "/") { return true }
            if y == UInt8(ascii: "/") { return false }
            return x < y
        }
    }
}
