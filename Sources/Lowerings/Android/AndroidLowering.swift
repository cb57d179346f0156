import Hashing
import Tasks

/// The Android client, release `android-application-2026-11`.
///
/// Declined (no `native.android`): no task, no Core. Requested but not lowerable (an identity
/// problem, or no navigation entry): omitted with positioned diagnostics and a
/// `native_client.not_generated` gap, while Rails and iOS go on. Otherwise one file task per Core
/// seam (the launcher foreground is the monogram's), each reading only the projections named in
/// its inputs.
public enum AndroidLowering {
    public static let release = "android-application-2026-11"
    public static let platform = Platform.android
    static let clientPointer = platform.clientPointer

    public static func lower(_ loaded: LoadedPlan) -> PlatformLowering {
        let plan = loaded.plan
        guard plan.application.native.android != nil else {
            return .declined(platform, release: release)
        }
        var diagnostics: [Diagnostic] = []
        var gaps: [Gap] = []

        let identity: AndroidIdentity?
        switch AndroidIdentity.derive(key: plan.application.key, domain: plan.application.domain) {
        case .success(let value): identity = value
        case .failure(let list):
            identity = nil
            diagnostics += list.problems.map { diagnostic(for: $0, loaded) }
        }
        let navigation = ApplicationNavigation(plan: plan, client: platform)
        let layout = navigation.layout
        if layout == nil {
            diagnostics.append(loaded.diagnostic(
                .androidNavigationNoEntry, at: JSONPointer(clientPointer)!,
                "the Android client has no navigation entry; give an entity \"index\": \"public\" or \"protected\", add an account, or remove application.native.android"))
        }
        guard let identity, let layout, diagnostics.isEmpty else {
            gaps.append(.clientNotGenerated(platform, diagnostics: diagnostics))
            if plan.application.push.requested(for: platform) { gaps.append(.pushClientNotGenerated(platform)) }
            // The client is omitted and the run goes on (000): its reasons are warnings, so an
            // error-severity diagnostic always means exit 65 with nothing written.
            return PlatformLowering(platform: platform, status: .omitted, release: release,
                                    gaps: gaps, diagnostics: diagnostics.map { $0.demotedToWarning }.sorted())
        }

        if identity.isPlaceholder {
            gaps.append(.placeholderIdentity(platform, origin: identity.origin, identifier: identity.applicationID))
        }
        if plan.application.appearance?.theme == .toggle { gaps.append(.themePreference(platform)) }
        if plan.application.push.requested(for: platform) { gaps.append(.push(platform)) }

        let projections = AndroidProjections(plan: plan, identity: identity, navigation: navigation, layout: layout)
        var builder = SeamTaskBuilder(release: release)
        addTasks(projections, into: &builder)
        addPushTasks(projections, into: &builder)
        let monogram = MonogramTasks.projection(appName: plan.application.name)
        builder.append(MonogramTasks.androidForeground(appName: plan.application.name, release: release), reads: [monogram])
        addExtensionTasks(plan.application.native.android!, loaded.extensions.android, into: &builder)
        // Provenance names each tab icon's projection apart (`android_tab_icon.<token>`).
        var byName = projections.byName
        byName[monogram.name] = monogram
        byName.merge(builder.projections.filter { $0.key.hasPrefix("native_file:") || ["android_extensions", "android_packages"].contains($0.key) }) { a, _ in a }
        return PlatformLowering(
            platform: platform, status: .emitted, release: release, tasks: builder.tasks,
            gaps: gaps, diagnostics: [], projections: byName, definitionDigest: projections.definition.projection.digest)
    }

