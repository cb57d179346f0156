import Hashing

/// A Core archive pinned by digest and revision, with what it declares. It is mounted at its
/// platform's mount.
public struct CorePin: Hashable, Sendable {
    public let platform: Platform
    public let digest: Digest
    public let revision: String
    /// Roots never taken from the archive.
    public let excludedRoots: [String]
    public let seams: [CoreSeam]

    public init(platform: Platform, digest: Digest, revision: String, excludedRoots: [String] = [".github"], seams: [CoreSeam]) {
        self.platform = platform
        self.digest = digest
        self.revision = revision
        self.excludedRoots = excludedRoots
        self.seams = seams
    }

    /// `rails`, `ios` or `android`; also the source folder `Cores/<name>`.
    public var name: String { platform.rawValue }

    /// Where the Core is mounted in the output ("" = the root).
    public var mount: String { platform.mount }
}

extension CorePin {
    /// The seam a Core-relative path belongs to, as composition picks it: an exact path over any
    /// pattern, then the pattern with the most literal characters (declaration order among equals).
    public func seam(at path: String) -> CoreSeam? {
        if let exact = seams.first(where: { !$0.isPattern && $0.path == path }) { return exact }
        var best: CoreSeam?
        for seam in seams where seam.isPattern && seam.matches(path) {
            if best == nil || seam.specificity > best!.specificity { best = seam }
        }
        return best
    }
}
