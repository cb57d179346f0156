import Foundation

/// Every entry below a directory, found without following a symbolic link: each entry's kind,
/// permission bits and, for regular files, the SHA-256 of its bytes. Names are kept whether or
/// not they are UTF-8 (a name that is not is shown with U+FFFD), so a listing never fails on a
/// strange name. `audit` judges the entries; this only reports them.
public enum DirectoryListing {
    public struct Entry: Hashable, Sendable {
        public enum Kind: String, Hashable, Sendable {
            case regular = "regular file", directory, symlink = "symbolic link", fifo = "FIFO", socket,
                 characterDevice = "character device", blockDevice = "block device", unknown = "special file"
        }

        /// Relative to the listed directory, `/`-separated.
        public let path: String
        public let kind: Kind
        /// `st_mode & 0o7777`.
        public let permissions: UInt16
        /// false when the entry's own name is not valid UTF-8 (`path` shows it with U+FFFD).
        public let validName: Bool
        /// For a symbolic link, where it points (as written).
        public let linkTarget: String?
        /// For a regular file: the SHA-256 of its bytes.
        public let digest: Digest?

        public init(path: String, kind: Kind, permissions: UInt16, validName: Bool = true, linkTarget: String? = nil, digest: Digest? = nil) {
            self.path = path
            self.kind = kind
            self.permissions = permissions
            self.validName = validName
            self.linkTarget = linkTarget
            self.digest = digest
        }

        /// Any execute bit set (`[ -x "$f" ]` as root, as tree digest v1 reads it).
        public var executable: Bool { permissions & 0o111 != 0 }
    }

    /// Lists `root` (itself followed if it is a link, as `find -H` does), depth first, names in
    /// bytewise order. Throws only when a directory cannot be opened or an entry vanishes.
    public static func entries(of root: String) throws -> [Entry] {
        var out: [Entry] = []
        try walk(Array(root.utf8), prefix: [], into: &out)
        return out
    }

    private static func walk(_ dir: [UInt8], prefix: [UInt8], into out: inout [Entry]) throws {
        let dirPath = String(decoding: dir, as: UTF8.self)
        guard let d = withCString(dir, { opendir($0) }) else { throw CacheError.io(path: dirPath, operation: "opendir", errno: errno) }
        var names: [[UInt8]] = []
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
        }
        closedir(d)
        for name in names.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            let full = dir + [0x2F] + name
            let rel = prefix.isEmpty ? name : prefix + [0x2F] + name
            var st = stat()
            guard withCString(full, { lstat($0, &st) }) == 0 else {
                throw CacheError.io(path: String(decoding: full, as: UTF8.self), operation: "stat", errno: errno)
            }
            let validName = String(validating: name, as: UTF8.self) != nil
            let path = String(decoding: rel, as: UTF8.self)
            let permissions = UInt16(st.st_mode & 0o7777)
            switch st.st_mode & S_IFMT {
            case S_IFDIR:
                out.append(Entry(path: path, kind: .directory, permissions: permissions, validName: validName))
                try walk(full, prefix: rel, into: &out)
            case S_IFREG:
                out.append(Entry(path: path, kind: .regular, permissions: permissions, validName: validName,
                                 digest: try digest(of: full)))
            case S_IFLNK:
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let n = withCString(full) { readlink($0, &buffer, buffer.count - 1) }
                let target = n >= 0 ? String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
                out.append(Entry(path: path, kind: .symlink, permissions: permissions, validName: validName, linkTarget: target))
            case S_IFIFO: out.append(Entry(path: path, kind: .fifo, permissions: permissions, validName: validName))
            case S_IFSOCK: out.append(Entry(path: path, kind: .socket, permissions: permissions, validName: validName))
            case S_IFCHR: out.append(Entry(path: path, kind: .characterDevice, permissions: permissions, validName: validName))
            case S_IFBLK: out.append(Entry(path: path, kind: .blockDevice, permissions: permissions, validName: validName))
            default: out.append(Entry(path: path, kind: .unknown, permissions: permissions, validName: validName))
            }
        }
    }

    /// The SHA-256 of a regular file, opened by its raw path without following a link.
    private static func digest(of path: [UInt8]) throws -> Digest {
        let shown = String(decoding: path, as: UTF8.self)
        let fd = withCString(path) { open($0, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) }
        guard fd >= 0 else { throw CacheError.io(path: shown, operation: "open", errno: errno) }
        defer { close(fd) }
        let h = SHA256Hasher()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw CacheError.io(path: shown, operation: "read", errno: errno)
            }
            if n == 0 { break }
            h.update(buffer[..<n])
        }
        return h.finalize()
    }

    private static func withCString<T>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        (bytes + [0]).withUnsafeBufferPointer { p in
            p.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }
}
