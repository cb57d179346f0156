/// Lowers a loaded Plan into one `PlatformLowering` per tree, in a fixed order (rails, ios,
/// android). Pure: the Plan in, tasks and facts out.
public enum PlanLowering {
    public static func lower(_ loaded: LoadedPlan) -> [PlatformLowering] {
        [RailsLowering.lower(loaded), IOSLowering.lower(loaded), AndroidLowering.lower(loaded)]
    }
}
