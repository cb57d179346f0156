/// The pinned Cores. `orchestrate core pack Cores/<name>` prints the digest to pin here;
/// `CorePinTests` fails when a Core's source no longer packs to its pin.
public enum CorePins {
    public static let rails = CorePin(
        name: "rails", digest: "ebd3025be7828523e8f2ac022c9adf732a3664076340ebc92f36389b2f92d3cc",
        revision: "rails-core-2026-08.3", mount: "", seams: CoreCatalog.railsSeams)
    public static let ios = CorePin(
        name: "ios", digest: "ebef2f749c59fa83b20915017a026e5636105fe207408786a75d72618852f001",
        revision: "ios-core-2026-08.3", mount: "ios", seams: CoreCatalog.iosSeams)
    public static let android = CorePin(
        name: "android", digest: "472a491fe798bcd07a336cb02d71034064ae8304ceacbe6a7563d80d4ed483b1",
        revision: "android-core-2026-09.3", mount: "android", seams: CoreCatalog.androidSeams)

    public static let all = [rails, ios, android]

    public static func pin(for platform: String) -> CorePin? { all.first { $0.name == platform } }
}
