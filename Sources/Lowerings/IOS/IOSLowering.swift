/// The iOS client, release `ios-application-2026-08`.
public enum IOSLowering {
    public static let release = "ios-application-2026-08"

    public static func lower(_ loaded: LoadedPlan) -> PlatformLowering {
        // Filled in by the iOS lowering (issue 4).
        .declined("ios", release: release, mount: "ios")
    }
}
