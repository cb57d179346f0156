import Hashing
import Tasks

/// The Rails application, mounted at the output root (release `rails-application-2026-11.1`: the
/// server sends the clients' bundled path configuration, pinned workflows, `rails.yml`).
///
/// One file task per generated file. Each task's inputs are the digests of exactly the projections
/// its renderer reads: `entity:<key>` for an entity's files, `rails.routes`, `navigation`, the
/// accent/background/theme projections, `rails.account`, `rails.native_clients`, … The server keeps
/// no copy of the native path configurations: its controller sends the file bundled in each client
/// tree (`ios/`, `android/`), so no Rails task depends on a native task.
///
/// `lower` reads as the list of sections of the app: application, entities, account, native
/// clients, CI, icons; each section is one function.
public enum RailsLowering {
    public static let release = "rails-application-2026-11.1"
    public static let platform = Platform.rails

    /// The file the Rails tree holds exactly when a client's tree was emitted (that client's CI
    /// workflow), and its seam: `audit` reads the root provenance for it to know which native
    /// trees must be there.
    public static func clientMarkerPath(_ client: Platform) -> String { CoreCatalog.seam(clientMarker(client)).outputPath }
    public static func clientMarker(_ client: Platform) -> SeamID { .workflow(for: client) }

    public static func lower(_ loaded: LoadedPlan) -> PlatformLowering {
        lower(loaded, emittedClients: Set(Platform.clients.filter { loaded.plan.application.native.requests($0) }))
    }

    /// Lowers for the native clients that were actually emitted: a selected client its own lowering
    /// omitted gets no route, action, guide or workflow here.
    public static func lower(_ loaded: LoadedPlan, emittedClients: Set<Platform>) -> PlatformLowering {
        // Always emitted: every Plan rule the Rails app depends on is a load diagnostic.
        let plan = loaded.plan
        let navigation = ApplicationNavigation(plan: plan)
        var app = RailsApplicationSpec(plan: plan, navigation: navigation)
        app.clients = app.clients.filter { emittedClients.contains($0) }
        app.appLinks = RailsAppLinksRenderer.Apps(plan: plan, clients: app.clients)
        let bridge = BridgeProjection(plan: plan)
        // Validation requires an account and the client for each push flag (000: push needs a client to
        // deliver to); a client its lowering omitted registers nothing here.
        let push = plan.account == nil ? nil : RailsPushSpec(plan: plan, emittedClients: app.clients)
        app.push = push?.clients ?? []
        let account = plan.account.map { RailsAccountSpec(account: $0, nativeSession: app.nativeSession) }
        let accountProjection = account?.projection
            ?? Projection(name: "rails.account", fields: ["account": .null], sources: ["account": ["/account"]])

        var builder = SeamTaskBuilder(release: release)
        application(app, navigation: navigation, appearance: AppearanceProjection(plan: plan), into: &builder)
        entities(plan, bridge: bridge, into: &builder)
        self.account(account, projection: accountProjection, push: push, bridge: bridge, into: &builder)
        if let push, let account { self.push(push, account: account, accountProjection: accountProjection, into: &builder) }
        nativeClients(app, account: accountProjection, into: &builder)
        bridgeComponents(bridge, into: &builder)
        appLinks(app.appLinks, into: &builder)
        // CI for the Rails app itself, whatever the clients: it reads nothing from the Plan.
        builder.add(.railsWorkflow, reads: []) { RailsWorkflowRenderer.railsWorkflow() }
        icons(plan, into: &builder)
        webExtensions(loaded.extensions.web, into: &builder)
        return PlatformLowering(platform: platform, status: .emitted, release: release, tasks: builder.tasks,
                                projections: builder.projections)
    }

    /// The web half of the app's bridge components (`native/web/*_controller.js`): a copy task
    /// per file, keyed by its origin and digest.
    static func webExtensions(_ files: [ExtensionFile], into builder: inout SeamTaskBuilder) {
        let prefix = WebExtensionPaths.controllers + "/"
        for file in files {
            let inside = String(file.destination.dropFirst(prefix.count)), bytes = file.bytes
            builder.add(.railsExtensionWeb, instance: inside, values: ["file*": inside], reads: [file.projection]) { bytes }
        }
    }

