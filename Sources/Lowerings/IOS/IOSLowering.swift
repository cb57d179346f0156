import Hashing
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
    public static let platform = "ios"
    public static let mount = "ios"
    public static let clientPointer = "/application/native/ios"

    /// Seams another task family fills (the monogram AppIcon copy).
    public static let seamsRenderedElsewhere: Set<String> = ["ios.app_icon"]

    public enum GapCode {
        public static let notGenerated = "foundation_plan.gap.native_client.not_generated"
        public static let placeholderIdentity = "foundation_plan.gap.native_client.partially_generated"
        public static let themePreference = "foundation_plan.gap.appearance.native_theme_preference.not_generated"
        public static let push = "foundation_plan.gap.native_push.not_generated"
    }

    public enum GapStatus {
        public static let notGenerated = "not_generated"
        public static let partiallyGenerated = "partially_generated"
    }

    public static func lower(_ loaded: LoadedPlan) -> PlatformLowering {
        let plan = loaded.plan
        guard plan.application.native.ios != nil else { return .declined(platform, release: release, mount: mount) }

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
            let codes = diagnostics.map(\.code.rawValue)
            let gap = RunSummary.Gap(
                code: GapCode.notGenerated, pointer: clientPointer, status: GapStatus.notGenerated,
                message: "the iOS client was requested but not generated (\(codes.joined(separator: ", "))); the Rails application is still generated. Fix the diagnostics to generate it.",
                clients: [platform])
            return PlatformLowering(platform: platform, status: .omitted, release: release, mount: mount,
                                    gaps: [gap], diagnostics: diagnostics)
        }

        let appearance = AppearanceProjection(plan: plan)
        let routes = IOSPathRoutes(plan: plan, navigation: navigation)
        var tasks = makeTasks(identity: iosIdentity, navigation: navigation, routes: routes, appearance: appearance)
        tasks.append(MonogramTasks.pngCopy(appName: plan.application.name, id: "ios.app_icon", platform: platform, release: release,
                                           path: mounted(mount, "Resources/Assets.xcassets/AppIcon.appiconset/AppIcon.png")))
        var projections: [String: Projection] = [:]
        for projection in [identity.projection, iosIdentity.projection, navigation.projection, routes.projection,
                           appearance.accentProjection, appearance.backgroundProjection,
                           MonogramTasks.projection(appName: plan.application.name)] {
            projections[projection.name] = projection
        }
        return PlatformLowering(platform: platform, status: .emitted, release: release, mount: mount, tasks: tasks,
                                gaps: gaps(plan: plan, identity: iosIdentity), projections: projections,
                                definitionDigest: identity.digest)
    }

    /// One task per seam, in `CoreCatalog.iosSeams` order.
    static func makeTasks(identity: IOSIdentity, navigation: IOSNavigation, routes: IOSPathRoutes,
                          appearance: AppearanceProjection) -> [FileTask] {
        let accent = appearance.accent
        let background: Color? = appearance.background
        var tasks: [FileTask] = []
        for seam in CoreCatalog.iosSeams where !seamsRenderedElsewhere.contains(seam.owner) {
            let reads: [Projection]
            let render: @Sendable () -> [UInt8]
            switch seam.owner {
            case "ios.application_definition":
                reads = [identity.projection]
                render = { ApplicationDefinitionRenderer.render(identity) }
            case "ios.navigation_definition":
                reads = [navigation.projection]
                render = { NavigationDefinitionRenderer.render(navigation) }
            case "ios.identity_xcconfig":
                reads = [identity.projection]
                render = { IdentityXcconfigRenderer.render(identity) }
            case "ios.path_configuration":
                reads = [routes.projection]
                render = { PathConfigurationRenderer.render(routes) }
            case "ios.accent_color":
                reads = [appearance.accentProjection]
                render = { ColorSetRenderer.render(accent) }
            case "ios.background_color":
                reads = [appearance.backgroundProjection]
                render = { ColorSetRenderer.render(background) }
            case "ios.application_tests":
                reads = [identity.projection, navigation.projection, routes.projection]
                render = { ApplicationTestsRenderer.render(identity: identity, navigation: navigation, routes: routes) }
            case "ios.navigation_ui_tests":
                reads = [navigation.projection]
                render = { NavigationUITestsRenderer.render(navigation) }
            default:
                // A seam this release does not know: composition reports it as missing.
                continue
            }
            tasks.append(FileTask(
                id: seam.owner, family: seam.owner, platform: platform, release: release,
                path: mounted(mount, seam.path), mode: FileMode(rawValue: seam.mode) ?? .regular,
                inputs: Dictionary(uniqueKeysWithValues: reads.map { ($0.name, $0.digest) }),
                render: { _ in render() }))
        }
        return tasks
    }

    /// The reviewed residuals of an emitted client.
    static func gaps(plan: Plan, identity: IOSIdentity) -> [RunSummary.Gap] {
        var gaps: [RunSummary.Gap] = []
        if identity.bundle.isPlaceholder {
            gaps.append(RunSummary.Gap(
                code: GapCode.placeholderIdentity, pointer: clientPointer, status: GapStatus.partiallyGenerated,
                message: "the iOS client uses the placeholder origin \(identity.bundle.origin) and bundle id \(identity.bundle.bundleIdentifier): a Release build cannot reach the server or be submitted. Set /application/domain (or replace both values) before a Release build; a bundle id cannot change once the app is published.",
                clients: [platform]))
        }
        if plan.application.appearance?.theme == .toggle {
            gaps.append(RunSummary.Gap(
                code: GapCode.themePreference, pointer: "/application/appearance/theme", status: GapStatus.partiallyGenerated,
                message: "theme toggle: the iOS client follows the system appearance; no native Light/Dark/System preference control is generated.",
                clients: [platform]))
        }
        if plan.application.push.ios {
            gaps.append(RunSummary.Gap(
                code: GapCode.push, pointer: "/application/push/ios", status: GapStatus.notGenerated,
                message: "push for iOS is requested, but push machinery (APNs registration, device tokens, a test send) is not generated yet.",
                clients: [platform]))
        }
        return gaps
    }
}
