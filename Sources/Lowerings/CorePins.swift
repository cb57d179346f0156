import Hashing

/// The pinned Cores. `orchestrate core pack Cores/<name>` prints the digest to pin here;
/// `CorePinTests` fails when a Core's source no longer packs to its pin.
public enum CorePins {
    public static let rails = CorePin(
        platform: .rails, digest: Digest(hex: "1da47386e64d012e893304ec1709e6e452ce18d85ba5f5776649bbffd3f719af")!,
        revision: "rails-core-2026-08.4", seams: CoreCatalog.railsSeams)
    public static let ios = CorePin(
        platform: .ios, digest: Digest(hex: "6f602c09c62b75c8d216e337cc4685080cb025d07601543afffa85dee13996c2")!,
        revision: "ios-core-2026-11.1", seams: CoreCatalog.iosSeams)
    public static let android = CorePin(
        platform: .android, digest: Digest(hex: "fe6c84d143e1b82458673573eb98386f34777a351922135946d2720755da307f")!,
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
