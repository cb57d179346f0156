import Hashing

/// The pinned Cores. `orchestrate core pack Cores/<name>` prints the digest to pin here;
/// `CorePinTests` fails when a Core's source no longer packs to its pin.
public enum CorePins {
    public static let rails = CorePin(
        platform: .rails, digest: Digest(hex: "954cd478b30f1a6f62db85eaa5e35cc536fc8580a881d5c1524378b5b940fc92")!,
        revision: "rails-core-2026-11.1", seams: CoreCatalog.railsSeams)
    public static let ios = CorePin(
        platform: .ios, digest: Digest(hex: "f498128112e45bf283553022d65e28a6635afe9486d025e497b7e142a4c2e6e8")!,
        revision: "ios-core-2026-11.1", seams: CoreCatalog.iosSeams)
    public static let android = CorePin(
        platform: .android, digest: Digest(hex: "e6d9a62eb1e31395236305fc72b304b581d457e539d0d9399926b28ce979e977")!,
        revision: "android-core-2026-11.1", seams: CoreCatalog.androidSeams)

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