    /// Routes, navigation, theme, identity, inflections, README.
    static func application(_ app: RailsApplicationSpec, navigation: ApplicationNavigation, appearance: AppearanceProjection,
                            into builder: inout SeamTaskBuilder) {
        builder.add(.railsRoutes, reads: [app.routesProjection]) { RailsApplicationRenderer.routes(app) }
        let entries = navigation.entries
        let (theme, accent, background) = (appearance.theme, appearance.accent, appearance.background)
        builder.add(.railsNavigationPartial, reads: [navigation.projection, appearance.themeProjection]) {
            RailsApplicationRenderer.navigation(entries, themeSelector: theme == .toggle)
        }
        builder.add(.railsThemeCss, reads: [appearance.themeProjection, appearance.accentProjection, appearance.backgroundProjection]) {
            RailsApplicationRenderer.themeCSS(theme: theme, accent: accent, background: background)
        }
        if theme == .toggle {
            builder.add(.railsThemeController, reads: [appearance.themeProjection]) { RailsApplicationRenderer.themeController() }
        }
        builder.add(.railsApplicationIdentity, reads: [app.identityProjection]) { RailsApplicationRenderer.identity(app) }
        builder.add(.railsInflections, reads: [app.inflectionsProjection]) { RailsApplicationRenderer.inflections(app) }
        builder.add(.railsReadme, reads: [app.readmeProjection]) { RailsApplicationRenderer.readme(app) }
    }

    /// Per entity: migration, model, controller, views, request spec; each reads only `entity:<key>`.
    static func entities(_ plan: Plan, bridge: BridgeProjection, into builder: inout SeamTaskBuilder) {
        let versions = RailsMigrationVersion.versions(for: plan)
        let index = RailsEntitySpec.PlanIndex(plan)
        // Each entity's tasks are a function of the Plan alone: they are built on every core, in
        // chunks, and appended in entity order, the order one loop gives.
        let release = builder.release
        let perEntity = concurrentMap(count: plan.entities.count, chunk: 32) { i -> SeamTaskBuilder in
            var own = SeamTaskBuilder(release: release)
            entity(plan.entities[i], versions: versions, index: index, bridge: bridge, into: &own)
            return own
        }
        for built in perEntity { builder.append(contentsOf: built) }
    }

    /// One entity's migration, model, controller, views and request spec.
    static func entity(_ entity: Entity, versions: [String: String], index: RailsEntitySpec.PlanIndex,
                       bridge: BridgeProjection, into builder: inout SeamTaskBuilder) {
        guard let version = versions[entity.key] else { preconditionFailure("no migration version for entity \(entity.key)") }
        let spec = RailsEntitySpec(entity: entity, lookup: index, migrationVersion: version)
        // The renders below share one reference: a closure that captures the struct copies all
        // of it into its own context (about 200 bytes, eight or more times per entity).
        let shared = Shared(spec)
        let reads = [spec.projection]
        let k = entity.key
        let names = ["entity": k, "plural": spec.pluralKey, "timestamp": spec.migrationVersion]
        builder.add(.railsEntityMigration, instance: k, values: names, reads: reads) { RailsEntityRenderer.migration(shared.value) }
        builder.add(.railsEntityModel, instance: k, values: names, reads: reads) { RailsEntityRenderer.model(shared.value) }
        builder.add(.railsEntityController, instance: k, values: names, reads: reads) { RailsEntityRenderer.controller(shared.value) }
        for view in RailsViewRenderer.views(spec) {
            let readsBridge = RailsViewRenderer.readsBridge(view)
            let components = readsBridge ? bridge.components : []
            builder.add(.railsEntityViews, instance: "\(k).\(view)", values: names.merging(["view": view]) { $1 },
                        reads: readsBridge ? reads + [bridge.projection] : reads) {
                RailsViewRenderer.render(view, shared.value, bridge: components)
            }
        }
        builder.add(.railsEntityRequestSpec, instance: k, values: names, reads: reads) { RailsEntityRenderer.requestSpec(shared.value) }
    }

