import XCTest
@testable import Lowerings

final class AndroidResourceTests: XCTestCase {
    private func lower(_ text: String) throws -> PlatformLowering { AndroidLowering.lower(try LoweringHarness.loaded(text)) }

    func testOmittedAccentUsesTheCoreNeutralAndOmittedBackgroundIsWhiteAndBlack() throws {
        let lowering = try lower(AndroidFixture.plan(entities: 2))
        let light = try LoweringHarness.text(LoweringHarness.task(lowering, "android.colors_light"))
        let dark = try LoweringHarness.text(LoweringHarness.task(lowering, "android.colors_dark"))
        XCTAssertTrue(light.contains(#"<color name="accent">#FF2B2B2B</color>"#), light)
        XCTAssertTrue(light.contains(#"<color name="foundation_background">#FFFFFFFF</color>"#), light)
        XCTAssertTrue(dark.contains(#"<color name="accent">#FFE0E0E0</color>"#), dark)
        XCTAssertTrue(dark.contains(#"<color name="foundation_background">#FF000000</color>"#), dark)
        // The neutral is the Core's own placeholder value.
        let core = AndroidRenderedOutputTests.coreFiles()
        XCTAssertTrue(core["app/src/main/res/values/colors.xml"]?.contains(AndroidResourceRenderer.neutralAccent.light) == true)
        XCTAssertTrue(core["app/src/main/res/values-night/colors.xml"]?.contains(AndroidResourceRenderer.neutralAccent.dark) == true)
    }

    func testScalarAndPairColorsExpandPerMode() throws {
        let scalar = try lower(AndroidFixture.plan(entities: 2, extra: ##","appearance":{"accent":"#0a84ff","background":"#101010"}"##))
        for id in ["android.colors_light", "android.colors_dark"] {
            let text = try LoweringHarness.text(LoweringHarness.task(scalar, id))
            XCTAssertTrue(text.contains("#FF0A84FF") && text.contains("#FF101010"), text)
        }
        let studio = AndroidLowering.lower(try LoweringHarness.fixture("studio-ops.plan.json"))
        XCTAssertTrue(try LoweringHarness.text(LoweringHarness.task(studio, "android.colors_light")).contains("#FF0A84FF"))
        XCTAssertTrue(try LoweringHarness.text(LoweringHarness.task(studio, "android.colors_dark")).contains("#FF64D2FF"))
    }

    func testPlaceholderPropertiesSayHowToRelease() throws {
        let lowering = try lower(AndroidFixture.plan(key: "movie_catalog", domain: nil))
        let text = try LoweringHarness.text(LoweringHarness.task(lowering, "android.application_properties"))
        XCTAssertTrue(text.contains("application_id=invalid.firstdraft.movie_catalog\n"), text)
        XCTAssertTrue(text.contains("origin=https://movie-catalog.invalid\n"), text)
        XCTAssertTrue(text.contains("# Placeholder identity"), text)
        let digest = try XCTUnwrap(lowering.definitionDigest)
        XCTAssertTrue(text.hasSuffix("projection_digest=\(digest.hex)\nversion_name=1.0.0\npush=false\nurl_scheme=movie-catalog\n"), text)
        let definition = try LoweringHarness.text(LoweringHarness.task(lowering, "android.application_definition"))
        XCTAssertTrue(definition.contains("const val PROJECTION_DIGEST = \"\(digest.hex)\""), definition)
    }

    func testLayoutHasOneNavigatorPerTabAndMore() throws {
        for (entities, navigators) in [(1, 1), (2, 2), (5, 5), (6, 5), (9, 5)] {
            let lowering = try lower(AndroidFixture.plan(entities: entities))
            let text = try LoweringHarness.text(LoweringHarness.task(lowering, "android.activity_layout"))
            let hosts = text.components(separatedBy: "android:name=\"dev.hotwire.navigation.navigator.NavigatorHost\"").count - 1
            XCTAssertEqual(hosts, navigators, "\(entities) entries")
            XCTAssertTrue(text.contains("@id/navigator_host_\(navigators - 1)\""), "\(entities)")
            XCTAssertFalse(text.contains("@id/navigator_host_\(navigators)\""), "\(entities)")
            if entities == 1 {
                XCTAssertFalse(text.contains("bottom_nav"), text)
            } else {
                XCTAssertTrue(text.contains("<com.google.android.material.bottomnavigation.BottomNavigationView"), text)
                XCTAssertTrue(text.contains("app:labelVisibilityMode=\"labeled\""), text)
            }
        }
    }

    func testTestsNameTheLayoutForTheEntryCount() throws {
        for (entities, expected) in [(1, "TabLayout.Single"), (3, "TabLayout.Tabs"), (7, "TabLayout.TabsWithMore(4)")] {
            let lowering = try lower(AndroidFixture.plan(entities: entities))
            let text = try LoweringHarness.text(LoweringHarness.task(lowering, "android.application_tests"))
            XCTAssertTrue(text.contains("assertEquals(\(expected), TabLayout.forEntryCount"), text)
            XCTAssertTrue(text.contains("BuildConfig.PROJECTION_DIGEST"), text)
        }
    }

    func testStringsCarryNameLabelsAndNavigationDescriptions() throws {
        let lowering = AndroidLowering.lower(try LoweringHarness.fixture("movie-catalog.plan.json"))
        let text = try LoweringHarness.text(LoweringHarness.task(lowering, "android.strings"))
        for line in [#"<string name="app_name">Movie Catalog</string>"#, #"<string name="navigation_back_description">Back</string>"#,
                     #"<string name="navigation_close_description">Close</string>"#, #"<string name="navigation_label_4">Watchlist</string>"#,
                     #"<string name="navigation_label_5">Account</string>"#] {
            XCTAssertTrue(text.contains(line), line)
        }
    }

    func testEveryTokenHasADistinctPinnedDrawable() {
        var seen = Set<[UInt8]>()
        for token in IconToken.allCases {
            let bytes = AndroidResourceRenderer.tabIcon(token)
            XCTAssertTrue(seen.insert(bytes).inserted, token.rawValue)
            XCTAssertEqual(MaterialIcon.resourceName(token), "ic_tab_\(token.rawValue)")
        }
        XCTAssertEqual(MaterialIcon.of(.grid).name, "grid_view")
        XCTAssertEqual(MaterialIcon.of(.person).name, "person")
        XCTAssertEqual(MaterialIcon.of(.film).name, "movie")
    }
}
