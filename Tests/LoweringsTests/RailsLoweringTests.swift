import Foundation
import Tasks
import XCTest
@testable import Lowerings

/// Keys move exactly when what a renderer reads moves; the routes, seams and native pieces follow
/// the Plan's selection.
final class RailsLoweringTests: XCTestCase {
    let movies = "movie-catalog.plan.json"

    func lowered(_ fixture: String) throws -> PlatformLowering { RailsLowering.lower(try LoweringHarness.fixture(fixture)) }

    func changedKeys(_ a: PlatformLowering, _ b: PlatformLowering) -> Set<String> {
        let (ka, kb) = (LoweringHarness.keys(a), LoweringHarness.keys(b))
        return Set(ka.keys).union(kb.keys).filter { ka[$0] != kb[$0] }
    }

    // MARK: Invariance and sensitivity

    /// Entities are lowered on every core in chunks of 32: with more than a few chunks, the tasks
    /// still come in entity order (each entity's in seam order), the same list every time, and
    /// each entity reads only its own projection.
    func testEntitiesLoweredInChunksKeepTheirOrder() throws {
        let loaded = try LoweringHarness.loaded(AndroidFixture.plan(entities: 150))
        let first = RailsLowering.lower(loaded)
        for _ in 0..<3 {
            let again = RailsLowering.lower(loaded)
            XCTAssertEqual(again.tasks.map(\.id), first.tasks.map(\.id))
            XCTAssertEqual(again.tasks.map(\.inputs), first.tasks.map(\.inputs))
            XCTAssertEqual(again.projections.mapValues(\.digest), first.projections.mapValues(\.digest))
        }
        let entityOrder = first.tasks.compactMap { t -> Int? in
            guard t.family == SeamID.railsEntityModel.rawValue else { return nil }
            return Int(t.id.dropFirst((SeamID.railsEntityModel.rawValue + ".e").count))
        }
        XCTAssertEqual(entityOrder, Array(0..<150))
        for t in first.tasks where t.family == SeamID.railsEntityMigration.rawValue {
            let key = String(t.id.dropFirst(SeamID.railsEntityMigration.rawValue.count + 1))
            XCTAssertEqual(Set(t.inputs.keys), ["entity:" + key], t.id)
        }
        XCTAssertEqual(first.projections.keys.filter { $0.hasPrefix("entity:") }.count, 150)
    }

    func testAddingAFieldToOneEntityMovesOnlyThatEntitysTasks() throws {
        let base = try lowered(movies)
        let edited = RailsLowering.lower(try LoweringHarness.edited(movies) {
            JSONEdit.set($0, "/entities/0/fields/4", ["key": "tagline", "type": "string"])
        })
        let expected = Set(["rails.entity_migration.movie", "rails.entity_model.movie", "rails.entity_controller.movie",
                                     "rails.entity_request_spec.movie"])
            .union(["index", "show", "new", "edit", "_form"].map { "rails.entity_views.movie.\($0)" })
        XCTAssertEqual(changedKeys(base, edited), expected)
        let migration = try XCTUnwrap(edited.tasks.first { $0.id == "rails.entity_migration.movie" })
        XCTAssertTrue(String(decoding: try LoweringHarness.render(migration), as: UTF8.self).contains("t.string :tagline"))
        let controller = try XCTUnwrap(edited.tasks.first { $0.id == "rails.entity_controller.movie" })
        XCTAssertTrue(String(decoding: try LoweringHarness.render(controller), as: UTF8.self).contains(":tagline"))
    }

    func testAddingAReferenceAlsoMovesTheReferencedModel() throws {
        let base = try lowered(movies)
        let edited = RailsLowering.lower(try LoweringHarness.edited(movies) {
            JSONEdit.set($0, "/entities/4/fields/1", ["key": "curator", "type": "reference", "to": "person"])
        })
        let changed = changedKeys(base, edited)
        XCTAssertTrue(changed.contains("rails.entity_model.person"), "Person gains has_many :genres_as_curator")
        XCTAssertTrue(changed.allSatisfy { $0.hasSuffix(".genre") || $0.contains(".genre.") || $0.hasSuffix(".person") || $0.contains(".person.") }, "\(changed.sorted())")
        XCTAssertFalse(changed.contains("rails.navigation_partial"))
        XCTAssertFalse(changed.contains("rails.routes"))
    }

