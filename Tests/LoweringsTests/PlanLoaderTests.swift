import Cache
import XCTest
@testable import Lowerings

final class PlanLoaderTests: XCTestCase {
    func testExamplePlansLoadClean() throws {
        for name in Fixture.names {
            let result = PlanLoader.load(bytes: try Fixture.bytes(name), file: name)
            XCTAssertEqual(result.diagnostics.map(\.description), [], name)
            XCTAssertNotNil(result.loadedPlan, name)
        }
    }

    func testMovieCatalogDecodesEveryFact() throws {
        let loaded = try XCTUnwrap(PlanLoader.load(bytes: try Fixture.bytes("movie-catalog.plan.json"),
                                                   file: "movie-catalog.plan.json").loadedPlan)
        let plan = loaded.plan
        XCTAssertEqual(plan.format, 1)
        XCTAssertEqual(plan.projectID, "7e5356ce-af61-57e3-98e6-8718d46fd9ec")
        XCTAssertEqual(plan.application.key, "movie_catalog")
        XCTAssertEqual(plan.application.domain, "movies.example.com")
        XCTAssertEqual(plan.application.home, "movie")
        XCTAssertEqual(plan.application.appearance?.theme, .auto)
        XCTAssertEqual(plan.application.appearance?.accent, .scalar(RGBColor(red: 0xE4, green: 0x57, blue: 0x2E)))
        XCTAssertEqual(plan.application.appearance?.background,
                       .pair(light: RGBColor(red: 255, green: 255, blue: 255), dark: RGBColor(red: 0x10, green: 0x10, blue: 0x14)))
        XCTAssertEqual(plan.application.native, NativeClients(ios: NativeClient(), android: NativeClient()))
        XCTAssertEqual(plan.application.push, Push(ios: false, android: false))
        XCTAssertEqual(plan.account?.editable, true)
        XCTAssertEqual(plan.account?.fields.map(\.key), ["display_name"])
        XCTAssertEqual(plan.entities.map(\.key), ["movie", "person", "review", "watchlist_item", "genre"])
        XCTAssertEqual(plan.entities.map(\.index), [.public, .public, .protected, .protected, .none])
        XCTAssertEqual(plan.entities.map(\.effectiveIcon), [.film, .people, .star, .bookmark, .grid])
        XCTAssertEqual(plan.entities[2].parent, "movie")
        XCTAssertEqual(plan.entities[3].route, "/watchlist_items")
        XCTAssertEqual(plan.entities[2].pointer.appending("plural").description, "/entities/2/plural")
        let director = plan.entities[0].fields[3]
        XCTAssertEqual(director, Field(key: "director", type: .reference, to: "person", required: false,
                                       pointer: JSONPointer("/entities/0/fields/3")!))
        XCTAssertEqual(loaded.positions.position(of: JSONPointer("/entities/2/plural")!).description, "90:17")
        XCTAssertEqual(loaded.diagnostic(.entityRouteCollision, at: JSONPointer("/entities/2/missing")!, "m").position.description,
                       "85:5")
    }

    func testNotesAndStudioOpsDefaults() throws {
        let notes = try XCTUnwrap(PlanLoader.load(bytes: try Fixture.bytes("notes.plan.json"), file: "n").loadedPlan).plan
        XCTAssertNil(notes.application.domain)
        XCTAssertNil(notes.application.appearance)
        XCTAssertNil(notes.account)
        XCTAssertEqual(notes.application.native, NativeClients(ios: NativeClient(), android: nil))
        let studio = try XCTUnwrap(PlanLoader.load(bytes: try Fixture.bytes("studio-ops.plan.json"), file: "s").loadedPlan).plan
        XCTAssertEqual(studio.application.appearance?.effectiveTheme, .dark)
        XCTAssertNil(studio.application.appearance?.background)
        XCTAssertEqual(studio.account?.editable, false)
        XCTAssertEqual(studio.account?.fields, [])
        XCTAssertEqual(studio.entities.count, 6)
    }

