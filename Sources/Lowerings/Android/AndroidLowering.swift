/// The Android client, release `android-application-2026-09`.
public enum AndroidLowering {
    public static let release = "android-application-2026-09"

    public static func lower(_ loaded: LoadedPlan) -> PlatformLowering {
        // Filled in by the Android lowering (issue 5).
        .declined("android", release: release, mount: "android")
    }
}
