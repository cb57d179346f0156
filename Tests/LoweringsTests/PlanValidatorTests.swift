import XCTest
@testable import Lowerings

/// Every rule of Plan format v1: a Plan that breaks exactly one rule gives exactly that code at that pointer.
final class PlanValidatorTests: XCTestCase {
    static let base = """
    {
      "plan_format": 1,
      "project_id": "0f8fad5b-d9cb-469f-a165-70867728950e",
      "application": {
        "key": "movie_catalog", "name": "Movie Catalog", "domain": "movies.example.com", "home": "movie",
        "appearance": { "theme": "auto", "accent": "#E4572E", "background": { "light": "#FFFFFF", "dark": "#101014" } },
        "native": { "ios": {}, "android": {} },
        "push": { "ios": false, "android": false }
      },
      "account": { "subject_uuid": "6f1c2a3b-0000-4000-8000-000000000001", "editable": true,
                   "fields": [ { "key": "display_name", "type": "string", "required": true } ] },
      "entities": [
        { "key": "movie", "plural_key": "movies", "uuid": "9b2e0000-0000-4000-8000-000000000001", "name": "Movie",
          "plural": "Movies", "icon": "film", "index": "public", "forms": true,
          "fields": [ { "key": "title", "type": "string", "required": true },
                      { "key": "director", "type": "reference", "to": "person" } ] },
        { "key": "person", "plural_key": "people", "uuid": "9b2e0000-0000-4000-8000-000000000002", "name": "Person",
          "plural": "People", "index": "protected", "forms": false, "fields": [] }
      ]
    }
    """

    struct Case {
        var name: String
        var edits: [(String, Any?)]
        var expected: [String]
        var line: UInt
    }

    /// Screen "map" on both clients, one rule routing /native/map to it.
    static let native: [(String, Any?)] = [
        ("/application/native/ios/screens", ["map": "MapScreen"]),
        ("/application/native/android/screens", ["map": "MapFragment"]),
        ("/application/native/rules", [["path": "/native/map", "view_controller": "map"]]),
    ]

    static let longLabel = String(repeating: "a", count: 64)
    static let longDomain = Array(repeating: String(repeating: "a", count: 63), count: 4).joined(separator: ".")

