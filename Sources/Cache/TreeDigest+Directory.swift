import Foundation

/// Tree digest v1 of a directory on disk (the listing rules are `Hashing.TreeDigest`'s).
extension TreeDigest {
    /// Reads a directory: every regular file below it (symbolic links are not followed and not
    /// counted, as `find -type f` does not count them).
    public static func entries(ofDirectory root: String) throws -> [Entry] {
        var out: [Entry] = []
        try walk(root, prefix: "", into: &out)
        return out
    }

    public static func digest(ofDirectory root: String, excluding excluded: Set<String> = [provenanceFile]) throws -> Digest {
        digest(try entries(ofDirectory: root), excluding: excluded)
    }

    private static func walk(_ dir: String, prefix: String, into out: inout [Entry]) throws {
        guard let d = opendir(dir) else { throw CacheError.io(path: dir, operation: "opendir", errno: errno) }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        for name in names {
            let full = dir + "/" + name
            let rel = prefix.isEmpty ? name : prefix + "/" + name
            var st = stat()
            guard lstat(full, &st) == 0 else { throw CacheError.io(path: full, operation: "stat", errno: errno) }
            switch st.st_mode & S_IFMT {
            case S_IFDIR: try walk(full, prefix: rel, into: &out)
            case S_IFREG:
                // `[ -x "$f" ]` as root is true when any execute bit is set.
                out.append(Entry(path: rel, executable: st.st_mode & 0o111 != 0, digest: try Digest.ofFile(at: full)))
            default: continue
            }
        }
    }
}
