/// One file of a Core source tree that composition takes from a renderer
/// instead of from the pinned Core archive.
///
/// A `.replaces` seam names a placeholder file that exists in the Core tree and
/// is swapped for the rendered bytes; an `.adds` seam names a file the Core does
/// not ship. An `.adds` path may be a pattern: a segment written `{name}`
/// (`{entity}`, `{plural}`, `{token}`, `{timestamp}`, `{view}`) stands for a
/// value the renderer derives from the Plan, one file per value.
public struct CoreSeam: Hashable, Sendable {
    public enum Origin: String, Hashable, Sendable {
        case replaces
        case adds
    }

    public static let regularMode: UInt16 = 0o644
    public static let executableMode: UInt16 = 0o755

    /// Path relative to the Core root, `/`-separated, never absolute.
    public let path: String
    /// Renderer identity, for example `ios.identity_xcconfig`.
    public let owner: String
    /// `0o644` or `0o755`.
    public let mode: UInt16
    public let origin: Origin

    public init(path: String, owner: String, mode: UInt16 = CoreSeam.regularMode, origin: Origin) {
        self.path = path
        self.owner = owner
        self.mode = mode
        self.origin = origin
    }

    /// True when the path holds a `{name}` placeholder segment.
    public var isPattern: Bool {
        path.contains("{")
    }
}
