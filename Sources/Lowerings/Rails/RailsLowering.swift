import Hashing
import Tasks

/// The Rails application, mounted at the output root (release `rails-application-2026-11`: the
/// server sends the clients' bundled path configuration, pinned workflows, `rails.yml`).
///
/// One file task per generated file. Each task's inputs are the digests of exactly the projections
/// its renderer reads: `entity:<key>` for an entity's files, `rails.routes`, `navigation`, the
/// accent/background/theme projections, `rails.account`, `rails.native_clients`, … The server keeps
/// no copy of the native path configurations: its controller sends the file bundled in each client
/// tree (`ios/`, `android/`), so no Rails task depends on a native task.
public enum RailsLowering {
    public static let release = "rails-application-2026-11"

    /// The file the Rails tree holds exactly when a client's tree was emitted (that client's CI
    /// workflow), and its task's owner: `audit` reads the root provenance for it to know which
    /// native trees must be there.
    public static func clientMarkerPath(_ client: String) -> String { ".github/workflows/\(client).yml" }
    public static func clientMarkerOwner(_ client: String) -> String { "rails.\(client)_workflow" }

    public static func lower(_ loaded: LoadedPlan) -> PlatformLowering {
        let native = loaded.plan.application.native
        return lower(loaded, emittedClients: Set([native.ios.map { _ in "ios" }, native.android.map { _ in "android" }].compactMap { $0 }))
    }

