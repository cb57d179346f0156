/// The pinned Cores. `orchestrate core pack Cores/<name>` prints the digest to pin here;
/// `CorePinTests` fails when a Core's source no longer packs to its pin.
public enum CorePins {
    public static let rails = CorePin(
        name: "rails", digest: "e86ff1f15ae95830c6854b1869fa279dceb6ebe2b5a15010e1fb1ee55d35198b",
        revision: "rails-core-2026-08.3", mount: "", seams: CoreCatalog.railsSeams)
    public static let ios = CorePin(
        name: "ios", digest: "fb227bdfddcd92435e46f82b4d6e0d8b808b289fa5352f04cdc12e11899f5cd2",
        revision: "ios-core-2026-08.2", mount: "ios", seams: CoreCatalog.iosSeams)
    public static let android = CorePin(
        name: "android", digest: "5901e110d77cebb15e66f9a609a4ab3984d1dce79b5f9e95fca76859b000038c",
        revision: "android-core-2026-09.2", mount: "android", seams: CoreCatalog.androidSeams)

    public static let all = [rails, ios, android]

    public static func pin(for platform: String) -> CorePin? { all.first { $0.name == platform } }
}
