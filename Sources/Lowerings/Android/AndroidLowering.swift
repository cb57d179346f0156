import Hashing
import Tasks

/// The Android client, release `android-application-2026-11`.
///
/// Declined (no `native.android`): no task, no Core. Requested but not lowerable (an identity
/// problem, or no navigation entry): omitted with positioned diagnostics and a
/// `native_client.not_generated` gap, while Rails and iOS go on. Otherwise one file task per Core
/// seam except the launcher foreground (wired in with the monogram), each reading only the
/// projections named in its inputs.
public enum AndroidLowering {
    public static let release = "android-application-2026-11"
    public static let platform = "android"
    public static let mount = "android"
    static let clientPointer = "/application/native/android"

    /// Seams this lowering does not render.
    public static let excludedSeamOwners: Set<String> = ["android.launcher_foreground"]

    public static func lower(_ loaded: LoadedPlan) -> PlatformLowering {
        let plan = loaded.plan
        guard plan.application.native.android != nil else {
            return .declined(platform, release: release, mount: mount)
        }
        var diagnostics: [Diagnostic] = []
        var gaps: [RunSummary.Gap] = []
        if plan.application.push.android {
            gaps.append(RunSummary.Gap(
                code: "foundation_plan.gap.push.not_generated", pointer: "/application/push/android", status: "not_generated",
                message: "Android push was requested, but push machinery (Action Push Native registration, FCM credentials) is not generated yet; the Android client is built without it.",
                clients: [platform]))
        }

        let identity: AndroidIdentity?
        switch AndroidIdentity.derive(key: plan.application.key, domain: plan.application.domain) {
        case .success(let value): identity = value
        case .failure(let list):
            identity = nil
            diagnostics += list.problems.map { diagnostic(for: $0, loaded) }
        }
        let navigation = ApplicationNavigation(plan: plan)
        let layout = navigation.layout
        if layout == nil {
            diagnostics.append(loaded.diagnostic(
                .androidNavigationNoEntry, at: JSONPointer(clientPointer)!,
                "the Android client has no navigation entry; give an entity \"index\": \"public\" or \"protected\", add an account, or remove application.native.android"))
        }
        guard let identity, let layout, diagnostics.isEmpty else {
            gaps.append(RunSummary.Gap(
                code: "foundation_plan.gap.native_client.not_generated", pointer: clientPointer, status: "not_generated",
                message: "The Android client was requested but not generated: \(diagnostics.sorted().map { $0.code.rawValue }.joined(separator: ", ")). The Rails application is still generated.",
                clients: [platform]))
            // The client is omitted and the run goes on (000): its reasons are warnings, so an
            // error-severity diagnostic always means exit 65 with nothing written.
            return PlatformLowering(platform: platform, status: .omitted, release: release, mount: mount,
                                    gaps: gaps, diagnostics: diagnostics.map { $0.demotedToWarning }.sorted())
        }

        if identity.isPlaceholder {
            gaps.append(RunSummary.Gap(
                code: "foundation_plan.gap.native_client.partially_generated", pointer: clientPointer, status: "partially_generated",
                message: "The Android client uses the placeholder origin \(identity.origin) and application ID \(identity.applicationID), which cannot reach the server or be published. Set application.domain (or replace both values) before a Release build: a store application ID cannot change after the app is published.",
                clients: [platform]))
        }
        if plan.application.appearance?.theme == .toggle {
            gaps.append(RunSummary.Gap(
                code: "foundation_plan.gap.appearance.native_theme_preference.not_generated",
                pointer: "/application/appearance/theme", status: "partially_generated",
                message: "The theme toggle is browser-only: the Android client follows the system appearance, and no native preference control or bridge is generated.",
                clients: [platform]))
        }

        let projections = AndroidProjections(plan: plan, identity: identity, navigation: navigation, layout: layout)
        var all = tasks(projections)
        all.append(MonogramTasks.androidForeground(
            appName: plan.application.name, release: release,
            path: mounted(mount, "app/src/main/res/drawable/ic_launcher_foreground.xml")))
        var byName = projections.byName
        let monogram = MonogramTasks.projection(appName: plan.application.name)
        byName[monogram.name] = monogram
        return PlatformLowering(
            platform: platform, status: .emitted, release: release, mount: mount, tasks: all,
            gaps: gaps, diagnostics: [], projections: byName, definitionDigest: projections.definition.projection.digest)
    }

