import Foundation

/// Walks a directory into archive entries: regular files (mode 0755 when the owner may execute,
/// else 0644) and directories (0755). Symbolic links and special files are refused; `.DS_Store`
/// is always skipped; `excludedRoots` (relative paths such as `.github`) are left out whole.
public struct DirectoryScanner: Sendable {
    public var excludedRoots: [String]

    public init(excludedRoots: [String] = []) {
        self.excludedRoots = excludedRoots
    }

    public func entries(in directory: String) throws -> [ArchiveEntry] {
        var out: [ArchiveEntry] = []
        try walk(root: directory, relative: "", into: &out)
        return out.sorted { PathRules.precedes($0.path, $1.path) }
    }

    private func walk(root: String, relative: String, into out: inout [ArchiveEntry]) throws {
        let dir = relative.isEmpty ? root : root + "/" + relative
        guard let handle = opendir(dir) else { throw ArchiveError.io(operation: "opendir", path: dir, errno: errno) }
        defer { closedir(handle) }
        var names: [String] = []
        while let ent = readdir(handle) {
            let raw = withUnsafeBytes(of: ent.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            guard let name = String(validating: raw, as: UTF8.self) else {
                throw ArchiveError.invalidPath(path: dir + "/" + String(decoding: raw, as: UTF8.self), reason: "is not valid UTF-8")
            }
            if name != "." && name != ".." { names.append(name) }
        }
        for name in names.sorted(by: PathRules.precedes) where name != ".DS_Store" {
            let rel = relative.isEmpty ? name : relative + "/" + name
            if PathRules.excludedRoot(of: rel, roots: excludedRoots) != nil { continue }
            let full = root + "/" + rel
            var st = stat()
            guard lstat(full, &st) == 0 else { throw ArchiveError.io(operation: "lstat", path: full, errno: errno) }
            switch st.st_mode & S_IFMT {
            case S_IFDIR:
                out.append(.directory(rel))
                try walk(root: root, relative: rel, into: &out)
            case S_IFREG:
                guard let data = FileManager.default.contents(atPath: full) else {
                    throw ArchiveError.io(operation: "read", path: full, errno: errno)
                }
                out.append(.file(rel, [UInt8](data), executable: st.st_mode & S_IXUSR != 0))
            case S_IFLNK:
                throw ArchiveError.symlinkInSource(path: full)
            default:
                throw ArchiveError.unsupportedFileType(path: full)
            }
        }
    }
}
