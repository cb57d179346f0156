import Hashing
import Tasks

/// What lowering a Plan produced for one tree.
public struct PlatformLowering: Sendable {
    public enum Status: String, Sendable, Hashable {
        /// Requested and generated.
        case emitted
        /// Not requested (no `native.<platform>` object): no task, no Core.
        case declined
        /// Requested but could not lower: omitted with diagnostics and a gap.
        case omitted
    }

    public var platform: Platform
    public var status: Status
    /// The lowering release (`ios-application-2026-11.1`, …).
    public var release: String
    /// One file task per seam; paths are final output paths (mount included).
    public var tasks: [FileTask]
    public var gaps: [Gap]
    public var diagnostics: [Diagnostic]
    /// Every projection the tasks read, by name (for provenance and reuse reasons).
    public var projections: [String: Projection]
    /// The digest a native definition records (the identity projection), nil for Rails.
    public var definitionDigest: Digest?

    public init(platform: Platform, status: Status, release: String, tasks: [FileTask] = [],
                gaps: [Gap] = [], diagnostics: [Diagnostic] = [], projections: [String: Projection] = [:],
                definitionDigest: Digest? = nil) {
        self.platform = platform
        self.status = status
        self.release = release
        self.tasks = tasks
        self.gaps = gaps
        self.diagnostics = diagnostics
        self.projections = projections
        self.definitionDigest = definitionDigest
    }

    /// Where the tree is mounted in the output (`ios`, `android`, or "" for the root).
    public var mount: String { platform.mount }

    public static func declined(_ platform: Platform, release: String) -> PlatformLowering {
        PlatformLowering(platform: platform, status: .declined, release: release)
    }
}

/// Joins a mount and a Core-relative path.
public func mounted(_ mount: String, _ path: String) -> String { mount.isEmpty ? path : mount + "/" + path }
