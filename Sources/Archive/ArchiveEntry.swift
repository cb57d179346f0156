/// One member of an archive: a regular file with its bytes, or a directory. Paths are relative,
/// `/`-separated, without a trailing slash. Modes are 0o644 or 0o755 (directories always 0o755).
///
/// Equality compares `path` as a Swift `String`, which treats canonically equivalent spellings
/// as equal; code that must tell NFC from NFD apart compares `path.utf8`.
public struct ArchiveEntry: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case file
        case directory
    }

    public let path: String
    public let kind: Kind
    public let mode: UInt32
    public let bytes: [UInt8]

    public init(path: String, kind: Kind, mode: UInt32, bytes: [UInt8] = []) {
        self.path = path
        self.kind = kind
        self.mode = mode
        self.bytes = bytes
    }

    public static func file(_ path: String, _ bytes: [UInt8], executable: Bool = false) -> ArchiveEntry {
        ArchiveEntry(path: path, kind: .file, mode: executable ? 0o755 : 0o644, bytes: bytes)
    }

    public static func file(_ path: String, _ text: String, executable: Bool = false) -> ArchiveEntry {
        file(path, Array(text.utf8), executable: executable)
    }

    public static func directory(_ path: String) -> ArchiveEntry {
        ArchiveEntry(path: path, kind: .directory, mode: 0o755)
    }

    public var isExecutable: Bool { mode & 0o111 != 0 }
}
