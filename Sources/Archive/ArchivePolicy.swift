import Hashing

/// What a reader accepts. The defaults suit a Core archive of source files; pinned archives set
/// `expectedDigest` and `revision` (see `pinned(digest:revision:)`).
public struct ArchivePolicy: Hashable, Sendable {
    public enum ExcludedRootHandling: Hashable, Sendable {
        /// An entry under an excluded root fails the whole archive.
        case reject
        /// Entries under an excluded root are read past and left out of the result.
        case skip
    }

    /// SHA-256 of the .tar.gz bytes; checked before anything is inflated. `nil` = not pinned.
    public var expectedDigest: Digest?
    /// Trimmed content of the top-level `REVISION` file must equal this. `nil` = not checked.
    public var revision: String?
    /// Relative paths (`.github`, `docs/internal`) whose entries are rejected or skipped.
    public var excludedRoots: [String]
    public var excludedRootHandling: ExcludedRootHandling
    public var maxEntryCount: Int
    public var maxEntrySize: UInt64
    /// Limit on the inflated tar stream (headers, contents and padding), counted while inflating.
    public var maxTotalSize: UInt64
    /// Limit on inflated bytes per compressed byte, checked while inflating...
    public var maxCompressionRatio: UInt64
    /// ...once at least this many bytes have been inflated (small archives of padding and
    /// headers legitimately compress very well).
    public var ratioGraceBytes: UInt64

    public init(
        expectedDigest: Digest? = nil,
        revision: String? = nil,
        excludedRoots: [String] = [],
        excludedRootHandling: ExcludedRootHandling = .reject,
        maxEntryCount: Int = 20_000,
        maxEntrySize: UInt64 = 64 << 20,
        maxTotalSize: UInt64 = 512 << 20,
        maxCompressionRatio: UInt64 = 100,
        ratioGraceBytes: UInt64 = 1 << 20
    ) {
        self.expectedDigest = expectedDigest
        self.revision = revision
        self.excludedRoots = excludedRoots
        self.excludedRootHandling = excludedRootHandling
        self.maxEntryCount = maxEntryCount
        self.maxEntrySize = maxEntrySize
        self.maxTotalSize = maxTotalSize
        self.maxCompressionRatio = maxCompressionRatio
        self.ratioGraceBytes = ratioGraceBytes
    }

    /// The policy for a pinned Core archive: digest and revision required, `.github` rejected.
    public static func pinned(digest: Digest, revision: String, excludedRoots: [String] = [".github"]) -> ArchivePolicy {
        ArchivePolicy(expectedDigest: digest, revision: revision, excludedRoots: excludedRoots)
    }
}
