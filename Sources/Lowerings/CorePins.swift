import Hashing

/// The pinned Cores. `orchestrate core pack Cores/<name>` prints the digest to pin here;
/// `CorePinTests` fails when a Core's source no longer packs to its pin.
public enum CorePins {
    public static let rails = CorePin(
        platform: .rails, digest: Digest(hex: "cf7f1e3717b8e0201aa19ebef1691840d99ae8dbf82440f0ebd42627e94e91a0")!,
        revision: "rails-core-2026-08.3", seams: CoreCatalog.railsSeams)
    public static let ios = CorePin(
        platform: .ios, digest: Digest(hex: "acd4af8814339d308d581b2145ef6594df3dac8c79bd64b6e0412e53a5e31b82")!,
        revision: "ios-core-2026-08.3", seams: CoreCatalog.iosSeams)
    public static let android = CorePin(
        platform: .android, digest: Digest(hex: "52c1a3facb5f11d39b1dbaab1a5154f5e5d394afb40b7b04959697c88e1fd1c2")!,
        revision: "android-core-2026-09.3", seams: CoreCatalog.androidSeams)

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
