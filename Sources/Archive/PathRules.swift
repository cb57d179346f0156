import Foundation

/// Path checks shared by the writer and the reader. Paths are compared as UTF-8 bytes: Swift
/// `String` equality would silently merge NFC and NFD spellings.
enum PathRules {
    /// Checks that `path` is a plain relative path and returns its components.
    static func validate(_ path: String) throws -> [String] {
        if path.isEmpty { throw ArchiveError.invalidPath(path: path, reason: "empty path") }
        if path.utf8.first == UInt8(ascii: "/") { throw ArchiveError.absolutePath(path: path) }
        // Split on bytes: a `/` followed by a combining mark is one Character but two components.
        let components = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            .map { String(Substring($0)) }
        if components.contains(where: { $0.utf8.elementsEqual("..".utf8) }) {
            throw ArchiveError.pathTraversal(path: path)
        }
        if path.utf8.contains(0) { throw ArchiveError.invalidPath(path: path, reason: "contains NUL") }
        for c in components {
            if c.isEmpty { throw ArchiveError.invalidPath(path: path, reason: "empty component") }
            if c.utf8.elementsEqual(".".utf8) { throw ArchiveError.invalidPath(path: path, reason: "`.` component") }
        }
        return components
    }

    /// Byte order, the order of `LC_ALL=C sort`.
    static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    static func nfcKey(_ path: String) -> [UInt8] {
        Array(path.precomposedStringWithCanonicalMapping.utf8)
    }

    static func foldKey(_ path: String) -> [UInt8] {
        Array(path.precomposedStringWithCanonicalMapping.lowercased().utf8)
    }

    /// The excluded root `path` lies under (or is), if any.
    static func excludedRoot(of path: String, roots: [String]) -> String? {
        for root in roots {
            let r = Array(root.utf8), p = Array(path.utf8)
            if p == r { return root }
            if p.count > r.count, p.starts(with: r), p[r.count] == UInt8(ascii: "/") { return root }
        }
        return nil
    }

    /// Every proper ancestor of `path`, shortest first: `a/b/c` → `a`, `a/b`.
    static func ancestors(_ components: [String]) -> [String] {
        var out: [String] = []
        var current = ""
        for c in components.dropLast() {
            current = current.isEmpty ? c : current + "/" + c
            out.append(current)
        }
        return out
    }
}

/// Tracks every path an archive names (entries and their implied parent directories) and
/// rejects duplicates, case and normalization collisions, and file/directory conflicts.
struct PathIndex {
    private struct Seen {
        var spelling: [UInt8]
        var path: String
        var isFile: Bool
        var explicit: Bool
    }

    private var byFold: [[UInt8]: Seen] = [:]

    /// Records `path` (already validated into `components`). Throws on any collision.
    mutating func insert(_ path: String, components: [String], isFile: Bool) throws {
        for ancestor in PathRules.ancestors(components) {
            try note(ancestor, isFile: false, explicit: false)
        }
        try note(path, isFile: isFile, explicit: true)
    }

    private mutating func note(_ path: String, isFile: Bool, explicit: Bool) throws {
        let fold = PathRules.foldKey(path)
        let spelling = Array(path.utf8)
        guard var seen = byFold[fold] else {
            byFold[fold] = Seen(spelling: spelling, path: path, isFile: isFile, explicit: explicit)
            return
        }
        if seen.spelling != spelling {
            if PathRules.nfcKey(path) == PathRules.nfcKey(seen.path) {
                throw ArchiveError.normalizationCollision(path: path, existing: seen.path)
            }
            throw ArchiveError.caseCollision(path: path, existing: seen.path)
        }
        if explicit && seen.explicit { throw ArchiveError.duplicateEntry(path: path) }
        if isFile || seen.isFile { throw ArchiveError.pathConflict(path: path, existing: seen.path) }
        if explicit { seen.explicit = true; byFold[fold] = seen }
    }
}