    /// The Rodauth initializer (always: without an account it turns Rodauth off), and with an
    /// account its app, controllers, model, migration and views.
    static func account(_ account: RailsAccountSpec?, projection: Projection, push: RailsPushSpec?, bridge: BridgeProjection,
                        into builder: inout SeamTaskBuilder) {
        let reads = [projection]
        builder.add(.railsAccountInitializer, reads: reads) { RailsAccountRenderer.initializer(account) }
        guard let account else { return }
        builder.add(.railsAccountRodauthApp, reads: reads) { RailsAccountRenderer.rodauthApp(account) }
        builder.add(.railsAccountRodauthMain, reads: reads) { RailsAccountRenderer.rodauthMain(account) }
        builder.add(.railsAccountController, reads: reads) { RailsAccountRenderer.rodauthController(account) }
        // With push, the model and the Account page also read `rails.push` (devices, the test send).
        let withPush = reads + (push.map { [$0.projection] } ?? [])
        let hasPush = push != nil
        builder.add(.railsAccountModel, reads: withPush) { RailsAccountRenderer.model(account, push: hasPush) }
        builder.add(.railsAccountMigration, values: ["timestamp": RailsMigrationVersion.accountVersion], reads: reads) {
            RailsAccountRenderer.migration(account)
        }
        builder.add(.railsAccountRequired, reads: reads) { RailsAccountRenderer.accountRequired(account) }
        builder.add(.railsAccountPageController, reads: reads) { RailsAccountRenderer.pageController(account) }
        if !account.fields.isEmpty {
            builder.add(.railsAccountRodauthViews, instance: "create_account", values: ["view": "create_account"], reads: reads) {
                RailsAccountRenderer.createAccountView(account)
            }
        }
        for view in RailsAccountRenderer.views(account) {
            // The show page reads push (its test send); the edit form's submit button opts in to the
            // built-in `submit` bridge component.
            let components = view == "edit" ? bridge.components : []
            let viewReads = view == "show" ? withPush : view == "edit" ? reads + [bridge.projection] : reads
            builder.add(.railsAccountViews, instance: view, values: ["view": view], reads: viewReads) {
                RailsAccountRenderer.view(view, account, push: hasPush, bridge: components)
            }
        }
    }

    /// The built-in bridge components' web halves (one Stimulus controller each) and the rules that
    /// hide the controls they promote; none without a native client.
    static func bridgeComponents(_ bridge: BridgeProjection, into builder: inout SeamTaskBuilder) {
        guard !bridge.components.isEmpty else { return }
        let components = bridge.components
        for component in components {
            builder.add(component.webSeam, reads: [bridge.projection]) {
                RailsBridgeRenderer.controller(component)
            }
        }
        builder.add(.railsBridgeCss, reads: [bridge.projection]) { RailsBridgeRenderer.css(components) }
    }

    /// The Universal Links / App Links association files, with an authored domain and an emitted
    /// client: what they claim is the server's configuration (the environment).
    static func appLinks(_ apps: RailsAppLinksRenderer.Apps?, into builder: inout SeamTaskBuilder) {
        guard let apps else { return }
        let projection = Projection(name: "rails.app_links", fields: [
            "ios": .optional(apps.iosBundleIdentifier), "android": .optional(apps.androidPackage),
        ], sources: ["ios": ["/application/key", "/application/domain", "/application/native/ios"],
                     "android": ["/application/key", "/application/domain", "/application/native/android"]])
        builder.add(.railsAppLinks, reads: []) { RailsAppLinksRenderer.payloads() }
        builder.add(.railsAppLinksController, reads: [projection]) { RailsAppLinksRenderer.controller(apps) }
        builder.add(.railsAppLinksSpec, reads: [projection]) { RailsAppLinksRenderer.spec(apps) }
    }