    func testChangingTheAccentMovesOnlyThemeCSS() throws {
        let base = try lowered(movies)
        let edited = RailsLowering.lower(try LoweringHarness.edited(movies) { JSONEdit.set($0, "/application/appearance/accent", "#00AA00") })
        XCTAssertEqual(changedKeys(base, edited), ["rails.theme_css"])
        let css = try XCTUnwrap(edited.tasks.first { $0.id == "rails.theme_css" })
        XCTAssertTrue(String(decoding: try LoweringHarness.render(css), as: UTF8.self).contains("--foundation-accent: #00aa00;"))
    }

    func testThemeToggleAddsTheSelectorToTheWebNavigationOnly() throws {
        let base = try lowered(movies)
        let edited = RailsLowering.lower(try LoweringHarness.edited(movies) { JSONEdit.set($0, "/application/appearance/theme", "toggle") })
        XCTAssertEqual(changedKeys(base, edited), ["rails.theme_css", "rails.navigation_partial", "rails.theme_controller"])
        let files = try LoweringHarness.files(edited).mapValues { String(decoding: $0, as: UTF8.self) }
        XCTAssertTrue(files["app/views/layouts/_navigation.html.erb"]!.contains("data-controller=\"theme\""))
        XCTAssertTrue(files["app/assets/stylesheets/theme.css"]!.contains(":root[data-theme=\"dark\"]"))
    }

    func testReformattingThePlanChangesNoKey() throws {
        let base = try lowered(movies)
        let reformatted = RailsLowering.lower(try LoweringHarness.edited(movies) { $0 })
        XCTAssertEqual(LoweringHarness.keys(base), LoweringHarness.keys(reformatted))
    }

    func testRenderingTwiceGivesTheSameBytes() throws {
        for fixture in Fixture.names {
            let first = try LoweringHarness.files(try lowered(fixture))
            let second = try LoweringHarness.files(try lowered(fixture))
            XCTAssertEqual(first, second, fixture)
            XCTAssertEqual(LoweringHarness.keys(try lowered(fixture)), LoweringHarness.keys(try lowered(fixture)), fixture)
        }
    }

    func testEveryTaskNamesOnlyProjectionsItReports() throws {
        for fixture in Fixture.names {
            let lowering = try lowered(fixture)
            XCTAssertEqual(lowering.status, .emitted)
            XCTAssertEqual(lowering.mount, "")
            for task in lowering.tasks {
                XCTAssertEqual(task.release, RailsLowering.release)
                XCTAssertEqual(task.platform, "rails")
                for (name, digest) in task.inputs where name != "pinned_object" {
                    XCTAssertEqual(lowering.projections[name]?.digest, digest, "\(task.id) input \(name)")
                }
            }
        }
    }

    // MARK: Seams

    func testEveryTaskMatchesARailsSeamWithItsOwnerAndMode() throws {
        for fixture in Fixture.names {
            for task in try lowered(fixture).tasks {
                // As composition does: the first seam in catalog order that matches the path.
                let seam = CoreCatalog.railsSeams.first { $0.matches(task.path) }
                XCTAssertNotNil(seam, "\(task.path) has no seam")
                XCTAssertEqual(seam?.id.rawValue, task.family, task.path)
                XCTAssertEqual(seam?.mode, task.mode, task.path)
                if let seam, !seam.isPattern { XCTAssertEqual(task.id, seam.id.rawValue) }
            }
        }
    }

    // MARK: Routes and native pieces

    func testConfigurationRoutesComeBeforeEveryScaffoldRoute() throws {
        for fixture in Fixture.names {
            let routes = String(decoding: try XCTUnwrap(LoweringHarness.files(try lowered(fixture))["config/routes.rb"]), as: UTF8.self)
            let lines = routes.split(separator: "\n").map(String.init)
            let lastConfiguration = try XCTUnwrap(lines.lastIndex { $0.contains("\"/configurations/") })
            let firstResource = try XCTUnwrap(lines.firstIndex { $0.contains("resources ") || $0.contains("resource ") })
            XCTAssertLessThan(lastConfiguration, firstResource, fixture)
            for line in lines where line.contains("/configurations/") { XCTAssertTrue(line.hasSuffix(", as: nil"), line) }
        }
    }

    func testAnUnselectedClientGetsNoRouteActionCopyOrGuide() throws {
        let files = try LoweringHarness.files(try lowered("notes.plan.json"))
        let routes = String(decoding: files["config/routes.rb"]!, as: UTF8.self)
        XCTAssertTrue(routes.contains("get \"/configurations/ios_v1\", to: \"native/configurations#ios_v1\", as: nil"))
        XCTAssertFalse(routes.contains("android"))
        let controller = String(decoding: files["app/controllers/native/configurations_controller.rb"]!, as: UTF8.self)
        XCTAssertFalse(controller.contains("android"))
        for path in ["bin/android", "ANDROID_PREVIEW.md", ".github/workflows/android.yml",
                     "app/controllers/native/sessions_controller.rb", "app/misc/rodauth_main.rb"] {
            XCTAssertNil(files[path], path)
        }
        XCTAssertTrue(String(decoding: files["config/initializers/rodauth.rb"]!, as: UTF8.self).contains("config.middleware = false"))
        XCTAssertEqual(routes.contains("native-session-changed"), false)
    }