    func testSeveralProblemsAreAllReportedSortedByPosition() {
        let text = """
        {
          "plan_format": 1,
          "project_id": "not-a-uuid",
          "application": {
            "key": "Movie",
            "name": "Movies",
            "domain": "movies..example.com",
            "colour": "#FFFFFF",
            "native": { "ios": {} },
            "push": { "android": true }
          },
          "entities": [
            { "key": "movie", "plural_key": "movies", "uuid": "69203d93-8d9d-51fe-9721-71a3ec28511e",
              "name": "Movie", "plural": "Movies", "index": "protected", "icon": "filmstrip",
              "fields": [ { "key": "director", "type": "reference" } ] },
            { "key": "movie", "plural_key": "terms", "uuid": "69203d93-8d9d-51fe-9721-71a3ec28511e",
              "name": "Term", "plural": "Terms", "index": "public", "parent": "movie" }
          ]
        }
        """
        let result = load(text)
        XCTAssertNil(result.loadedPlan)
        XCTAssertEqual(result.diagnostics.map { "\($0.position) \($0.code.rawValue) \($0.pointer)" }, [
            "3:17 plan.project_id.invalid /project_id",
            "5:12 plan.application.key_invalid /application/key",
            "8:5 plan.unknown_key /application/colour",
            "10:26 plan.push.requires_account /application/push/android",
            "10:26 plan.push.requires_client /application/push/android",
            "14:53 plan.entity.protected_requires_account /entities/0/index",
            "14:74 plan.entity.icon_unknown /entities/0/icon",
            "15:19 plan.field.reference_requires_to /entities/0/fields/0/to",
            "16:14 plan.entity.key_duplicate /entities/1/key",
            "16:37 plan.entity.route_collision /entities/1/plural_key",
            "16:54 plan.entity.uuid_duplicate /entities/1/uuid",
        ])
        XCTAssertEqual(result.diagnostics.map(\.description)[2],
                       "plan.json:8:5: error[plan.unknown_key]: /application/colour: unknown key \"colour\"; remove it or use one of: appearance, bridge, domain, home, key, links, name, native, push, version")
    }

    /// DESIGN.md's example line; a domain is checked by the client lowering that needs it (000).
    func testRenderingMatchesTheDesignExample() throws {
        let label = String(repeating: "a", count: 64)
        let text = "{\n\"plan_format\": 1,\n\"project_id\": \"0f8fad5b-d9cb-469f-a165-70867728950e\",\n\"application\": {\"key\": \"a\", \"name\": \"A\",\n \"domain\": \"\(label).example.com\", \"native\": {\"ios\": {}}},\n\"entities\": [{\"key\": \"e\", \"plural_key\": \"es\", \"uuid\": \"69203d93-8d9d-51fe-9721-71a3ec28511e\", \"name\": \"E\", \"plural\": \"Es\", \"index\": \"public\"}]}"
        let loaded = try XCTUnwrap(load(text).loadedPlan)
        XCTAssertEqual(IOSLowering.lower(loaded).diagnostics.map(\.description), [
            "plan.json:5:12: warning[ios.identity.domain_label_invalid]: /application/domain: the domain has label \"\(label)\" of 64 bytes (at most 63); fix the domain",
        ])
    }

    func testSyntaxErrorsAndDuplicateKeysComeBackAsDiagnostics() {
        XCTAssertEqual(summary(load("{\"plan_format\": 1,}").diagnostics), ["json.trailing_comma "])
        XCTAssertEqual(load("[]").diagnostics.map(\.description),
                       ["plan.json:1:1: error[plan.wrong_type]: expected an object, found an array"])
        let fixture = try! Fixture.text("notes.plan.json")
        let duplicated = fixture.replacingOccurrences(of: "\"name\": \"Notes\",", with: "\"name\": \"Notes\", \"name\": \"Other\",")
        XCTAssertEqual(summary(load(duplicated).diagnostics), ["json.duplicate_key /application/name"])
    }

    func testWrongTypesAndMissingKeysDoNotCascade() {
        let text = """
        {"plan_format": "1", "project_id": 7, "application": {"name": ["x"], "home": "ghost"},
         "entities": [{"key": 3, "plural_key": "xs", "uuid": "69203d93-8d9d-51fe-9721-71a3ec28511e", "name": "X",
                       "plural": "Xs", "index": "public", "fields": [{"key": "y", "type": "reference", "to": "ghost"}]}]}
        """
        XCTAssertEqual(summary(load(text).diagnostics), [
            "plan.wrong_type /plan_format",
            "plan.wrong_type /project_id",
            "plan.missing_key /application/key",
            "plan.wrong_type /application/name",
            "plan.wrong_type /entities/0/key",
        ])
    }
}

final class FollowOnDiagnosticTests: XCTestCase {
    func testAMissingSectionIsReportedOnceNotAsItsChildren() {
        let r = PlanLoader.load(bytes: Array(#"{"plan_format": 1, "project_id": "0f8fad5b-d9cb-469f-a165-70867728950e", "entities": []}"#.utf8), file: "p.json")
        XCTAssertEqual(r.diagnostics.map(\.code.rawValue), ["plan.missing_key"])
        XCTAssertEqual(r.diagnostics.first?.pointer.description, "/application")
    }
}