    /// One task per seam of the Android Core, in `CoreCatalog.androidSeams` order, each reading
    /// only the projections its renderer reads; the tab-icon pattern seam gives one task per icon
    /// token a navigation entry uses (except `grid`, which the Core ships). The launcher
    /// foreground is the monogram's.
    static func addTasks(_ p: AndroidProjections, into builder: inout SeamTaskBuilder) {
        let identity = p.identity, definition = p.definition, digest = p.definition.projection.digest
        let entries = p.navigation.entries, layout = p.layout, routes = p.routes
        let version = p.version, push = p.push
        let links = p.links, scheme = p.links.scheme, domain = p.links.domain, components = p.bridge.components
        builder.add(.androidApplicationProperties,
                    reads: [p.identity.projection, p.definition.projection, version.projection, p.pushProjection, links.schemeProjection]) {
            AndroidApplicationRenderer.properties(identity: identity, definitionDigest: digest, version: version.value, push: push, scheme: scheme)
        }
        builder.add(.androidApplicationDefinition, reads: [p.definition.projection, p.navigation.projection]) {
            AndroidApplicationRenderer.definition(definition, digest: digest, entries: entries)
        }
        builder.add(.androidApplicationTests, reads: [p.navigation.projection, p.routes.projection]) {
            AndroidApplicationRenderer.tests(entries: entries, layout: layout, routes: routes)
        }
        let navigator = p.navigatorLayout, strings = p.strings
        builder.add(.androidActivityLayout, reads: [navigator.projection]) { AndroidResourceRenderer.activityLayout(navigator) }
        builder.add(.androidStrings, reads: [strings.projection]) { AndroidResourceRenderer.strings(strings) }
        let accent = p.appearance.accent, background = p.appearance.background
        for (seam, mode) in [(SeamID.androidColorsLight, AndroidResourceRenderer.Mode.light), (.androidColorsDark, .dark)] {
            builder.add(seam, reads: [p.appearance.accentProjection, p.appearance.backgroundProjection]) {
                AndroidResourceRenderer.colors(accent: accent, background: background, mode: mode)
            }
        }
        builder.add(.androidPathConfiguration, reads: [routes.projection]) { AndroidPathConfigurationRenderer.render(routes) }
        // Issue 17: the manifest (App Links with a domain) and the built-in bridge components.
        builder.add(.androidManifest, reads: [links.domainProjection]) { AndroidLinksRenderer.manifest(domain: domain) }
        builder.add(.androidBridgeRegistry, reads: [p.bridge.projection]) { AndroidLinksRenderer.bridgeRegistry(components) }
        for token in p.iconTokens where token != .grid {
            builder.add(.androidTabIcons, instance: token.rawValue, values: ["token": token.rawValue], reads: [p.iconProjection(token)]) {
                AndroidResourceRenderer.tabIcon(token)
            }
        }
    }

    /// Push (`/application/push/android`): the registration the Core calls, the Firebase service and
    /// the manifest `app/build.gradle.kts` merges when `application.properties` says `push=true`.
    /// Each reads only the Android flag, so push.ios never moves an Android key.
    static func addPushTasks(_ p: AndroidProjections, into builder: inout SeamTaskBuilder) {
        guard p.push else { return }
        builder.add(.androidPushRegistration, reads: [p.pushProjection]) { AndroidPushRenderer.registration() }
        builder.add(.androidPushMessagingService, reads: [p.pushProjection]) { AndroidPushRenderer.messagingService() }
        builder.add(.androidPushManifest, reads: [p.pushProjection]) { AndroidPushRenderer.manifest() }
    }

    /// The app's own native code (issue 16): a copy task per Kotlin source and drawable, keyed by
    /// the file's origin and digest; the registry from the declarations, the Gradle script from the
    /// Maven coordinates.
    static func addExtensionTasks(_ client: NativeClient, _ files: ClientExtensions, into builder: inout SeamTaskBuilder) {
        let prefix = AndroidExtensionPaths.sources + "/"
        for file in files.sources {
            let inside = String(file.destination.dropFirst(prefix.count)), bytes = file.bytes
            builder.add(.androidExtensionSources, instance: inside, values: ["file*": inside], reads: [file.projection]) { bytes }
        }
        let resources = AndroidExtensionPaths.resources + "/"
        for image in files.images {
            let parts = image.destination.dropFirst(resources.count).split(separator: "/").map(String.init)
            let bytes = image.bytes
            builder.add(.androidExtensionDrawables, instance: parts.joined(separator: "/"),
                        values: ["folder": parts[0], "file": parts[1]], reads: [image.projection]) { bytes }
        }
        let declarations = ExtensionDeclarations(client, platform: platform)
        if !declarations.isEmpty {
            builder.add(.androidExtensionRegistry, reads: [declarations.projection]) { AndroidExtensionRenderer.registry(declarations) }
        }
        let packages = PackageDeclarations(client, platform: platform)
        if !packages.mavenCoordinates.isEmpty {
            builder.add(.androidExtensionDependencies, reads: [packages.projection]) { AndroidExtensionRenderer.dependencies(packages) }
        }
    }

    static func diagnostic(for problem: AndroidIdentity.Problem, _ loaded: LoadedPlan) -> Diagnostic {
        let pointer = JSONPointer(problem.pointer)!
        switch problem {
        case .domain(let problem):
            return loaded.diagnostic(.androidIdentityDomainInvalid, at: pointer, problem.message)
        case .invalidSegment(let segment, _):
            return loaded.diagnostic(.androidIdentityInvalidSegment, at: pointer,
                "\"\(segment)\" is not a valid Android application ID segment (a letter, then letters, digits or '_'); choose another \(pointer.tokens.last ?? "value")")
        case .tooLong(let id, _):
            return loaded.diagnostic(.androidIdentityTooLong, at: pointer,
                "the Android application ID \"\(id)\" is \(id.utf8.count) bytes; Android allows at most \(AndroidIdentity.maximumLength); shorten the domain or the application key")
        case .placeholderLabelTooLong(let label):
            return loaded.diagnostic(.androidIdentityPlaceholderLabelTooLong, at: pointer,
                "without a domain the origin is https://\(label).invalid, and \"\(label)\" is \(label.utf8.count) bytes; a DNS label holds at most \(AndroidIdentity.maximumLabelLength); shorten the key or set application.domain")
        }
    }
}
