import Cache
import Tasks
import XCTest
@testable import Lowerings

/// Invariance/sensitivity pairs on Android task keys: a change moves exactly the seams that read it.
final class AndroidTaskKeyTests: XCTestCase {
    private let fixture = "movie-catalog.plan.json"

    private func keys(_ edits: [(String, Any?)]) throws -> [String: Digest] {
        LoweringHarness.keys(AndroidLowering.lower(try LoweringHarness.edited(fixture, edits)))
    }

    /// Task ids whose key differs between the base fixture and `edits`.
    private func moved(_ edits: [(String, Any?)]) throws -> Set<String> {
        let base = try keys([]), changed = try keys(edits)
        XCTAssertEqual(Set(base.keys), Set(changed.keys), "the task set changed")
        return Set(base.keys.filter { base[$0] != changed[$0] })
    }

    func testRailsOnlyChangesKeepEveryAndroidKey() throws {
        XCTAssertEqual(try moved([("/entities/0/fields/4", ["key": "runtime", "type": "integer"])]), [])
        XCTAssertEqual(try moved([("/entities/0/fields/0/required", false)]), [])
        XCTAssertEqual(try moved([("/entities/1/fields/1/type", "datetime")]), [])
        XCTAssertEqual(try moved([("/account/fields/0/required", false)]), [])
        // A Rails-only entity: no index in navigation, no forms.
        XCTAssertEqual(try moved([("/entities/5", [
            "key": "audit", "plural_key": "audits", "uuid": "0e0e0e0e-0000-4000-8000-000000000001", "name": "Audit",
            "plural": "Audits", "index": "none", "fields": [["key": "note", "type": "text"]],
        ])]), [])
        // Re-rendering the base twice gives the same keys.
        XCTAssertEqual(try keys([]), try keys([]))
    }

    func testAccentChangeMovesOnlyTheColorFiles() throws {
        XCTAssertEqual(try moved([("/application/appearance/accent", "#112233")]), ["android.colors_light", "android.colors_dark"])
        XCTAssertEqual(try moved([("/application/appearance/accent", nil)]), ["android.colors_light", "android.colors_dark"])
        XCTAssertEqual(try moved([("/application/appearance/background", "#000000")]), ["android.colors_light", "android.colors_dark"])
    }

    /// The domain is the identity (properties) and the App Links host (manifest); no Kotlin moves.
    func testDomainChangeMovesApplicationPropertiesAndManifestAndNoKotlin() throws {
        XCTAssertEqual(try moved([("/application/domain", "films.example.org")]), ["android.application_properties", "android.manifest"])
        let lowering = AndroidLowering.lower(try LoweringHarness.edited(fixture, [("/application/domain", "films.example.org")]))
        let properties = try LoweringHarness.text(LoweringHarness.task(lowering, "android.application_properties"))
        XCTAssertTrue(properties.contains("application_id=org.example.films.movie_catalog\n"), properties)
        XCTAssertTrue(properties.contains("origin=https://films.example.org\n"), properties)
        let manifest = try LoweringHarness.text(LoweringHarness.task(lowering, "android.manifest"))
        XCTAssertTrue(manifest.contains("<intent-filter android:autoVerify=\"true\">"), manifest)
        XCTAssertTrue(manifest.contains("<data android:host=\"films.example.org\" />"), manifest)
        // Removing the domain switches to the placeholders and drops the App Links filter, still
        // without touching Kotlin.
        XCTAssertEqual(try moved([("/application/domain", nil)]), ["android.application_properties", "android.manifest"])
        let placeholder = AndroidLowering.lower(try LoweringHarness.edited(fixture, [("/application/domain", nil)]))
        let plain = try LoweringHarness.text(LoweringHarness.task(placeholder, "android.manifest"))
        XCTAssertFalse(plain.contains("autoVerify"), plain)
        XCTAssertTrue(plain.contains("<data android:scheme=\"${appUrlScheme}\" />"), plain)
    }

    func testKotlinDefinitionHoldsNoApplicationIDOrOrigin() throws {
        let lowering = AndroidLowering.lower(try LoweringHarness.fixture(fixture))
        for id in ["android.application_definition", "android.application_tests"] {
            let text = try LoweringHarness.text(LoweringHarness.task(lowering, id))
            XCTAssertFalse(text.contains("com.example.movies"), id)
            XCTAssertFalse(text.contains("movies.example.com"), id)
            XCTAssertFalse(text.contains("https://"), id)
        }
    }

    func testPluralLabelChangeMovesOnlyNavigationReadingSeams() throws {
        XCTAssertEqual(try moved([("/entities/0/plural", "Films")]),
                       ["android.application_definition", "android.application_tests", "android.strings"])
    }

    func testOtherSensitivities() throws {
        // Theme: the definition (and the digest it records in application.properties).
        XCTAssertEqual(try moved([("/application/appearance/theme", "dark")]),
                       ["android.application_definition", "android.application_properties"])
        // Name: the strings and the definition digest.
        XCTAssertEqual(try moved([("/application/name", "Films")]),
                       ["android.application_definition", "android.application_properties", "android.strings",
                        "android.launcher_foreground"])
        // Forms on a Rails-only entity: the path configuration and the generated test of its rules.
        XCTAssertEqual(try moved([("/entities/4/forms", false)]), ["android.application_tests", "android.path_configuration"])
        // Account no longer editable: the same two.
        XCTAssertEqual(try moved([("/account/editable", false)]), ["android.application_tests", "android.path_configuration"])
    }

    func testIconChangeMovesTheDefinitionAndTheIconSet() throws {
        let base = try keys([])
        let changed = try keys([("/entities/0/icon", "camera")])
        XCTAssertNil(changed["android.tab_icons.film"])
        XCTAssertNotNil(changed["android.tab_icons.camera"])
        let common = Set(base.keys).intersection(changed.keys)
        XCTAssertEqual(Set(common.filter { base[$0] != changed[$0] }), ["android.application_definition", "android.application_tests"])
    }

    func testReleaseIsPartOfEveryKey() throws {
        let lowering = AndroidLowering.lower(try LoweringHarness.fixture(fixture))
        for task in lowering.tasks {
            let bumped = FileTask(id: task.id, family: task.family, platform: task.platform, release: "android-application-2099-01",
                                  path: task.path, mode: task.mode, inputs: task.inputs, render: task.render)
            XCTAssertNotEqual(TaskKey(task: task, dependencyDigests: [:]).digest, TaskKey(task: bumped, dependencyDigests: [:]).digest)
        }
    }
}
