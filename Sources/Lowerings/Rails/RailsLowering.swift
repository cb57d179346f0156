/// The Rails application, mounted at the output root.
public enum RailsLowering {
    public static let release = "rails-application-2026-09"

    public static func lower(_ loaded: LoadedPlan) -> PlatformLowering {
        // Filled in by the Rails lowering (issue 6).
        .declined("rails", release: release, mount: "")
    }
}
