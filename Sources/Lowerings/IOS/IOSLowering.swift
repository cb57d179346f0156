import Hashing
import Tasks

/// The iOS client, release `ios-application-2026-11.1`.
///
/// * No `native.ios` object: `.declined`, no task, no gap.
/// * A requested client whose key, domain or display name cannot form the pinned identity, or
///   that has no navigation entry: `.omitted` with every diagnostic and one
///   `foundation_plan.gap.native_client.not_generated` gap; the rest of the compile goes on.
/// * Otherwise `.emitted`: one file task per iOS Core seam (`ios.app_icon` is the pinned monogram
///   copy), each reading only the projections it names.
///
/// Gap statuses: `not_generated` (nothing of that request is generated) and
/// `partially_generated` (generated, with a reviewed residual).
public enum IOSLowering {
    public static let release = "ios-application-2026-11.1"
    public static let platform = Platform.ios
    public static let clientPointer = platform.clientPointer

    public static func lower(_ loaded: LoadedPlan) -> PlatformLowering {
        let plan = loaded.plan
        guard plan.application.native.ios != nil else { return .declined(platform, release: release) }

        let identity = IdentityProjection(plan: plan, release: release)
        var (iosIdentity, problems) = IOSIdentity.lower(plan: plan, identity: identity, release: release)
        let navigation = IOSNavigation(ApplicationNavigation(plan: plan, client: platform))
        if navigation == nil {
            problems.append(IOSProblem(.iosNavigationNoEntry, at: clientPointer,
                                       "the iOS client needs at least one navigation entry: give an entity a public or protected index, or add an account"))
        }
        guard let iosIdentity, let navigation, problems.isEmpty else {
            // The client is omitted and the run goes on (000): its reasons are warnings, so an
            // error-severity diagnostic always means exit 65 with nothing written.
            let diagnostics = problems.map { loaded.diagnostic($0.code, at: $0.pointer, severity: .warning, $0.message) }.sorted()
            var gaps: [Gap] = [.clientNotGenerated(platform, diagnostics: diagnostics)]
            if plan.application.push.requested(for: platform) { gaps.append(.pushClientNotGenerated(platform)) }
            return PlatformLowering(platform: platform, status: .omitted, release: release, gaps: gaps, diagnostics: diagnostics)
        }

        let appearance = AppearanceProjection(plan: plan)
        let routes = IOSPathRoutes(plan: plan, navigation: navigation)
        var builder = SeamTaskBuilder(release: release)
        // The definition the native files record a digest of (000's departure, DESIGN.md).
        builder.include([identity.projection])
        let version = ReleaseVersion(plan: plan), pushRequested = plan.application.push.requested(for: platform)
        // The iOS push flag alone: push.android never moves an iOS key.
        let push = PushProjection.client(platform, requested: pushRequested)
        addTasks(identity: iosIdentity, navigation: navigation, routes: routes, appearance: appearance,
                 push: push, requested: pushRequested, into: &builder)
        addLinksAndBridge(links: LinksProjection(plan: plan), bridge: BridgeProjection(plan: plan), identity: iosIdentity,
                          version: version, push: push, requested: pushRequested, into: &builder)
        builder.append(MonogramTasks.pngCopy(appName: plan.application.name, seam: .iosAppIcon, release: release),
                       reads: [MonogramTasks.projection(appName: plan.application.name)])
        addExtensionTasks(plan.application.native.ios!, loaded.extensions.ios, into: &builder)
        return PlatformLowering(platform: platform, status: .emitted, release: release, tasks: builder.tasks,
                                gaps: gaps(plan: plan, identity: iosIdentity), projections: builder.projections,
                                definitionDigest: identity.digest)
    }

