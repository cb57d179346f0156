import Cache
import Tasks

/// The iOS client, release `ios-application-2026-11`.
///
/// * No `native.ios` object: `.declined`, no task, no gap.
/// * A requested client whose key, domain or display name cannot form the pinned identity, or
///   that has no navigation entry: `.omitted` with every diagnostic and one
///   `foundation_plan.gap.native_client.not_generated` gap; the rest of the compile goes on.
/// * Otherwise `.emitted`: one file task per iOS Core seam except `ios.app_icon` (the pinned
///   monogram copy is wired in separately), each reading only the projections it names.
///
/// Gap statuses: `not_generated` (nothing of that request is generated) and
/// `partially_generated` (generated, with a reviewed residual).
public enum IOSLowering {
    public static let release = "ios-application-2026-11"
    public static let platform = Platform.ios
    public static let clientPointer = platform.clientPointer

    /// Seams another task family fills (the monogram AppIcon copy).
    public static let seamsRenderedElsewhere: Set<SeamID> = [.iosAppIcon]

    public static func lower(_ loaded: LoadedPlan) -> PlatformLowering {
        let plan = loaded.plan
        guard plan.application.native.ios != nil else { return .declined(platform, release: release) }

        let identity = IdentityProjection(plan: plan, release: release)
        var (iosIdentity, problems) = IOSIdentity.lower(plan: plan, identity: identity, release: release)
        let navigation = IOSNavigation(ApplicationNavigation(plan: plan))
        if navigation == nil {
            problems.append(IOSProblem(.iosNavigationNoEntry, at: clientPointer,
                                       "the iOS client needs at least one navigation entry: give an entity a public or protected index, or add an account"))
        }
        guard let iosIdentity, let navigation, problems.isEmpty else {
            // The client is omitted and the run goes on (000): its reasons are warnings, so an
            // error-severity diagnostic always means exit 65 with nothing written.
            let diagnostics = problems.map { loaded.diagnostic($0.code, at: $0.pointer, severity: .warning, $0.message) }.sorted()
            return PlatformLowering(platform: platform, status: .omitted, release: release,
                                    gaps: [.clientNotGenerated(platform, diagnostics: diagnostics)], diagnostics: diagnostics)
        }

        let appearance = AppearanceProjection(plan: plan)
        let routes = IOSPathRoutes(plan: plan, navigation: navigation)
        var tasks = makeTasks(identity: iosIdentity, navigation: navigation, routes: routes, appearance: appearance)
        tasks.append(MonogramTasks.pngCopy(appName: plan.application.name, seam: .iosAppIcon, release: release))
        var projections: [String: Projection] = [:]
        for projection in [identity.projection, iosIdentity.projection, navigation.projection, routes.projection,
                           appearance.accentProjection, appearance.backgroundProjection,
                           MonogramTasks.projection(appName: plan.application.name)] {
            projections[projection.name] = projection
        }
        return PlatformLowering(platform: platform, status: .emitted, release: release, tasks: tasks,
                                gaps: gaps(plan: plan, identity: iosIdentity), projections: projections,
                                definitionDigest: identity.digest)
    }

    /// One task per seam, in `CoreCatalog.iosSeams` order.
    static func makeTasks(identity: IOSIdentity, navigation: IOSNavigation, routes: IOSPathRoutes,
                          appearance: AppearanceProjection) -> [FileTask] {
        let accent = appearance.accent
        let background: Color? = appearance.background
        var tasks: [FileTask] = []
        for seam in CoreCatalog.iosSeams where !seamsRenderedElsewhere.contains(seam.id) {
            let reads: [Projection]
            let render: @Sendable () -> [UInt8]
            switch seam.id {
            case .iosApplicationDefinition:
                reads = [identity.projection]
                render = { ApplicationDefinitionRenderer.render(identity) }
            case .iosNavigationDefinition:
                reads = [navigation.projection]
                render = { NavigationDefinitionRenderer.render(navigation) }
            case .iosIdentityXcconfig:
                reads = [identity.projection]
                render = { IdentityXcconfigRenderer.render(identity) }
            case .iosPathConfiguration:
                reads = [routes.projection]
                render = { PathConfigurationRenderer.render(routes) }
            case .iosAccentColor:
                reads = [appearance.accentProjection]
                render = { ColorSetRenderer.render(accent) }
            case .iosBackgroundColor:
                reads = [appearance.backgroundProjection]
                render = { ColorSetRenderer.render(background) }
            case .iosApplicationTests:
                reads = [identity.projection, navigation.projection, routes.projection]
                render = { ApplicationTestsRenderer.render(identity: identity, navigation: navigation, routes: routes) }
            case .iosNavigationUITests:
                reads = [navigation.projection]
                render = { NavigationUITestsRenderer.render(navigation) }
            default:
                // A seam this release does not know: composition reports it as missing.
                continue
            }
            tasks.append(FileTask(
                id: seam.id.rawValue, family: seam.id.rawValue, platform: platform.rawValue, release: release,
                path: seam.outputPath, mode: seam.mode,
                inputs: Dictionary(uniqueKeysWithValues: reads.map { ($0.name, $0.digest) }),
                render: { _ in render() }))
        }
        return tasks
    }

    /// The reviewed residuals of an emitted client.
    static func gaps(plan: Plan, identity: IOSIdentity) -> [Gap] {
        var gaps: [Gap] = []
        if identity.bundle.isPlaceholder {
            gaps.append(.placeholderIdentity(platform, origin: identity.bundle.origin, identifier: identity.bundle.bundleIdentifier))
        }
        if plan.application.appearance?.theme == .toggle { gaps.append(.themePreference(platform)) }
        if plan.application.push.requested(for: platform) { gaps.append(.push(platform)) }
        return gaps
    }
}
