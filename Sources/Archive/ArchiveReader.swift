import Hashing
import Foundation

/// Reads a .tar.gz under a policy and returns its entries only if every check passes: digest
/// pin (before anything is inflated), gzip integrity, tar header checksums, entry types,
/// paths, modes, collisions, excluded roots, limits (enforced while inflating) and revision.
public struct ArchiveReader: Sendable {
    public let policy: ArchivePolicy

    public init(policy: ArchivePolicy) {
        self.policy = policy
    }

    public func read(_ archive: [UInt8]) throws -> VerifiedArchive {
        let digest = Digest.of(archive)
        if let expected = policy.expectedDigest, expected != digest {
            throw ArchiveError.digestMismatch(expected: expected, actual: digest)
        }
        let entries = try archive.withUnsafeBufferPointer { buffer in
            try parse(GzipReader(input: buffer, policy: policy))
        }
        let revision = try checkRevision(entries)
        return VerifiedArchive(digest: digest, revision: revision, entries: entries)
    }

    public func read(contentsOf path: String) throws -> VerifiedArchive {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ArchiveError.io(operation: "read", path: path, errno: errno)
        }
        return try read([UInt8](data))
    }

    /// Verifies the archive fully, then extracts it into `target` (which must not exist, or be
    /// an empty directory) through a sibling temporary directory renamed into place. A rejected
    /// archive writes nothing.
    @discardableResult
    public func extract(_ archive: [UInt8], into target: String) throws -> VerifiedArchive {
        let verified = try read(archive)
        try SafeExtractor().extract(verified.entries, into: target)
        return verified
    }

    private func parse(_ gzip: GzipReader) throws -> [ArchiveEntry] {
        var entries: [ArchiveEntry] = []
        var index = PathIndex()
        var count = 0
        var offset: UInt64 = 0
        var longPath: [UInt8]?
        var longLink: [UInt8]?
        var paxSize: UInt64?

        func readBlock() throws -> [UInt8] {
            let block = try gzip.read(TarHeader.blockSize)
            guard block.count == TarHeader.blockSize else { throw ArchiveError.tarTruncated(offset: offset + UInt64(block.count)) }
            offset += UInt64(TarHeader.blockSize)
            return block
        }
        func readBody(_ size: UInt64) throws -> [UInt8] {
            let total = size + UInt64(TarHeader.padding(size))
            let data = try gzip.read(Int(total))
            guard data.count == Int(total) else { throw ArchiveError.tarTruncated(offset: offset + UInt64(data.count)) }
            offset += total
            return Array(data[0..<Int(size)])
        }
        func metadata(_ header: TarHeader, at headerOffset: UInt64) throws -> [UInt8] {
            guard header.size <= 1 << 20 else {
                throw ArchiveError.invalidHeader(offset: headerOffset, field: "size", reason: "of a metadata record is over 1 MiB")
            }
            return try readBody(header.size)
        }

        while true {
            let headerOffset = offset
            let block = try readBlock()
            if TarHeader.isZero(block) {
                guard TarHeader.isZero(try readBlock()) else {
                    throw ArchiveError.invalidHeader(offset: offset - 512, field: "end of archive", reason: "has one zero block, not two")
                }
                while true {
                    let rest = try gzip.read(64 * 1024)
                    if let i = rest.firstIndex(where: { $0 != 0 }) {
                        throw ArchiveError.dataAfterEndOfArchive(offset: offset + UInt64(i))
                    }
                    if rest.isEmpty { break }
                    offset += UInt64(rest.count)
                }
                break
            }
            var header = try TarHeader.decode(block, offset: headerOffset)
            switch header.typeflag {
            case UInt8(ascii: "x"):
                let records = try TarHeader.paxRecords(try metadata(header, at: headerOffset), offset: headerOffset)
                if records.keys.contains(where: { $0.hasPrefix("GNU.sparse") }) {
                    throw ArchiveError.invalidHeader(offset: headerOffset, field: "pax record", reason: "describes a sparse file")
                }
                if let path = records["path"] { longPath = path }
                if let link = records["linkpath"] { longLink = link }
                if let size = records["size"] {
                    guard let n = UInt64(String(decoding: size, as: UTF8.self)) else {
                        throw ArchiveError.invalidHeader(offset: headerOffset, field: "pax size", reason: "is not a decimal number")
                    }
                    paxSize = n
                }
                continue
            case UInt8(ascii: "L"):
                longPath = TarHeader.cString(try metadata(header, at: headerOffset)[...])
                continue
            case UInt8(ascii: "K"):
                longLink = TarHeader.cString(try metadata(header, at: headerOffset)[...])
                continue
            default:
                break
            }
            if let p = longPath { header.name = p }
            if let l = longLink { header.linkname = l }
            if let s = paxSize { header.size = s }
            (longPath, longLink, paxSize) = (nil, nil, nil)

            guard var path = String(validating: header.name, as: UTF8.self) else {
                throw ArchiveError.invalidPath(path: String(decoding: header.name, as: UTF8.self), reason: "is not valid UTF-8")
            }
            let link = String(decoding: header.linkname, as: UTF8.self)
            let kind: ArchiveEntry.Kind
            switch header.typeflag {
            case UInt8(ascii: "0"), 0:
                kind = .file
            case UInt8(ascii: "5"):
                kind = .directory
                if path.utf8.count > 1, path.utf8.last == UInt8(ascii: "/") { path = String(path.dropLast()) }
            case UInt8(ascii: "1"):
                throw ArchiveError.hardlink(path: path, target: link)
            case UInt8(ascii: "2"):
                throw ArchiveError.symlink(path: path, target: link)
            default:
                throw ArchiveError.unsupportedEntryType(path: path, typeflag: header.typeflag)
            }
            let components = try PathRules.validate(path)
            count += 1
            if count > policy.maxEntryCount { throw ArchiveError.tooManyEntries(limit: policy.maxEntryCount) }
            if kind == .directory && header.size != 0 {
                throw ArchiveError.invalidHeader(offset: headerOffset, field: "size", reason: "of directory \(path) is not 0")
            }
            if header.size > policy.maxEntrySize {
                throw ArchiveError.entryTooLarge(path: path, size: header.size, limit: policy.maxEntrySize)
            }
            if let root = PathRules.excludedRoot(of: path, roots: policy.excludedRoots) {
                if policy.excludedRootHandling == .reject { throw ArchiveError.excludedRoot(path: path, root: root) }
                _ = try readBody(header.size)
                continue
            }
            let mode = header.mode & 0o7777
            let allowed: Set<UInt32> = kind == .directory ? [0o755] : [0o644, 0o755]
            guard allowed.contains(mode) else { throw ArchiveError.disallowedMode(path: path, mode: mode) }
            try index.insert(path, components: components, isFile: kind == .file)
            let bytes = try readBody(header.size)
            entries.append(ArchiveEntry(path: path, kind: kind, mode: mode, bytes: bytes))
        }
        if longPath != nil || longLink != nil || paxSize != nil {
            throw ArchiveError.invalidHeader(offset: offset, field: "pax record", reason: "is not followed by an entry")
        }
        return entries.sorted { PathRules.precedes($0.path, $1.path) }
    }

    private func checkRevision(_ entries: [ArchiveEntry]) throws -> String? {
        let file = entries.first { $0.kind == .file && $0.path.utf8.elementsEqual("REVISION".utf8) }
        let found = file.map { String(decoding: $0.bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
        guard let expected = policy.revision else { return found }
        guard let actual = found else { throw ArchiveError.revisionMissing(expected: expected) }
        guard actual.utf8.elementsEqual(expected.utf8) else {
            throw ArchiveError.revisionMismatch(expected: expected, actual: actual)
        }
        return actual
    }
}