    /// Push (Action Push Native): the gem, its configuration and classes, the device table, the
    /// registration handshake, the Account page's test send and their request spec; all read
    /// `rails.push` (the spec also reads the account, whose fields its sign-in fills).
    static func push(_ push: RailsPushSpec, account: RailsAccountSpec, accountProjection: Projection, into builder: inout SeamTaskBuilder) {
        let reads = [push.projection]
        builder.add(.railsCapabilityGems, reads: reads) { RailsPushRenderer.gems() }
        builder.add(.railsPushConfig, reads: reads) { RailsPushRenderer.config(push) }
        builder.add(.railsPushMigration, values: ["timestamp": RailsMigrationVersion.pushVersion], reads: reads) { RailsPushRenderer.migration() }
        builder.add(.railsPushDeviceModel, reads: reads) { RailsPushRenderer.deviceModel() }
        builder.add(.railsPushNotificationModel, reads: reads) { RailsPushRenderer.notificationModel(push) }
        builder.add(.railsPushNotificationJob, reads: reads) { RailsPushRenderer.notificationJob() }
        builder.add(.railsPushDevicesController, reads: reads) { RailsPushRenderer.devicesController() }
        builder.add(.railsPushTestController, reads: reads) { RailsPushRenderer.testController() }
        builder.add(.railsPushRequestSpec, reads: reads + [accountProjection]) { RailsPushRenderer.requestSpec(push, account: account) }
    }

    /// For the emitted clients: the configurations controller and its spec, the native session
    /// page (with an account), and per client a preview guide, `bin/<client>` and its CI workflow.
    static func nativeClients(_ app: RailsApplicationSpec, account: Projection, into builder: inout SeamTaskBuilder) {
        let clients = app.clients
        guard !clients.isEmpty else { return }
        let clientsProjection = Projection(name: "rails.native_clients", fields: ["clients": .array(clients.map { .string($0.rawValue) })],
                                           sources: ["clients": ["/application/native"]])
        builder.add(.railsNativeConfigurations, reads: [clientsProjection]) { RailsNativeRenderer.configurationsController(clients: clients) }
        builder.add(.railsNativeConfigurationsSpec, reads: [clientsProjection]) { RailsNativeRenderer.configurationsSpec(clients: clients) }
        if app.nativeSession {
            builder.add(.railsNativeSessionController, reads: [account]) { RailsNativeRenderer.sessionsController() }
            builder.add(.railsNativeSessionView, reads: [account]) { RailsNativeRenderer.sessionsView() }
        }
        for client in clients {
            let preview = Projection(name: "rails.preview:\(client)", fields: [
                "client": .string(client.rawValue), "name": .string(app.name), "account": .bool(app.hasAccount),
            ], sources: ["client": [client.clientPointer], "name": ["/application/name"], "account": ["/account"]])
            let (name, hasAccount) = (app.name, app.hasAccount)
            builder.add(.previewGuide(for: client), reads: [preview]) {
                RailsNativeRenderer.previewGuide(client: client, name: name, account: hasAccount)
            }
            let command = Projection(name: "rails.native_command:\(client)", fields: ["client": .string(client.rawValue)],
                                     sources: ["client": [client.clientPointer]])
            builder.add(.command(for: client), reads: [command]) { RailsNativeRenderer.command(client: client) }
            // Android's workflow writes the owner's google-services.json from a secret with push;
            // iOS's needs nothing for push (CI builds unsigned), so it does not read the flag.
            let push = client == .android && app.push.contains(client)
            let reads = client == .android
                ? [command, PushProjection.client(client, requested: push, name: "rails.workflow_push:\(client)")] : [command]
            builder.add(clientMarker(client), reads: reads) { RailsWorkflowRenderer.nativeWorkflow(client: client, push: push) }
        }
    }

    /// Web bookmark icons: the same pinned monogram the native launchers use.
    static func icons(_ plan: Plan, into builder: inout SeamTaskBuilder) {
        let monogram = MonogramTasks.projection(appName: plan.application.name)
        for seam in [SeamID.railsBookmarkIcon, .railsAppleTouchIcon] {
            builder.append(MonogramTasks.pngCopy(appName: plan.application.name, seam: seam, release: release), reads: [monogram])
        }
    }
}
