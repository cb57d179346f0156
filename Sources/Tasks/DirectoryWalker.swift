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
    /// The open chain below the root: component names and their descriptors.
    private var chain: [(name: Substring, fd: Int32)] = []

    init(rootFD: Int32) { self.rootFD = rootFD }

    deinit { for c in chain { close(c.fd) } }

    /// The descriptor of the directory holding the file at `path` (relative to the root, already
    /// checked by `OutputPath`), made when missing and `create`; nil when missing and not `create`.
    /// Throws `unsafePath` naming `path` when a component is a link or not a directory.
    func parent(of path: String, create: Bool) throws -> Int32? {
        let components = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        var common = 0
        while common < chain.count, common < components.count,
              chain[common].name == components[components.startIndex + common] { common += 1 }
        while chain.count > common { close(chain.removeLast().fd) }
        for name in components.dropFirst(common) {
            let parentFD = chain.last?.fd ?? rootFD
            guard let fd = try open(name, in: parentFD, create: create, for: path) else { return nil }
            chain.append((name, fd))
        }
        return chain.last?.fd ?? rootFD
    }

    /// Forgets the open chain (after directories in it may have been removed).
    func reset() {
        for c in chain { close(c.fd) }
        chain.removeAll()
    }

    private func open(_ name: Substring, in parentFD: Int32, create: Bool, for path: String) throws -> Int32? {
        let dirPath = (chain.map(\.name) + [name]).joined(separator: "/")
        let fd = Self.openDirectory(String(name), in: parentFD)
        if fd >= 0 { return fd }
        let e = errno
        if e == ENOENT {
            guard create else { return nil }
            if mkdirat(parentFD, String(name), 0o755) != 0 && errno != EEXIST {
                throw TaskError.io(path: dirPath, operation: "mkdir", errno: errno)
            }
            let made = Self.openDirectory(String(name), in: parentFD)
            if made >= 0 { return made }
            throw Self.problem(dirPath, errno: errno, of: String(name), in: parentFD, for: path)
        }
        throw Self.problem(dirPath, errno: e, of: String(name), in: parentFD, for: path)
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
