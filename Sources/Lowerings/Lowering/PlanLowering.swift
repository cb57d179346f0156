import Tasks

/// Lowers a loaded Plan into one `PlatformLowering` per tree, in a fixed order (rails, ios,
/// android). Pure: the Plan in, tasks and facts out. The native clients lower first, so that
/// Rails adds its server-side files (the path-configuration routes, previews, workflows) only for
/// clients that were actually emitted.
public enum PlanLowering {
    public static func lower(_ loaded: LoadedPlan) -> [PlatformLowering] {
        // The two clients are independent: lowered side by side.
        let clients = concurrentMap(count: 2, chunk: 1) { $0 == 0 ? IOSLowering.lower(loaded) : AndroidLowering.lower(loaded) }
        let (ios, android) = (clients[0], clients[1])
        let emitted = Set([ios, android].filter { $0.status == .emitted }.map(\.platform))
        return [RailsLowering.lower(loaded, emittedClients: emitted), ios, android]
    }
}