    /// Lowers for the native clients that were actually emitted: a selected client its own lowering
    /// omitted gets no route, action, guide or workflow here.
    public static func lower(_ loaded: LoadedPlan, emittedClients: Set<String>) -> PlatformLowering {
        // Always emitted: every Plan rule the Rails app depends on is a load diagnostic.
        let plan = loaded.plan
        var builder = RailsTaskBuilder(release: release)
        let navigation = ApplicationNavigation(plan: plan)
        var draft = RailsApplicationSpec(plan: plan, navigation: navigation)
        draft.clients = draft.clients.filter { emittedClients.contains($0) }
        let app = draft
        let appearance = AppearanceProjection(plan: plan)

        // Application
        builder.add(id: "rails.routes", path: "config/routes.rb", reads: [app.routesProjection]) { RailsApplicationRenderer.routes(app) }
        let entries = navigation.entries
        let (theme, accent, background) = (appearance.theme, appearance.accent, appearance.background)
        builder.add(id: "rails.navigation_partial", path: "app/views/layouts/_navigation.html.erb",
                    reads: [navigation.projection, appearance.themeProjection]) {
            RailsApplicationRenderer.navigation(entries, themeSelector: theme == .toggle)
        }
        builder.add(id: "rails.theme_css", path: "app/assets/stylesheets/theme.css",
                    reads: [appearance.themeProjection, appearance.accentProjection, appearance.backgroundProjection]) {
            RailsApplicationRenderer.themeCSS(theme: theme, accent: accent, background: background)
        }
        if theme == .toggle {
            builder.add(id: "rails.theme_controller", path: "app/javascript/controllers/theme_controller.js",
                        reads: [appearance.themeProjection]) { RailsApplicationRenderer.themeController() }
        }
        builder.add(id: "rails.application_identity", path: "config/initializers/application_identity.rb",
                    reads: [app.identityProjection]) { RailsApplicationRenderer.identity(app) }
        builder.add(id: "rails.inflections", path: "config/initializers/inflections.rb",
                    reads: [app.inflectionsProjection]) { RailsApplicationRenderer.inflections(app) }
        builder.add(id: "rails.readme", path: "README.md", reads: [app.readmeProjection]) { RailsApplicationRenderer.readme(app) }

        // Entities
        let versions = RailsMigrationVersion.versions(for: plan)
        for entity in plan.entities {
            let spec = RailsEntitySpec(entity: entity, plan: plan, migrationVersion: versions[entity.key]!)
            let reads = [spec.projection]
            let k = entity.key
            builder.add(id: "rails.entity_migration.\(k)", family: "rails.entity_migration",
                        path: "db/migrate/\(spec.migrationVersion)_create_\(spec.pluralKey).rb", reads: reads) {
                RailsEntityRenderer.migration(spec)
            }
            builder.add(id: "rails.entity_model.\(k)", family: "rails.entity_model", path: "app/models/\(k).rb", reads: reads) {
                RailsEntityRenderer.model(spec)
            }
            builder.add(id: "rails.entity_controller.\(k)", family: "rails.entity_controller",
                        path: "app/controllers/\(spec.pluralKey)_controller.rb", reads: reads) {
                RailsEntityRenderer.controller(spec)
            }
            for view in RailsViewRenderer.views(spec) {
                builder.add(id: "rails.entity_views.\(k).\(view)", family: "rails.entity_views",
                            path: "app/views/\(spec.pluralKey)/\(view).html.erb", reads: reads) {
                    RailsViewRenderer.render(view, spec)
                }
            }
            builder.add(id: "rails.entity_request_spec.\(k)", family: "rails.entity_request_spec",
                        path: "spec/requests/\(spec.pluralKey)_spec.rb", reads: reads) {
                RailsEntityRenderer.requestSpec(spec)
            }
        }

        // Account
        let account = plan.account.map { RailsAccountSpec(account: $0, nativeSession: app.nativeSession) }
        let accountProjection = account?.projection
            ?? Projection(name: "rails.account", fields: ["account": .null], sources: ["account": ["/account"]])
        builder.add(id: "rails.account_initializer", path: "config/initializers/rodauth.rb", reads: [accountProjection]) {
            RailsAccountRenderer.initializer(account)
        }
        if let account {
            let reads = [accountProjection]
            builder.add(id: "rails.account_rodauth_app", path: "app/misc/rodauth_app.rb", reads: reads) { RailsAccountRenderer.rodauthApp(account) }
            builder.add(id: "rails.account_rodauth_main", path: "app/misc/rodauth_main.rb", reads: reads) { RailsAccountRenderer.rodauthMain(account) }
            builder.add(id: "rails.account_controller", path: "app/controllers/rodauth_controller.rb", reads: reads) {
                RailsAccountRenderer.rodauthController(account)
            }
            builder.add(id: "rails.account_model", path: "app/models/account.rb", reads: reads) { RailsAccountRenderer.model(account) }
            builder.add(id: "rails.account_migration", path: "db/migrate/\(RailsMigrationVersion.accountVersion)_create_rodauth.rb",
                        reads: reads) { RailsAccountRenderer.migration(account) }
            builder.add(id: "rails.account_required", path: "app/controllers/concerns/account_required.rb", reads: reads) {
                RailsAccountRenderer.accountRequired(account)
            }
            builder.add(id: "rails.account_page_controller", path: "app/controllers/accounts_controller.rb", reads: reads) {
                RailsAccountRenderer.pageController(account)
            }
            if !account.fields.isEmpty {
                builder.add(id: "rails.account_rodauth_views.create_account", family: "rails.account_rodauth_views",
                            path: "app/views/rodauth/create_account.html.erb", reads: reads) {
                    RailsAccountRenderer.createAccountView(account)
                }
            }
            for view in RailsAccountRenderer.views(account) {
                builder.add(id: "rails.account_views.\(view)", family: "rails.account_views",
                            path: "app/views/accounts/\(view).html.erb", reads: reads) { RailsAccountRenderer.view(view, account) }
            }
        }

        // Native clients
        let clients = app.clients
        if !clients.isEmpty {
            let clientsProjection = Projection(name: "rails.native_clients", fields: ["clients": .array(clients.map { .string($0) })],
                                               sources: ["clients": ["/application/native"]])
            builder.add(id: "rails.native_configurations", path: "app/controllers/native/configurations_controller.rb",
                        reads: [clientsProjection]) { RailsNativeRenderer.configurationsController(clients: clients) }
            builder.add(id: "rails.native_configurations_spec", path: "spec/requests/native/configurations_spec.rb",
                        reads: [clientsProjection]) { RailsNativeRenderer.configurationsSpec(clients: clients) }
            if app.nativeSession {
                builder.add(id: "rails.native_session_controller", path: "app/controllers/native/sessions_controller.rb",
                            reads: [accountProjection]) { RailsNativeRenderer.sessionsController() }
                builder.add(id: "rails.native_session_view", path: "app/views/native/sessions/show.html.erb",
                            reads: [accountProjection]) { RailsNativeRenderer.sessionsView() }
            }
            for client in clients {
                let preview = Projection(name: "rails.preview:\(client)", fields: [
                    "client": .string(client), "name": .string(app.name), "account": .bool(app.hasAccount),
                ], sources: ["client": ["/application/native/\(client)"], "name": ["/application/name"], "account": ["/account"]])
                let (name, hasAccount) = (app.name, app.hasAccount)
                builder.add(id: "rails.\(client)_preview_guide", path: RailsNativeRenderer.guide(client),
                            reads: [preview]) { RailsNativeRenderer.previewGuide(client: client, name: name, account: hasAccount) }
                let command = Projection(name: "rails.native_command:\(client)", fields: ["client": .string(client)],
                                         sources: ["client": ["/application/native/\(client)"]])
                builder.add(id: "rails.\(client)_command", path: "bin/\(client)", mode: .executable, reads: [command]) {
                    RailsNativeRenderer.command(client: client)
                }
                builder.add(id: clientMarkerOwner(client), path: clientMarkerPath(client), reads: [command]) {
                    RailsWorkflowRenderer.nativeWorkflow(client: client)
                }
            }
        }

        // CI for the Rails app itself, whatever the clients: it reads nothing from the Plan.
        builder.add(id: "rails.rails_workflow", path: ".github/workflows/rails.yml", reads: []) { RailsWorkflowRenderer.railsWorkflow() }

        // Web bookmark icons: the same pinned monogram the native launchers use.
        let monogram = MonogramTasks.projection(appName: plan.application.name)
        for (id, path) in [("rails.bookmark_icon", "public/icon.png"), ("rails.apple_touch_icon", "public/apple-touch-icon.png")] {
            builder.append(MonogramTasks.pngCopy(appName: plan.application.name, id: id, platform: "rails", release: release, path: path),
                           reads: [monogram])
        }
        return PlatformLowering(platform: "rails", status: .emitted, release: release, mount: "", tasks: builder.tasks,
                                projections: builder.projections)
    }
}
