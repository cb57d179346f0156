import Hashing

/// The pinned Cores. `orchestrate core pack Cores/<name>` prints the digest to pin here;
/// `CorePinTests` fails when a Core's source no longer packs to its pin.
public enum CorePins {
    public static let rails = CorePin(
        platform: .rails, digest: Digest(hex: "1da47386e64d012e893304ec1709e6e452ce18d85ba5f5776649bbffd3f719af")!,
        revision: "rails-core-2026-08.4", seams: CoreCatalog.railsSeams)
    public static let ios = CorePin(
        platform: .ios, digest: Digest(hex: "280831d59fd92ef24d6d5a3d9496d1ba9769c33e9b878eadca741c6fcff82368")!,
        revision: "ios-core-2026-11.1", seams: CoreCatalog.iosSeams)
    public static let android = CorePin(
        platform: .android, digest: Digest(hex: "ce86d245d16e5370dbeb7f81cbbfd008049980854b940cf6de9438828d2c9027")!,
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