    let cases: [Case] = [
        Case(name: "format", edits: [("/plan_format", 2)], expected: ["plan.format.unsupported /plan_format"], line: #line),
        Case(name: "format type", edits: [("/plan_format", "1")], expected: ["plan.wrong_type /plan_format"], line: #line),
        Case(name: "project id", edits: [("/project_id", "1234")], expected: ["plan.project_id.invalid /project_id"], line: #line),
        Case(name: "project id case", edits: [("/project_id", "0F8FAD5B-D9CB-469F-A165-70867728950E")],
             expected: ["plan.project_id.invalid /project_id"], line: #line),
        Case(name: "unknown key", edits: [("/colour", "x")], expected: ["plan.unknown_key /colour"], line: #line),
        Case(name: "missing key", edits: [("/entities", nil)], expected: ["plan.missing_key /entities"], line: #line),
        Case(name: "app key", edits: [("/application/key", "9lives")],
             expected: ["plan.application.key_invalid /application/key"], line: #line),
        Case(name: "app key dash", edits: [("/application/key", "movie-catalog")],
             expected: ["plan.application.key_invalid /application/key"], line: #line),
        Case(name: "name empty", edits: [("/application/name", " ")], expected: ["plan.name.empty /application/name"], line: #line),
        Case(name: "name lines", edits: [("/application/name", "a\nb")],
             expected: ["plan.name.not_one_line /application/name"], line: #line),
        Case(name: "name control", edits: [("/application/name", "a\u{7}b")],
             expected: ["plan.name.control_character /application/name"], line: #line),
        Case(name: "entity plural name", edits: [("/entities/0/plural", "")],
             expected: ["plan.name.empty /entities/0/plural"], line: #line),
        Case(name: "home unknown", edits: [("/application/home", "film")],
             expected: ["plan.home.unknown_entity /application/home"], line: #line),
        Case(name: "theme", edits: [("/application/appearance/theme", "sepia")],
             expected: ["plan.appearance.theme_unknown /application/appearance/theme"], line: #line),
        Case(name: "color", edits: [("/application/appearance/accent", "#E4572")],
             expected: ["plan.appearance.color_invalid /application/appearance/accent"], line: #line),
        Case(name: "color pair", edits: [("/application/appearance/background/dark", "black")],
             expected: ["plan.appearance.color_invalid /application/appearance/background/dark"], line: #line),
        Case(name: "color pair missing", edits: [("/application/appearance/background/dark", nil)],
             expected: ["plan.missing_key /application/appearance/background/dark"], line: #line),
        Case(name: "color type", edits: [("/application/appearance/accent", 5)],
             expected: ["plan.wrong_type /application/appearance/accent"], line: #line),
        Case(name: "native object", edits: [("/application/native/ios", true)],
             expected: ["plan.wrong_type /application/native/ios"], line: #line),
        Case(name: "native settings", edits: [("/application/native/android/bundle_id", "x")],
             expected: ["plan.unknown_key /application/native/android/bundle_id"], line: #line),
        // Native declarations (issue 16); `Self.native` declares screen "map" on both clients, routed by one rule.
        Case(name: "native type", edits: PlanValidatorTests.native + [("/application/native/ios/screens", ["map": "Map.Screen"])],
             expected: ["plan.native.type_invalid /application/native/ios/screens/map"], line: #line),
        Case(name: "native type keyword", edits: PlanValidatorTests.native + [("/application/native/android/splash", "class")],
             expected: ["plan.native.type_invalid /application/native/android/splash"], line: #line),
        Case(name: "native id", edits: PlanValidatorTests.native + [("/application/native/ios/components", ["Chart": "ChartComponent"])],
             expected: ["plan.native.id_invalid /application/native/ios/components/Chart"], line: #line),
        Case(name: "native id reserved", edits: PlanValidatorTests.native + [("/application/native/ios/screens", ["map": "MapScreen", "web": "WebScreen"])],
             expected: ["plan.native.id_reserved /application/native/ios/screens/web",
                        "plan.native.screen_unrouted /application/native/ios/screens/web"], line: #line),
        Case(name: "native fragment twice", edits: PlanValidatorTests.native + [
            ("/application/native/android/screens", ["map": "MapFragment", "list": "MapFragment"]),
            ("/application/native/rules/1", ["path": "/native/list", "view_controller": "list", "platforms": ["android"]])],
             expected: ["plan.native.screen_type_duplicate /application/native/android/screens/map"], line: #line),
        Case(name: "splash seconds", edits: PlanValidatorTests.native + [("/application/native/ios/splash", "LaunchSplash"),
                                                          ("/application/native/ios/splash_min_seconds", 8.5)],
             expected: ["plan.native.splash_seconds_invalid /application/native/ios/splash_min_seconds"], line: #line),
        Case(name: "splash seconds alone", edits: PlanValidatorTests.native + [("/application/native/ios/splash_min_seconds", 2)],
             expected: ["plan.native.splash_seconds_without_splash /application/native/ios/splash_min_seconds"], line: #line),
        Case(name: "package requirement", edits: PlanValidatorTests.native + [("/application/native/ios/packages", [["url": "https://github.com/a/Charts"]])],
             expected: ["plan.native.package_requirement /application/native/ios/packages/0"], line: #line),
        Case(name: "package two requirements", edits: PlanValidatorTests.native + [
            ("/application/native/ios/packages", [["url": "https://github.com/a/Charts", "from": "1.0.0", "branch": "main"]])],
             expected: ["plan.native.package_requirement /application/native/ios/packages/0"], line: #line),
        Case(name: "package url", edits: PlanValidatorTests.native + [("/application/native/ios/packages", [["url": "http://github.com/a/Charts", "from": "1.0.0"]])],
             expected: ["plan.native.package_url_invalid /application/native/ios/packages/0/url"], line: #line),
        Case(name: "package version", edits: PlanValidatorTests.native + [("/application/native/ios/packages", [["url": "https://github.com/a/Charts", "exact": "1.0"]])],
             expected: ["plan.native.package_version_invalid /application/native/ios/packages/0/exact"], line: #line),
        Case(name: "package revision", edits: PlanValidatorTests.native + [("/application/native/ios/packages", [["url": "https://github.com/a/Charts", "revision": "abc123"]])],
             expected: ["plan.native.package_version_invalid /application/native/ios/packages/0/revision"], line: #line),
        Case(name: "package product", edits: PlanValidatorTests.native + [("/application/native/ios/packages", [["url": "https://github.com/apple/swift-collections", "from": "1.1.0"]])],
             expected: ["plan.native.package_product_invalid /application/native/ios/packages/0/url"], line: #line),
        Case(name: "package twice", edits: PlanValidatorTests.native + [("/application/native/ios/packages", [
            ["url": "https://github.com/a/Charts", "from": "1.0.0"], ["url": "https://gitlab.com/b/charts.git", "from": "2.0.0", "products": ["ChartsKit"]]])],
             expected: ["plan.native.package_duplicate /application/native/ios/packages/1/url"], line: #line),
        Case(name: "maven dynamic", edits: PlanValidatorTests.native + [("/application/native/android/packages", ["io.coil-kt:coil:2.+"])],
             expected: ["plan.native.maven_coordinate_invalid /application/native/android/packages/0"], line: #line),
        Case(name: "rule path", edits: PlanValidatorTests.native + [("/application/native/rules/0/path", "native/map")],
             expected: ["plan.native.rule_path_invalid /application/native/rules/0/path"], line: #line),
        Case(name: "rule entity path", edits: PlanValidatorTests.native + [("/application/native/rules/0/path", "/movies/map")],
             expected: ["plan.native.rule_path_collision /application/native/rules/0/path"], line: #line),
        Case(name: "rule reserved path", edits: PlanValidatorTests.native + [("/application/native/rules/0/path", "/account/map")],
             expected: ["plan.native.rule_path_collision /application/native/rules/0/path"], line: #line),
        Case(name: "rule path twice", edits: PlanValidatorTests.native + [("/application/native/rules/1", ["path": "/native/map", "view_controller": "map"])],
             expected: ["plan.native.rule_path_duplicate /application/native/rules/1/path"], line: #line),
        Case(name: "rule unknown screen", edits: PlanValidatorTests.native + [("/application/native/rules/1", ["path": "/native/list", "view_controller": "list"])],
             expected: ["plan.native.rule_screen_unknown /application/native/rules/1/view_controller"], line: #line),
        Case(name: "rule one side", edits: PlanValidatorTests.native + [("/application/native/android/screens", nil)],
             expected: ["plan.native.rule_screen_undeclared /application/native/rules/0/view_controller"], line: #line),
        Case(name: "rule platform", edits: PlanValidatorTests.native + [("/application/native/rules/0/platforms", ["web"])],
             expected: ["plan.native.rule_platform_unknown /application/native/rules/0/platforms/0"], line: #line),
        Case(name: "rule platform not requested", edits: PlanValidatorTests.native + [("/application/native/android", nil),
                                                                       ("/application/native/rules/0/platforms", ["ios", "android"])],
             expected: ["plan.native.rule_platform_not_requested /application/native/rules/0/platforms/1"], line: #line),
        Case(name: "tab with parameter", edits: PlanValidatorTests.native + [("/application/native/rules/0/path", "/native/maps/:id"),
                                                              ("/application/native/rules/0/tab", ["label": "Map", "icon": "map"])],
             expected: ["plan.native.tab_path_parameter /application/native/rules/0/tab"], line: #line),
        Case(name: "tab icon", edits: PlanValidatorTests.native + [("/application/native/rules/0/tab", ["label": "Map", "icon": "compass"])],
             expected: ["plan.entity.icon_unknown /application/native/rules/0/tab/icon"], line: #line),
        Case(name: "push client", edits: [("/application/native/ios", nil), ("/application/push/ios", true)],
             expected: ["plan.push.requires_client /application/push/ios"], line: #line),
        Case(name: "version four parts", edits: [("/application/version", "1.2.3.4")],
             expected: ["plan.application.version_invalid /application/version"], line: #line),
        Case(name: "version leading zero", edits: [("/application/version", "1.02")],
             expected: ["plan.application.version_invalid /application/version"], line: #line),
        Case(name: "version prerelease", edits: [("/application/version", "1.0.0-beta")],
             expected: ["plan.application.version_invalid /application/version"], line: #line),
        Case(name: "version empty part", edits: [("/application/version", "1..0")],
             expected: ["plan.application.version_invalid /application/version"], line: #line),
        // Issue 17: links and bridge.
        Case(name: "scheme syntax", edits: [("/application/links", ["scheme": "Movie_Catalog"])],
             expected: ["plan.links.scheme_invalid /application/links/scheme"], line: #line),
        Case(name: "scheme digit first", edits: [("/application/links", ["scheme": "1movies"])],
             expected: ["plan.links.scheme_invalid /application/links/scheme"], line: #line),
        Case(name: "scheme reserved", edits: [("/application/links", ["scheme": "https"])],
             expected: ["plan.links.scheme_reserved /application/links/scheme"], line: #line),
        Case(name: "derived scheme reserved", edits: [("/application/key", "tel")],
             expected: ["plan.links.scheme_reserved /application/key"], line: #line),
        Case(name: "links unknown key", edits: [("/application/links", ["schema": "movies"])],
             expected: ["plan.unknown_key /application/links/schema"], line: #line),
        Case(name: "bridge type", edits: [("/application/bridge", ["submit": "yes"])],
             expected: ["plan.wrong_type /application/bridge/submit"], line: #line),
        Case(name: "bridge unknown component", edits: [("/application/bridge", ["sumbit": false])],
             expected: ["plan.unknown_key /application/bridge/sumbit"], line: #line),
        Case(name: "component named like a built-in", edits: [("/application/native/ios", ["components": ["submit": "SubmitButton"]])],
             expected: ["plan.native.component_built_in /application/native/ios/components/submit"], line: #line),
        Case(name: "rule on an association file", edits: PlanValidatorTests.native + [("/application/native/rules/0/path", "/.well-known/assetlinks.json")],
             expected: ["plan.native.rule_path_collision /application/native/rules/0/path"], line: #line),
        Case(name: "push account", edits: [("/account", nil), ("/entities/1/index", "public"), ("/application/push/android", true)],
             expected: ["plan.push.requires_account /application/push/android"], line: #line),
        Case(name: "subject uuid", edits: [("/account/subject_uuid", "6f1c")],
             expected: ["plan.account.subject_uuid_invalid /account/subject_uuid"], line: #line),
        Case(name: "account field", edits: [("/account/fields/0/key", "DisplayName")],
             expected: ["plan.field.key_invalid /account/fields/0/key"], line: #line),
        Case(name: "entity key", edits: [("/entities/1/key", "Person")],
             expected: ["plan.field.to_unknown_entity /entities/0/fields/1/to", "plan.entity.key_invalid /entities/1/key"], line: #line),
        Case(name: "entity key trailing underscore", edits: [("/entities/1/key", "person_"), ("/entities/0/fields/1/to", "person_")],
             expected: ["plan.entity.key_invalid /entities/1/key"], line: #line),
        Case(name: "plural key doubled underscore", edits: [("/entities/1/plural_key", "pe__ople")],
             expected: ["plan.entity.plural_key_invalid /entities/1/plural_key"], line: #line),
        Case(name: "field key tripled underscore", edits: [("/entities/0/fields/0/key", "ti___tle")],
             expected: ["plan.field.key_invalid /entities/0/fields/0/key"], line: #line),
        Case(name: "plural key", edits: [("/entities/1/plural_key", "People")],
             expected: ["plan.entity.plural_key_invalid /entities/1/plural_key"], line: #line),
        Case(name: "key duplicate", edits: [("/entities/1/key", "movie"), ("/entities/0/fields/1/to", "movie")],
             expected: ["plan.entity.key_duplicate /entities/1/key"], line: #line),
        Case(name: "key across sets", edits: [("/entities/1/plural_key", "movie")],
             expected: ["plan.entity.key_duplicate /entities/1/plural_key"], line: #line),
        Case(name: "plural across sets", edits: [("/entities/1/key", "movies"), ("/entities/0/fields/1/to", "movies")],
             expected: ["plan.entity.key_duplicate /entities/1/key"], line: #line),
        Case(name: "uuid", edits: [("/entities/0/uuid", "9b2e")], expected: ["plan.entity.uuid_invalid /entities/0/uuid"], line: #line),
        Case(name: "uuid duplicate", edits: [("/entities/1/uuid", "9b2e0000-0000-4000-8000-000000000001")],
             expected: ["plan.entity.uuid_duplicate /entities/1/uuid"], line: #line),
        Case(name: "uuid duplicates account", edits: [("/entities/0/uuid", "6f1c2a3b-0000-4000-8000-000000000001")],
             expected: ["plan.entity.uuid_duplicate /entities/0/uuid"], line: #line),
        Case(name: "icon", edits: [("/entities/0/icon", "smiley")], expected: ["plan.entity.icon_unknown /entities/0/icon"], line: #line),
        Case(name: "index", edits: [("/entities/1/index", "hidden")],
             expected: ["plan.entity.index_unknown /entities/1/index"], line: #line),
        Case(name: "protected", edits: [("/account", nil)],
             expected: ["plan.entity.protected_requires_account /entities/1/index"], line: #line),
        Case(name: "parent", edits: [("/entities/1/parent", "studio")],
             expected: ["plan.entity.parent_unknown /entities/1/parent"], line: #line),
        Case(name: "parent self", edits: [("/entities/1/parent", "person")],
             expected: ["plan.entity.parent_cycle /entities/1/parent"], line: #line),
        Case(name: "parent cycle", edits: [("/entities/1/parent", "movie"), ("/entities/0/parent", "person")],
             expected: ["plan.entity.parent_cycle /entities/0/parent"], line: #line),
        Case(name: "route", edits: [("/entities/1/plural_key", "up")],
             expected: ["plan.entity.route_collision /entities/1/plural_key"], line: #line),
        Case(name: "route account", edits: [("/entities/1/plural_key", "account")],
             expected: ["plan.entity.route_collision /entities/1/plural_key"], line: #line),
        Case(name: "field key", edits: [("/entities/0/fields/0/key", "Title")],
             expected: ["plan.field.key_invalid /entities/0/fields/0/key"], line: #line),
        Case(name: "field duplicate", edits: [("/entities/0/fields/1/key", "title")],
             expected: ["plan.field.key_duplicate /entities/0/fields/1/key"], line: #line),
        Case(name: "field type", edits: [("/entities/0/fields/0/type", "blob")],
             expected: ["plan.field.type_unknown /entities/0/fields/0/type"], line: #line),
        Case(name: "field to missing", edits: [("/entities/0/fields/1/to", nil)],
             expected: ["plan.field.reference_requires_to /entities/0/fields/1/to"], line: #line),
        Case(name: "field to extra", edits: [("/entities/0/fields/0/to", "person")],
             expected: ["plan.field.to_not_allowed /entities/0/fields/0/to"], line: #line),
        Case(name: "field to unknown", edits: [("/entities/0/fields/1/to", "studio")],
             expected: ["plan.field.to_unknown_entity /entities/0/fields/1/to"], line: #line),
        Case(name: "field unknown key", edits: [("/entities/0/fields/0/reqired", true)],
             expected: ["plan.unknown_key /entities/0/fields/0/reqired"], line: #line),
        Case(name: "rails reserved keys", edits: [("/entities/1/key", "account"), ("/entities/1/plural_key", "accounts"),
                                                  ("/entities/0/fields/1/to", "account")],
             expected: ["rails.entity.key_reserved /entities/1/key", "rails.entity.plural_key_reserved /entities/1/plural_key"], line: #line),
        Case(name: "rails reserved class", edits: [("/entities/1/key", "class"), ("/entities/0/fields/1/to", "class")],
             expected: ["rails.entity.key_reserved /entities/1/key"], line: #line),
        // Issue 12: Plans that loaded and then broke the generated Rails app or the compile.
        Case(name: "class name round trip", edits: [("/entities/1/key", "person_2"), ("/entities/0/fields/1/to", "person_2")],
             expected: ["plan.entity.rails_name_mismatch /entities/1/key"], line: #line),
        Case(name: "plural round trip", edits: [("/entities/1/plural_key", "people_2")],
             expected: ["plan.entity.rails_name_mismatch /entities/1/plural_key"], line: #line),
        Case(name: "key is its own plural", edits: [("/entities/1/key", "sheep"), ("/entities/1/plural_key", "sheep"),
                                                    ("/entities/0/fields/1/to", "sheep")],
             expected: ["plan.entity.rails_name_collision /entities/1/plural_key"], line: #line),
        Case(name: "member helper is another's new helper", edits: [("/entities/1/key", "new_movie"), ("/entities/1/plural_key", "new_movies"),
                                                                  ("/entities/0/fields/1/to", "new_movie")],
             expected: ["plan.entity.rails_name_collision /entities/1/key"], line: #line),
        Case(name: "application controller", edits: [("/entities/1/plural_key", "application")],
             expected: ["rails.entity.plural_key_reserved /entities/1/plural_key"], line: #line),
        Case(name: "entity key keyword", edits: [("/entities/1/key", "end"), ("/entities/0/fields/1/to", "end")],
             expected: ["plan.entity.key_reserved_word /entities/1/key"], line: #line),
        Case(name: "entity key template local", edits: [("/entities/1/key", "form"), ("/entities/0/fields/1/to", "form")],
             expected: ["plan.entity.key_reserved_word /entities/1/key"], line: #line),
        Case(name: "entity key too long", edits: [("/entities/1/key", String(repeating: "p", count: 64)),
                                                  ("/entities/0/fields/1/to", String(repeating: "p", count: 64))],
             expected: ["plan.entity.key_too_long /entities/1/key"], line: #line),
        Case(name: "plural key too long", edits: [("/entities/1/plural_key", String(repeating: "p", count: 230))],
             expected: ["plan.entity.key_too_long /entities/1/plural_key"], line: #line),
        Case(name: "field key too long", edits: [("/entities/0/fields/0/key", String(repeating: "t", count: 64))],
             expected: ["plan.field.key_too_long /entities/0/fields/0/key"], line: #line),
        Case(name: "field id", edits: [("/entities/0/fields/0/key", "id")],
             expected: ["plan.field.key_reserved /entities/0/fields/0/key"], line: #line),
        Case(name: "field type column", edits: [("/entities/0/fields/0/key", "type")],
             expected: ["plan.field.key_reserved /entities/0/fields/0/key"], line: #line),
        Case(name: "field class", edits: [("/entities/0/fields/0/key", "class")],
             expected: ["plan.field.key_reserved /entities/0/fields/0/key"], line: #line),
        Case(name: "field timestamp", edits: [("/entities/0/fields/0/key", "created_at")],
             expected: ["plan.field.key_reserved /entities/0/fields/0/key"], line: #line),
        Case(name: "field dangerous", edits: [("/entities/0/fields/0/key", "save")],
             expected: ["plan.field.key_reserved /entities/0/fields/0/key"], line: #line),
        Case(name: "field keyword", edits: [("/entities/0/fields/0/key", "end")],
             expected: ["plan.field.key_reserved /entities/0/fields/0/key"], line: #line),
        Case(name: "account field column", edits: [("/account/fields/0/key", "email")],
             expected: ["plan.field.key_reserved /account/fields/0/key"], line: #line),
        Case(name: "field reference column", edits: [("/entities/0/fields/0/key", "director_id")],
             expected: ["plan.field.name_collision /entities/0/fields/0/key"], line: #line),
        Case(name: "field is an association", edits: [("/entities/1/fields", [["key": "movies_as_director", "type": "string"]])],
             expected: ["plan.field.name_collision /entities/1/fields/0/key"], line: #line),
        Case(name: "name too long", edits: [("/entities/0/name", String(repeating: "N", count: 257))],
             expected: ["plan.name.too_long /entities/0/name"], line: #line),
        Case(name: "string too long", edits: [("/application/domain", String(repeating: "d", count: 1025))],
             expected: ["plan.string.too_long /application/domain"], line: #line),
        Case(name: "file too large", edits: [("/application/domain", String(repeating: "d", count: 4 << 20))],
             expected: ["plan.file.too_large "], line: #line),
        Case(name: "enum value too long", edits: [("/entities/0/icon", String(repeating: "f", count: 100_000))],
             expected: ["plan.string.too_long /entities/0/icon"], line: #line),
        Case(name: "bool type", edits: [("/entities/0/forms", "yes")], expected: ["plan.wrong_type /entities/0/forms"], line: #line),
    ]

    func testBaseIsValid() {
        XCTAssertEqual(load(Self.base).diagnostics.map(\.description), [])
    }

    /// What 000 admits and an earlier release rejected: each loads with no diagnostic. A domain that
    /// cannot form a client's identity is that client's lowering diagnostic (IOSLoweringTests,
    /// AndroidLoweringTests, PlanCompileTests); a home whose index navigation omits gives way to
    /// the first entity's index; `/configurations` belongs to an entity named Configuration.
    func testPlansThatZeroZeroZeroAdmitLoad() {
        let admitted: [(String, [(String, Any?)])] = [
            ("domain empty", [("/application/domain", "")]),
            ("domain long", [("/application/domain", String(repeating: "a.", count: 130) + "com")]),
            ("domain case", [("/application/domain", "Movies.example.com")]),
            ("domain empty label", [("/application/domain", "movies.example.com.")]),
            ("domain char", [("/application/domain", "mo_vies.example.com")]),
            ("domain tld", [("/application/domain", "movies.example.42")]),
            ("domain invalid", [("/application/domain", "movies.invalid")]),
            ("home hidden", [("/entities/0/index", "none")]),
            ("native declarations", PlanValidatorTests.native + [
                ("/application/native/ios/components", ["share": "ShareComponent"]), ("/application/native/ios/splash", "LaunchSplash"),
                ("/application/native/ios/splash_min_seconds", 0.25),
                ("/application/native/ios/packages", [["url": "https://github.com/apple/swift-collections.git", "branch": "main", "products": ["OrderedCollections"]]]),
                ("/application/native/android/packages", ["androidx.recyclerview:recyclerview:1.3.2"]),
                ("/application/native/rules/0/tab", ["label": "Map", "icon": "map"]), ("/application/native/rules/0/title", "Map"),
                ("/application/native/rules/1", ["path": "/native/maps/:id", "view_controller": "map", "platforms": ["ios"]])]),
            ("configuration entity", [("/entities/1/key", "configuration"), ("/entities/1/plural_key", "configurations"),
                                      ("/entities/0/fields/1/to", "configuration")]),
        ]
        for (name, edits) in admitted {
            var value = JSONEdit.parse(Self.base)
            for (pointer, replacement) in edits { value = JSONEdit.set(value, pointer, replacement) }
            let result = load(JSONEdit.serialize(value))
            XCTAssertEqual(summary(result.diagnostics), [], name)
            XCTAssertNotNil(result.loadedPlan, name)
        }
    }

    func testEachRuleGivesExactlyItsCodeAndPointer() {
        for c in cases {
            var value = JSONEdit.parse(Self.base)
            for (pointer, replacement) in c.edits { value = JSONEdit.set(value, pointer, replacement) }
            let result = load(JSONEdit.serialize(value))
            XCTAssertEqual(summary(result.diagnostics), c.expected, c.name, line: c.line)
            XCTAssertNil(result.loadedPlan, c.name, line: c.line)
        }
    }

    func testEveryPlanCodeIsExercised() {
        let covered = Set(cases.flatMap { $0.expected.map { String($0.split(separator: " ")[0]) } })
        let planCodes = Set(DiagnosticCode.allCases.map(\.rawValue).filter { $0.hasPrefix("plan.") })
        XCTAssertEqual(planCodes.subtracting(covered), [])
    }

    /// The other side of the links and bridge cases: what is allowed loads without a diagnostic.
    func testLinksAndBridgeThatAreValidLoad() {
        let valid: [[(String, Any?)]] = [
            [("/application/links", ["scheme": "movies+app.v2"])],
            // With the built-in off, the app may name its own component "submit".
            [("/application/bridge", ["submit": false]), ("/application/native/ios", ["components": ["submit": "SubmitButton"]])],
            // Without a native client nothing registers the derived scheme.
            [("/application/key", "tel"), ("/application/native", nil)],
        ]
        for edits in valid {
            var value = JSONEdit.parse(Self.base)
            for (pointer, replacement) in edits { value = JSONEdit.set(value, pointer, replacement) }
            let result = load(JSONEdit.serialize(value))
            XCTAssertEqual(summary(result.diagnostics), [], "\(edits)")
            XCTAssertNotNil(result.loadedPlan)
        }
    }

    func testStoreVersionsLoad() throws {
        for version in ["1", "2.0", "10.0.12", "0.0.0", "123456789.1.0"] {
            let value = JSONEdit.set(JSONEdit.parse(Self.base), "/application/version", version)
            let loaded = try XCTUnwrap(load(JSONEdit.serialize(value)).loadedPlan, version)
            XCTAssertEqual(loaded.plan.application.version, version)
        }
        for version in ["", "1.", ".1", "v1.0", "1.0.0.0", "01.0", "1.2.3-rc1", "1 .2", "1234567890"] {
            let value = JSONEdit.set(JSONEdit.parse(Self.base), "/application/version", version)
            XCTAssertEqual(summary(load(JSONEdit.serialize(value)).diagnostics), ["plan.application.version_invalid /application/version"], version)
        }
    }

    func testUnknownKeySuggestsTheNearestKey() {
        let value = JSONEdit.set(JSONEdit.parse(Self.base), "/entities/0/plurl", "Movies")
        let diagnostic = load(JSONEdit.serialize(value)).diagnostics.first
        XCTAssertEqual(diagnostic?.message, "unknown key \"plurl\"; did you mean \"plural\"?")
    }

    func testParentCycleNamesItsPath() {
        var value = JSONEdit.parse(Self.base)
        value = JSONEdit.set(value, "/entities/2", ["key": "studio", "plural_key": "studios", "uuid": "9b2e0000-0000-4000-8000-000000000003",
                                                   "name": "Studio", "plural": "Studios", "index": "none", "parent": "person"])
        value = JSONEdit.set(value, "/entities/1/parent", "studio")
        value = JSONEdit.set(value, "/entities/0/parent", "person")
        let diagnostics = load(JSONEdit.serialize(value)).diagnostics
        XCTAssertEqual(summary(diagnostics), ["plan.entity.parent_cycle /entities/1/parent"])
        XCTAssertEqual(diagnostics.first?.message,
                       "parent chain forms a cycle: person → studio → person; remove one of these parents")
    }

    /// ActiveSupport 6.1.7.10 (`"a_1".camelize`, `.underscore`), recorded: the round trip that
    /// decides `plan.entity.rails_name_mismatch`.
    func testRailsSpellingMatchesActiveSupport() {
        let recorded: [(String, String, String)] = [
            ("a_1", "A1", "a1"), ("a1", "A1", "a1"), ("a_b", "AB", "ab"), ("ab_c_d", "AbCD", "ab_cd"), ("x_ray", "XRay", "x_ray"),
            ("watchlist_item", "WatchlistItem", "watchlist_item"), ("v2_item", "V2Item", "v2_item"), ("item_2", "Item2", "item2"),
            ("p_eople", "PEople", "p_eople"), ("a_b_c", "ABC", "abc"), ("ab1_c", "Ab1C", "ab1_c"),
        ]
        for (key, camel, back) in recorded {
            XCTAssertEqual(ActiveRecordNames.camelize(key), camel, key)
            XCTAssertEqual(ActiveRecordNames.underscore(camel), back, key)
            XCTAssertEqual(ActiveRecordNames.roundTrips(key), key == back, key)
        }
    }

    /// The Rails-derived names of the example Plans are all fine (nothing they use is reserved).
    func testTheExamplePlansLoad() throws {
        for name in Fixture.names {
            XCTAssertEqual(summary(load(try Fixture.text(name)).diagnostics), [], name)
        }
    }
}
