import Hashing

/// The pinned Cores. `orchestrate core pack Cores/<name>` prints the digest to pin here;
/// `CorePinTests` fails when a Core's source no longer packs to its pin.
public enum CorePins {
    public static let rails = CorePin(
        platform: .rails, digest: Digest(hex: "954cd478b30f1a6f62db85eaa5e35cc536fc8580a881d5c1524378b5b940fc92")!,
        revision: "rails-core-2026-11.1", seams: CoreCatalog.railsSeams)
    public static let ios = CorePin(
        platform: .ios, digest: Digest(hex: "f1cbf4d20780f889a26d00cfa9206a2431314a2dfe1f642d33251fab6fbbf511")!,
        revision: "ios-core-2026-11.2", seams: CoreCatalog.iosSeams)
    public static let android = CorePin(
        platform: .android, digest: Digest(hex: "b1bc8211c8c2346594fbc4f1d95d3612e08eb4bfc487f28de85b15a99967507f")!,
        revision: "android-core-2026-11.2", seams: CoreCatalog.androidSeams)

    public static let all = [rails, ios, android]

    /// The tree an output path belongs to: the pin whose mount holds it, else the root tree.
    public static func tree(of path: String, _ pins: [CorePin] = all) -> Platform {
        pins.first { !$0.mount.isEmpty && path.hasPrefix($0.mount + "/") }?.platform ?? .rails
    }

    public static func pin(for platform: Platform) -> CorePin {
        switch platform {
        case .rails: return rails
        case .ios: return ios
        case .android: return android
        }
    }
}