    func testNoNativeClientMeansNoNativeFiles() throws {
        let lowering = RailsLowering.lower(try LoweringHarness.edited(movies) { JSONEdit.set($0, "/application/native", [String: Any]()) })
        let paths = Set(lowering.tasks.map(\.path))
        XCTAssertFalse(paths.contains { $0.contains("native") || $0.hasPrefix("bin/") || $0.hasSuffix("_PREVIEW.md") }, "\(paths.sorted())")
        XCTAssertEqual(paths.filter { $0.hasPrefix(".github/") }, [".github/workflows/rails.yml"], "the Rails workflow alone")
        let main = String(decoding: try LoweringHarness.files(lowering)["app/misc/rodauth_main.rb"]!, as: UTF8.self)
        XCTAssertFalse(main.contains("native-session-changed"))
    }

    /// The server keeps no copy of a path configuration: no Rails task reads a native task's output,
    /// and the controller names the file each client bundles (the `*.path_configuration` seam, mounted).
    func testTheServerSendsTheBundledFileAndKeepsNoCopy() throws {
        for fixture in Fixture.names {
            let lowering = try lowered(fixture)
            XCTAssertEqual(lowering.tasks.filter { !$0.dependencies.isEmpty }.map(\.id), [], fixture)
            XCTAssertFalse(lowering.tasks.contains { $0.path.hasPrefix("config/native/") }, fixture)
        }
        XCTAssertEqual(RailsNativeRenderer.bundledPath(.ios), "ios/Resources/ios_v1.json")
        XCTAssertEqual(RailsNativeRenderer.bundledPath(.android), "android/app/src/main/assets/json/android_v1.json")
    }

    func testANativeClientItsOwnLoweringOmittedGetsNoRouteActionOrGuide() throws {
        let lowering = RailsLowering.lower(try LoweringHarness.fixture(movies), emittedClients: [.ios])
        let paths = Set(lowering.tasks.map(\.path))
        XCTAssertTrue(paths.isSuperset(of: ["bin/ios", "IOS_PREVIEW.md", ".github/workflows/ios.yml"]))
        XCTAssertTrue(paths.isDisjoint(with: ["bin/android", "ANDROID_PREVIEW.md", ".github/workflows/android.yml"]))
        let files = try LoweringHarness.files(lowering)
        let controller = String(decoding: try XCTUnwrap(files["app/controllers/native/configurations_controller.rb"]), as: UTF8.self)
        XCTAssertFalse(controller.contains("android"))
    }

