import Cache
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
    public static let platform = Platform.android
    static let clientPointer = platform.clientPointer

    /// Seams this lowering does not render.
    public static let excludedSeams: Set<SeamID> = [.androidLauncherForeground]

    public static func lower(_ loaded: LoadedPlan) -> PlatformLowering {
        let plan = loaded.plan
        guard plan.application.native.android != nil else {
            return .declined(platform, release: release)
        }
        var diagnostics: [Diagnostic] = []
        var gaps: [Gap] = []
        if plan.application.push.requested(for: platform) { gaps.append(.push(platform)) }

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
            gaps.append(.clientNotGenerated(platform, diagnostics: diagnostics))
            // The client is omitted and the run goes on (000): its reasons are warnings, so an
            // error-severity diagnostic always means exit 65 with nothing written.
            return PlatformLowering(platform: platform, status: .omitted, release: release,
                                    gaps: gaps, diagnostics: diagnostics.map { $0.demotedToWarning }.sorted())
        }

        if identity.isPlaceholder {
            gaps.append(.placeholderIdentity(platform, origin: identity.origin, identifier: identity.applicationID))
        }
        if plan.application.appearance?.theme == .toggle { gaps.append(.themePreference(platform)) }

        let projections = AndroidProjections(plan: plan, identity: identity, navigation: navigation, layout: layout)
        var all = tasks(projections)
        all.append(MonogramTasks.androidForeground(appName: plan.application.name, release: release))
        var byName = projections.byName
        let monogram = MonogramTasks.projection(appName: plan.application.name)
        byName[monogram.name] = monogram
        return PlatformLowering(
            platform: platform, status: .emitted, release: release, tasks: all,
            gaps: gaps, diagnostics: [], projections: byName, definitionDigest: projections.definition.projection.digest)
    }

    /// One task per seam of `CoreCatalog.androidSeams` except the launcher foreground; the tab-icon
    /// pattern seam gives one task per icon token used by a navigation entry (except `grid`, which
    /// the Core ships).
    static func tasks(_ p: AndroidProjections) -> [FileTask] {
        var tasks: [FileTask] = []
        for seam in CoreCatalog.androidSeams where !excludedSeams.contains(seam.id) {
            let mode = seam.mode
            func task(_ inputs: [Projection], _ render: @escaping @Sendable () -> [UInt8]) -> FileTask {
                FileTask(id: seam.id.rawValue, family: seam.id.rawValue, platform: platform.rawValue, release: release,
                         path: seam.outputPath, mode: mode,
                         inputs: Dictionary(uniqueKeysWithValues: inputs.map { ($0.name, $0.digest) }),
                         render: { _ in render() })
            }
            switch seam.id {
            case .androidApplicationProperties:
                let identity = p.identity, digest = p.definition.projection.digest
                tasks.append(task([p.identity.projection, p.definition.projection]) {
                    AndroidApplicationRenderer.properties(identity: identity, definitionDigest: digest)
                })
            case .androidApplicationDefinition:
                let definition = p.definition, digest = p.definition.projection.digest, entries = p.navigation.entries
                tasks.append(task([p.definition.projection, p.navigation.projection]) {
                    AndroidApplicationRenderer.definition(definition, digest: digest, entries: entries)
                })
            case .androidApplicationTests:
                let entries = p.navigation.entries, layout = p.layout, routes = p.routes
                tasks.append(task([p.navigation.projection, p.routes.projection]) {
                    AndroidApplicationRenderer.tests(entries: entries, layout: layout, routes: routes)
                })
            case .androidActivityLayout:
                let layout = p.navigatorLayout
                tasks.append(task([layout.projection]) { AndroidResourceRenderer.activityLayout(layout) })
            case .androidStrings:
                let strings = p.strings
                tasks.append(task([strings.projection]) { AndroidResourceRenderer.strings(strings) })
            case .androidColorsLight, .androidColorsDark:
                let accent = p.appearance.accent, background = p.appearance.background
                let colorMode: AndroidResourceRenderer.Mode = seam.id == .androidColorsLight ? .light : .dark
                tasks.append(task([p.appearance.accentProjection, p.appearance.backgroundProjection]) {
                    AndroidResourceRenderer.colors(accent: accent, background: background, mode: colorMode)
                })
            case .androidPathConfiguration:
                let routes = p.routes
                tasks.append(task([routes.projection]) { AndroidPathConfigurationRenderer.render(routes) })
            case .androidTabIcons:
                for token in p.iconTokens where token != .grid {
                    let icon = p.iconProjection(token)
                    tasks.append(FileTask(
                        id: "\(seam.id).\(token.rawValue)", family: seam.id.rawValue, platform: platform.rawValue, release: release,
                        path: seam.outputPath(["token": token.rawValue]), mode: mode,
                        inputs: [icon.name: icon.digest], render: { _ in AndroidResourceRenderer.tabIcon(token) }))
                }
            default:
                preconditionFailure("CoreCatalog declares an Android seam this release does not render: \(seam.id)")
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
