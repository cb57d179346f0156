import Foundation

/// Bytes that may be too many to hold at once: in memory, or in a file.
public enum Body: Sendable {
    case bytes([UInt8])
    case file(BodyFile)

    public var count: UInt64 {
        switch self {
        case let .bytes(b): return UInt64(b.count)
        case let .file(f): return f.size
        }
    }

    /// The bytes, read from the file when they are in one. Only for bodies known to be small.
    public func load() throws -> [UInt8] {
        switch self {
        case let .bytes(b): return b
        case let .file(f): return try FileIO.read(f.path) ?? []
        }
    }

    /// SHA-256 of the bytes (the file read in 1 MiB chunks).
    public func digest() throws -> Digest {
        switch self {
        case let .bytes(b): return Digest.of(b)
        case let .file(f):
            let h = SHA256Hasher()
            try h.updateFromFile(at: f.path)
            return h.finalize()
        }
    }
}

/// A file holding a body: a download spooled into a store's `tmp/` (removed when the last
/// reference goes away), or a file to upload (left alone).
public final class BodyFile: Sendable {
    public let path: String
    public let size: UInt64
    public let isTemporary: Bool

    public init(path: String, size: UInt64, isTemporary: Bool) {
        self.path = path
        self.size = size
        self.isTemporary = isTemporary
    }

    deinit { if isTemporary { unlink(path) } }
}
