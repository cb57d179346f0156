import Hashing

/// Every way packing, reading or extracting an archive can fail. Each case carries the machine
/// facts; `description` says what happened, where, and what to do. Never branch on the text.
public enum ArchiveError: Error, Hashable, Sendable, CustomStringConvertible {
    // Pinning.
    case digestMismatch(expected: Digest, actual: Digest)
    case revisionMissing(expected: String)
    case revisionMismatch(expected: String, actual: String)

    // gzip layer.
    case gzipHeaderInvalid(reason: String)
    case gzipTruncated(compressedBytes: UInt64)
    case gzipCorrupt(zlibCode: Int32, message: String)
    case gzipChecksumMismatch(recorded: UInt32, computed: UInt32)
    case gzipLengthMismatch(recorded: UInt32, computed: UInt32)
    case trailingGarbage(offset: UInt64)

    // tar layer.
    case tarTruncated(offset: UInt64)
    case headerChecksumMismatch(offset: UInt64, recorded: UInt32, computed: UInt32)
    case invalidHeader(offset: UInt64, field: String, reason: String)
    case dataAfterEndOfArchive(offset: UInt64)
    case unsupportedEntryType(path: String, typeflag: UInt8)
    case symlink(path: String, target: String)
    case hardlink(path: String, target: String)

    // Paths and modes.
    case absolutePath(path: String)
    case pathTraversal(path: String)
    case invalidPath(path: String, reason: String)
    case disallowedMode(path: String, mode: UInt32)
    case duplicateEntry(path: String)
    case caseCollision(path: String, existing: String)
    case normalizationCollision(path: String, existing: String)
    case pathConflict(path: String, existing: String)
    case excludedRoot(path: String, root: String)

    // Limits.
    case tooManyEntries(limit: Int)
    case entryTooLarge(path: String, size: UInt64, limit: UInt64)
    case uncompressedSizeExceeded(limit: UInt64, inflated: UInt64)
    case compressionRatioExceeded(limit: UInt64, compressed: UInt64, inflated: UInt64)

    // Packing from disk.
    case symlinkInSource(path: String)
    case unsupportedFileType(path: String)

    // The file system and zlib.
    case targetExists(path: String)
    case io(operation: String, path: String, errno: Int32)
    case zlib(operation: String, code: Int32)

    public var description: String {
        switch self {
        case let .digestMismatch(expected, actual):
            return "archive digest is sha256:\(actual.hex) but the pin says sha256:\(expected.hex); the archive was altered or the pin is stale: re-fetch the archive or update the pin deliberately"
        case let .revisionMissing(expected):
            return "archive has no top-level REVISION file (pinned revision \(expected)); rebuild it with `core pack`, which writes one"
        case let .revisionMismatch(expected, actual):
            return "archive REVISION is \"\(actual)\" but the pin says \"\(expected)\"; use the archive built for that revision or update the pin"
        case let .gzipHeaderInvalid(reason):
            return "not a gzip stream we accept: \(reason); the file is not a .tar.gz or is corrupt"
        case let .gzipTruncated(compressed):
            return "gzip stream ends early after \(compressed) compressed bytes; the download or copy was cut short: fetch it again"
        case let .gzipCorrupt(code, message):
            return "gzip data is corrupt (zlib \(code): \(message)); fetch the archive again"
        case let .gzipChecksumMismatch(recorded, computed):
            return "gzip CRC-32 mismatch: trailer says \(hex32(recorded)), data gives \(hex32(computed)); the archive is corrupt: fetch it again"
        case let .gzipLengthMismatch(recorded, computed):
            return "gzip length mismatch: trailer says \(recorded) bytes (mod 2^32), data gives \(computed); the archive is corrupt: fetch it again"
        case let .trailingGarbage(offset):
            return "unexpected bytes after the gzip stream at offset \(offset); archives hold exactly one gzip member: rebuild it"
        case let .tarTruncated(offset):
            return "tar stream ends early at offset \(offset) (no end-of-archive blocks); the archive is incomplete: rebuild it"
        case let .headerChecksumMismatch(offset, recorded, computed):
            return "tar header at offset \(offset) has checksum \(recorded) but its bytes sum to \(computed); the archive is corrupt or hand-edited: rebuild it"
        case let .invalidHeader(offset, field, reason):
            return "tar header at offset \(offset): field \(field) \(reason); rebuild the archive with `core pack`"
        case let .dataAfterEndOfArchive(offset):
            return "non-zero data after the end-of-archive marker at offset \(offset); rebuild the archive"
        case let .unsupportedEntryType(path, typeflag):
            return "\(path): entry type '\(printable(typeflag))' is not allowed; archives hold only regular files and directories"
        case let .symlink(path, target):
            return "\(path): symbolic link to \(target) is not allowed; replace it with a copy of the file"
        case let .hardlink(path, target):
            return "\(path): hard link to \(target) is not allowed; replace it with a copy of the file"
        case let .absolutePath(path):
            return "\(path): absolute paths are not allowed; entries must be relative to the archive root"
        case let .pathTraversal(path):
            return "\(path): a `..` component would escape the extraction directory; remove it"
        case let .invalidPath(path, reason):
            return "\(path): \(reason); use a plain relative path (no empty, `.` components or NUL)"
        case let .disallowedMode(path, mode):
            return "\(path): mode \(String(mode, radix: 8)) is not allowed; use 644 or 755 for files and 755 for directories"
        case let .duplicateEntry(path):
            return "\(path): appears twice; keep one entry"
        case let .caseCollision(path, existing):
            return "\(path) and \(existing) differ only in letter case and collide on case-insensitive file systems; rename one"
        case let .normalizationCollision(path, existing):
            return "\(path) and \(existing) are the same name in different Unicode normalizations; keep the NFC spelling only"
        case let .pathConflict(path, existing):
            return "\(path) conflicts with \(existing): one is a file and the other needs it to be a directory; rename one"
        case let .excludedRoot(path, root):
            return "\(path): lies under the excluded root \(root); remove it from the archive"
        case let .tooManyEntries(limit):
            return "archive has more than \(limit) entries; raise the policy limit only if the archive is trusted"
        case let .entryTooLarge(path, size, limit):
            return "\(path): \(size) bytes exceeds the per-entry limit of \(limit); raise the policy limit only if the archive is trusted"
        case let .uncompressedSizeExceeded(limit, inflated):
            return "uncompressed size passed the limit of \(limit) bytes (stopped after \(inflated)); raise the policy limit only if the archive is trusted"
        case let .compressionRatioExceeded(limit, compressed, inflated):
            return "compression ratio above \(limit):1 (\(inflated) bytes from \(compressed) compressed); stopped early: this looks like a decompression bomb"
        case let .symlinkInSource(path):
            return "\(path): symbolic links cannot be packed; replace it with a copy of the file or exclude it"
        case let .unsupportedFileType(path):
            return "\(path): only regular files and directories can be packed; remove it or exclude it"
        case let .targetExists(path):
            return "\(path): extraction target exists and is not an empty directory; remove it first"
        case let .io(operation, path, errno):
            return "\(operation) \(path) failed with errno \(errno); check the path and permissions"
        case let .zlib(operation, code):
            return "zlib \(operation) failed with code \(code); this is a bug or an out-of-memory condition"
        }
    }
}

private func hex32(_ v: UInt32) -> String {
    let s = String(v, radix: 16)
    return "0x" + String(repeating: "0", count: 8 - s.count) + s
}

private func printable(_ b: UInt8) -> String {
    (0x21...0x7e).contains(b) ? String(UnicodeScalar(b)) : "\\u{\(String(b, radix: 16))}"
}