    /// The request spec fails, never skips, when the bundled file is missing.
    func testTheConfigurationSpecNeverSkips() throws {
        for fixture in Fixture.names {
            let spec = String(decoding: try XCTUnwrap(LoweringHarness.files(try lowered(fixture))["spec/requests/native/configurations_spec.rb"]),
                              as: UTF8.self)
            let statements = spec.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.hasPrefix("#") }
            for call in ["skip", "pending", "xit", "xdescribe"] {
                XCTAssertFalse(statements.contains { $0 == call || $0.hasPrefix(call + " ") || $0.hasPrefix(call + "(") }, "\(fixture): \(call)")
            }
        }
    }

    func testNativeAccountPiecesAndGuestRedirects() throws {
        let files = try LoweringHarness.files(try lowered(movies)).mapValues { String(decoding: $0, as: UTF8.self) }
        let main = files["app/misc/rodauth_main.rb"]!
        for needle in ["enable :create_account, :login, :logout, :remember", "remember_deadline_interval Hash[days: 365]",
                       "extend_remember_deadline? true", "after_login { remember_login }",
                       "login_redirect { hotwire_native_app? ? NATIVE_SESSION_CHANGED : \"/\" }",
                       "logout_redirect { hotwire_native_app? ? NATIVE_SESSION_CHANGED : \"/\" }",
                       "create_account_redirect { hotwire_native_app? ? NATIVE_SESSION_CHANGED : \"/\" }"] {
            XCTAssertTrue(main.contains(needle), needle)
        }
        XCTAssertTrue(files["app/misc/rodauth_app.rb"]!.contains("rodauth.load_memory"))
        XCTAssertTrue(files.keys.contains { $0.hasSuffix("_create_rodauth.rb") && files[$0]!.contains("create_table :account_remember_keys") })
        XCTAssertTrue(files["app/views/accounts/show.html.erb"]!.contains("<% if hotwire_native_app? %>\n  <%= button_to \"Sign out\""))
        XCTAssertTrue(files["app/controllers/native/sessions_controller.rb"]!.contains("form_authenticity_token"))
        XCTAssertTrue(files["config/routes.rb"]!.contains("resource :account, only: %i[show edit update]"))
        XCTAssertTrue(files["app/controllers/reviews_controller.rb"]!.contains("include AccountRequired"))
        XCTAssertFalse(files["app/controllers/movies_controller.rb"]!.contains("AccountRequired"))
        XCTAssertTrue(files["spec/requests/reviews_spec.rb"]!.contains("redirect_to(\"/login\")"))
        XCTAssertTrue(files["app/controllers/concerns/account_required.rb"]!.contains("status: :forbidden"))
        XCTAssertTrue(files["app/views/rodauth/create_account.html.erb"]!.contains("form.text_field \"display_name\""))
        XCTAssertTrue(main.contains("throw_error_status(422, \"display_name\", \"must be filled in\")"))
        let navigation = files["app/views/layouts/_navigation.html.erb"]!
        let account = try XCTUnwrap(navigation.range(of: "\"Account\""))
        let signOut = try XCTUnwrap(navigation.range(of: "\"Sign out\""))
        XCTAssertLessThan(account.lowerBound, signOut.lowerBound)
        XCTAssertLessThan(try XCTUnwrap(navigation.range(of: "\"Watchlist\"")).lowerBound, account.lowerBound)
    }

    func testEveryPageSetsItsTitle() throws {
        for fixture in Fixture.names {
            for (path, bytes) in try LoweringHarness.files(try lowered(fixture))
            where path.hasSuffix(".html.erb") && !path.contains("/_") {
                XCTAssertTrue(String(decoding: bytes, as: UTF8.self).hasPrefix("<% content_for :title, "), "\(fixture) \(path)")
            }
        }
    }

    // MARK: Migrations

    func testReferencedTablesAreCreatedFirst() throws {
        for fixture in Fixture.names {
            let loaded = try LoweringHarness.fixture(fixture)
            let versions = RailsMigrationVersion.versions(for: loaded.plan)
            XCTAssertEqual(Set(versions.values).count, loaded.plan.entities.count, fixture)
            for entity in loaded.plan.entities {
                XCTAssertGreaterThan(versions[entity.key]!, RailsMigrationVersion.accountVersion)
                for field in entity.fields where field.type == .reference && field.to != entity.key {
                    XCTAssertLessThan(versions[field.to!]!, versions[entity.key]!, "\(entity.key) references \(field.to!)")
                }
            }
        }
    }

    func testMigrationVersionsAreStableWhenAnotherEntityChanges() throws {
        let base = RailsMigrationVersion.versions(for: try LoweringHarness.fixture(movies).plan)
        let edited = RailsMigrationVersion.versions(for: try LoweringHarness.edited(movies) {
            var plan = JSONEdit.set($0, "/entities/1/fields/2", ["key": "bio", "type": "text"])
            return JSONEdit.set(plan, "/entities/5", ["key": "award", "plural_key": "awards", "uuid": "5d1c0a4e-0b7f-4f43-9d0c-5f0c1f6f2a11",
                                                      "name": "Award", "plural": "Awards", "index": "public",
                                                      "fields": [["key": "movie", "type": "reference", "to": "movie"]]])
        }.plan)
        for key in ["movie", "person", "review", "watchlist_item", "genre"] { XCTAssertEqual(base[key], edited[key], key) }
        XCTAssertGreaterThan(edited["award"]!, edited["movie"]!)
        XCTAssertEqual(RailsMigrationVersion.timestamp(day: RailsMigrationVersion.baseDay, second: 3661), "20260101010101")
        XCTAssertEqual(RailsMigrationVersion.timestamp(day: RailsMigrationVersion.baseDay + 59, second: 0), "20260301000000")
    }

    /// Found by the fuzzer: a display name holding `%>` ended the ERB tag its Ruby string sat in
    /// (`<%= link_to "All … %> …", … %>`), so the template no longer compiled.
    func testADisplayNameCannotEndAnERBTag() {
        XCTAssertEqual(RailsText.ruby("50%> off"), "\"50%\\> off\"")
        XCTAssertFalse(RailsText.ruby("%>%>").contains("%>"))
        XCTAssertEqual(RailsText.ruby("a > b"), "\"a > b\"")
    }
}
