/// Packs entries into a deterministic .tar.gz: paths sorted bytewise, missing parent
/// directories added, mtime 0, uid/gid 0, empty user and group names, modes 0644/0755
/// (directories 0755), ustar with a prefix/name split or a pax `path` record for long paths, a
/// fixed gzip header. The same entries give the same bytes, whatever their order.
public struct ArchiveWriter: Sendable {
    public init() {}

    /// Packs `entries`. Rejects what a reader would reject: bad paths, duplicates, case and
    /// normalization collisions, file/directory conflicts, other modes.
    public func pack(_ entries: [ArchiveEntry]) throws -> [UInt8] {
        let gzip = try GzipWriter()
        for entry in try normalize(entries) {
            let path = Array(entry.path.utf8) + (entry.kind == .directory ? [UInt8(ascii: "/")] : [])
            let size = UInt64(entry.bytes.count)
            try gzip.write(TarHeader.encode(path: path, mode: entry.mode, size: size,
                                            typeflag: entry.kind == .directory ? UInt8(ascii: "5") : UInt8(ascii: "0")))
            try gzip.write(entry.bytes)
            try gzip.write([UInt8](repeating: 0, count: TarHeader.padding(size)))
        }
        try gzip.write([UInt8](repeating: 0, count: 2 * TarHeader.blockSize))
        return try gzip.finish()
    }

    /// Packs the regular files and directories under `directory` (see `DirectoryScanner`).
    public func pack(directory: String, excludedRoots: [String] = []) throws -> [UInt8] {
        try pack(DirectoryScanner(excludedRoots: excludedRoots).entries(in: directory))
    }

    /// The entries as they will be written: validated, parents added, sorted bytewise.
    func normalize(_ entries: [ArchiveEntry]) throws -> [ArchiveEntry] {
        var index = PathIndex()
        var explicit: Set<[UInt8]> = []
        var implied: [[UInt8]: String] = [:]
        for entry in entries {
            let components = try PathRules.validate(entry.path)
            let allowed: Set<UInt32> = entry.kind == .directory ? [0o755] : [0o644, 0o755]
            guard allowed.contains(entry.mode) else {
                throw ArchiveError.disallowedMode(path: entry.path, mode: entry.mode)
            }
            if entry.kind == .directory && !entry.bytes.isEmpty {
                throw ArchiveError.invalidPath(path: entry.path, reason: "a directory entry carries bytes")
            }
            if UInt64(entry.bytes.count) > TarHeader.maxSize {
                throw ArchiveError.entryTooLarge(path: entry.path, size: UInt64(entry.bytes.count), limit: TarHeader.maxSize)
            }
            try index.insert(entry.path, components: components, isFile: entry.kind == .file)
            explicit.insert(Array(entry.path.utf8))
            for ancestor in PathRules.ancestors(components) { implied[Array(ancestor.utf8)] = ancestor }
        }
        var all = entries
        for (bytes, path) in implied where !explicit.contains(bytes) { all.append(.directory(path)) }
        return all.sorted { PathRules.precedes($0.path, $1.path) }
    }
}
