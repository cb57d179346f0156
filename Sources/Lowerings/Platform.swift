/// The three trees a compile can write: the Rails application at the output root and the two
/// Hotwire Native clients mounted under `ios/` and `android/`. The raw value is the name used
/// everywhere a platform is written down (summaries, provenance, `--platform`, `Cores/<name>`).
public enum Platform: String, CaseIterable, Codable, Hashable, Sendable, CustomStringConvertible {
    case rails
    case ios
    case android

    /// The native clients, in the order they lower and are listed (Rails names them in this order).
    public static let clients: [Platform] = [.ios, .android]

    /// Where the tree is mounted in the output ("" = the root).
    public var mount: String { self == .rails ? "" : rawValue }

    /// The name a person reads: `Rails`, `iOS`, `Android`.
    public var displayName: String {
        switch self {
        case .rails: return "Rails"
        case .ios: return "iOS"
        case .android: return "Android"
        }
    }

    /// True for the Hotwire Native clients.
    public var isClient: Bool { self != .rails }

    /// The Plan object whose presence requests this client (`/application/native/ios`).
    public var clientPointer: String { "/application/native/\(rawValue)" }

    /// The Plan flag that requests push for this client (`/application/push/ios`).
    public var pushPointer: String { "/application/push/\(rawValue)" }

    /// The owner name of the files its pinned Core ships, in provenance (`core:ios`).
    public var coreOwner: String { "core:\(rawValue)" }

    public var description: String { rawValue }
}