    /// One task per seam of the iOS Core, in `CoreCatalog.iosSeams` order, each reading only the
    /// projections its renderer reads (the AppIcon is the monogram copy).
    static func addTasks(identity: IOSIdentity, navigation: IOSNavigation, routes: IOSPathRoutes,
                         appearance: AppearanceProjection, push: Projection, requested pushRequested: Bool,
                         into builder: inout SeamTaskBuilder) {
        let accent = appearance.accent
        let background: Color? = appearance.background
        builder.add(.iosApplicationDefinition, reads: [identity.projection]) { ApplicationDefinitionRenderer.render(identity) }
        builder.add(.iosNavigationDefinition, reads: [navigation.projection]) { NavigationDefinitionRenderer.render(navigation) }
        builder.add(.iosPathConfiguration, reads: [routes.projection]) { PathConfigurationRenderer.render(routes) }
        builder.add(.iosAccentColor, reads: [appearance.accentProjection]) { ColorSetRenderer.render(accent) }
        builder.add(.iosBackgroundColor, reads: [appearance.backgroundProjection]) { ColorSetRenderer.render(background) }
        builder.add(.iosApplicationTests, reads: [identity.projection, navigation.projection, routes.projection]) {
            ApplicationTestsRenderer.render(identity: identity, navigation: navigation, routes: routes)
        }
        builder.add(.iosNavigationUITests, reads: [navigation.projection]) { NavigationUITestsRenderer.render(navigation) }
        if pushRequested {
            let release = identity.release
            builder.add(.iosPushRegistration, reads: [push]) { PushRegistrationRenderer.registration(release: release) }
        }
    }

    /// Issue 17: the xcconfig (with the URL scheme Info.plist registers), the entitlements (the
    /// domain's Associated Domains) and the built-in bridge components to register.
    /// The xcconfig also carries the marketing version (issue 17's release versions); the one
    /// entitlements file holds push's `aps-environment` and the domain's Associated Domains.
    static func addLinksAndBridge(links: LinksProjection, bridge: BridgeProjection, identity: IOSIdentity, version: ReleaseVersion,
                                  push: Projection, requested pushRequested: Bool, into builder: inout SeamTaskBuilder) {
        let (scheme, domain, components) = (links.scheme, links.domain, bridge.components)
        builder.add(.iosIdentityXcconfig, reads: [identity.projection, version.projection, links.schemeProjection]) {
            IdentityXcconfigRenderer.render(identity, version: version, scheme: scheme)
        }
        builder.add(.iosEntitlements, reads: [links.domainProjection, push]) {
            IOSLinksRenderer.entitlements(domain: domain, push: pushRequested)
        }
        builder.add(.iosBridgeRegistry, reads: [bridge.projection]) { IOSLinksRenderer.bridgeRegistry(components) }
    }

    /// The app's own native code (issue 16): a copy task per Swift source and image, keyed by the
    /// file's origin and digest (and its destination, as every key is); an imageset's
    /// `Contents.json` from its file names; the registry from the declarations, the package
    /// manifest from the packages: so a file's bytes move only that file's task.
    static func addExtensionTasks(_ client: NativeClient, _ files: ClientExtensions, into builder: inout SeamTaskBuilder) {
        let prefix = IOSExtensionPaths.sources + "/"
        for file in files.sources {
            let inside = String(file.destination.dropFirst(prefix.count)), bytes = file.bytes
            builder.add(.iosExtensionSources, instance: inside, values: ["file*": inside], reads: [file.projection]) { bytes }
        }
        for set in files.imageSets {
            for image in set.images {
                let bytes = image.file.bytes
                builder.add(.iosExtensionImages, instance: set.name + "/" + image.file.name,
                            values: ["name": set.name, "file": image.file.name], reads: [image.file.projection]) { bytes }
            }
            builder.add(.iosExtensionImageSets, instance: set.name, values: ["name": set.name], reads: [set.projection]) {
                ExtensionRenderer.imageSetContents(set)
            }
        }
        let declarations = ExtensionDeclarations(client, platform: platform)
        if !declarations.isEmpty {
            builder.add(.iosExtensionRegistry, reads: [declarations.projection]) { ExtensionRenderer.registry(declarations) }
        }
        let packages = PackageDeclarations(client, platform: platform)
        if !packages.swiftPackages.isEmpty {
            builder.add(.iosExtensionPackage, reads: [packages.projection]) { ExtensionRenderer.packageManifest(packages) }
            builder.add(.iosExtensionExports, reads: [packages.projection]) { ExtensionRenderer.exports(packages) }
        }
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
