import Hashing

/// The pinned Cores. `orchestrate core pack Cores/<name>` prints the digest to pin here;
/// `CorePinTests` fails when a Core's source no longer packs to its pin.
public enum CorePins {
    public static let rails = CorePin(
        platform: .rails, digest: Digest(hex: "954cd478b30f1a6f62db85eaa5e35cc536fc8580a881d5c1524378b5b940fc92")!,
        revision: "rails-core-2026-11.1", seams: CoreCatalog.railsSeams)
    public static let ios = CorePin(
        platform: .ios, digest: Digest(hex: "971da11dca5a88ad1411f992ae52fbf8dc821dbdb7d0af7c6c650dc5106961ac")!,
        revision: "ios-core-2026-11.3", seams: CoreCatalog.iosSeams)
    public static let android = CorePin(
        platform: .android, digest: Digest(hex: "22a0cc5ddecd9eed59ad8526273b5787d7cf7598d537ac55f0c5aa455dd79760")!,
        revision: "android-core-2026-11.3", seams: CoreCatalog.androidSeams)

    public static let all = [rails, ios, android]

    /// The tree an output path belongs to: the pin whose mount holds it, else the root tree.
    public static func tree(of path: String, _ pins: [CorePin] = all) -> Platform {
        pins.first { !$0.mount.isEmpty && path.utf8HasPrefix($0.mount + "/") }?.platform ?? .rails
    }

    public static func pin(for platform: Platform) -> CorePin {
        switch platform {
        case .rails: return rails
        case .ios: return ios
        case .android: return android
        }
    }
}