    /// One task per seam of `CoreCatalog.androidSeams` except the launcher foreground; the tab-icon
    /// pattern seam gives one task per icon token used by a navigation entry (except `grid`, which
    /// the Core ships).
    static func tasks(_ p: AndroidProjections) -> [FileTask] {
        var tasks: [FileTask] = []
        for seam in CoreCatalog.androidSeams where !excludedSeamOwners.contains(seam.owner) {
            let mode = FileMode(octal: seam.mode) ?? .regular
            func task(_ inputs: [Projection], _ render: @escaping @Sendable () -> [UInt8]) -> FileTask {
                FileTask(id: seam.owner, family: seam.owner, platform: platform, release: release,
                         path: mounted(mount, seam.path), mode: mode,
                         inputs: Dictionary(uniqueKeysWithValues: inputs.map { ($0.name, $0.digest) }),
                         render: { _ in render() })
            }
            switch seam.owner {
            case "android.application_properties":
                let identity = p.identity, digest = p.definition.projection.digest
                tasks.append(task([p.identity.projection, p.definition.projection]) {
                    AndroidApplicationRenderer.properties(identity: identity, definitionDigest: digest)
                })
            case "android.application_definition":
                let definition = p.definition, digest = p.definition.projection.digest, entries = p.navigation.entries
                tasks.append(task([p.definition.projection, p.navigation.projection]) {
                    AndroidApplicationRenderer.definition(definition, digest: digest, entries: entries)
                })
            case "android.application_tests":
                let entries = p.navigation.entries, layout = p.layout, routes = p.routes
                tasks.append(task([p.navigation.projection, p.routes.projection]) {
                    AndroidApplicationRenderer.tests(entries: entries, layout: layout, routes: routes)
                })
            case "android.activity_layout":
                let layout = p.navigatorLayout
                tasks.append(task([layout.projection]) { AndroidResourceRenderer.activityLayout(layout) })
            case "android.strings":
                let strings = p.strings
                tasks.append(task([strings.projection]) { AndroidResourceRenderer.strings(strings) })
            case "android.colors_light", "android.colors_dark":
                let accent = p.appearance.accent, background = p.appearance.background
                let colorMode: AndroidResourceRenderer.Mode = seam.owner == "android.colors_light" ? .light : .dark
                tasks.append(task([p.appearance.accentProjection, p.appearance.backgroundProjection]) {
                    AndroidResourceRenderer.colors(accent: accent, background: background, mode: colorMode)
                })
            case "android.path_configuration":
                let routes = p.routes
                tasks.append(task([routes.projection]) { AndroidPathConfigurationRenderer.render(routes) })
            case "android.tab_icons":
                for token in p.iconTokens where token != .grid {
                    let icon = p.iconProjection(token)
                    tasks.append(FileTask(
                        id: "\(seam.owner).\(token.rawValue)", family: seam.owner, platform: platform, release: release,
                        path: mounted(mount, seam.path.replacingOccurrences("{token}", with: token.rawValue)), mode: mode,
                        inputs: [icon.name: icon.digest], render: { _ in AndroidResourceRenderer.tabIcon(token) }))
                }
            default:
                preconditionFailure("CoreCatalog declares an Android seam this release does not render: \(seam.owner)")
            }
        }
        return tasks
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

extension String {
    /// Foundation-free replacement of every occurrence of a non-empty `target` string.
    fileprivate func replacingOccurrences(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
