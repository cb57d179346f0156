import Cache
import Tasks
import XCTest
@testable import Lowerings

final class AndroidLoweringTests: XCTestCase {
    func testDeclinedClientHasNoTaskGapOrDiagnostic() throws {
        let lowering = AndroidLowering.lower(try LoweringHarness.fixture("notes.plan.json"))
        XCTAssertEqual(lowering.status, .declined)
        XCTAssertTrue(lowering.tasks.isEmpty)
        XCTAssertTrue(lowering.gaps.isEmpty)
        XCTAssertTrue(lowering.diagnostics.isEmpty)
        XCTAssertNil(lowering.definitionDigest)
    }

    func testEmittedClientHasOneTaskPerSeam() throws {
        let lowering = AndroidLowering.lower(try LoweringHarness.fixture("movie-catalog.plan.json"))
        XCTAssertEqual(lowering.status, .emitted)
        XCTAssertEqual(lowering.platform, .android)
        XCTAssertEqual(lowering.mount, "android")
        XCTAssertEqual(lowering.release, "android-application-2026-11")
        let ids = lowering.tasks.map(\.id)
        XCTAssertEqual(Set(ids).count, ids.count)
        XCTAssertEqual(ids, [
            "android.application_properties", "android.application_definition", "android.application_tests",
            "android.activity_layout", "android.strings", "android.colors_light", "android.colors_dark",
            "android.path_configuration", "android.manifest", "android.bridge_registry", "android.tab_icons.film", "android.tab_icons.people",
            "android.tab_icons.star", "android.tab_icons.bookmark", "android.tab_icons.person",
            "android.launcher_foreground",
        ])
        for task in lowering.tasks {
            XCTAssertEqual(task.platform, "android")
            XCTAssertEqual(task.release, AndroidLowering.release)
            XCTAssertEqual(task.mode, .regular)
            XCTAssertNil(OutputPath.problem(task.path), task.path)
            XCTAssertTrue(task.path.hasPrefix("android/app/"), task.path)
            let seam = try XCTUnwrap(CoreCatalog.androidSeams.first { $0.id.rawValue == task.family }, task.id)
            if seam.isPattern {
                XCTAssertEqual(task.path, "android/" + seam.path.replacingOccurrences(of: "{token}", with: String(task.id.split(separator: ".").last!)))
            } else {
                XCTAssertEqual(task.id, seam.id.rawValue)
                XCTAssertEqual(task.path, "android/" + seam.path)
            }
            // Every input names a projection the lowering lists.
            for (name, digest) in task.inputs {
                let listed = lowering.projections.values.contains { $0.name == name && $0.digest == digest }
                XCTAssertTrue(listed, "\(task.id) reads \(name), which the lowering does not list")
            }
        }
        XCTAssertEqual(lowering.tasks.last?.path, "android/app/src/main/res/drawable/ic_launcher_foreground.xml")
        XCTAssertEqual(lowering.definitionDigest, lowering.projections["android_definition"]?.digest)
    }

    func testTaskInputsAreExactlyWhatEachRendererReads() throws {
        let lowering = AndroidLowering.lower(try LoweringHarness.fixture("movie-catalog.plan.json"))
        let inputs = Dictionary(uniqueKeysWithValues: lowering.tasks.map { ($0.id, Set($0.inputs.keys)) })
        XCTAssertEqual(inputs["android.application_properties"], ["android_identity", "android_definition", "release_version", "push", "links.scheme"])
        XCTAssertEqual(inputs["android.manifest"], ["links.domain"])
        XCTAssertEqual(inputs["android.bridge_registry"], ["bridge"])
        XCTAssertEqual(inputs["android.application_definition"], ["android_definition", "navigation"])
        XCTAssertEqual(inputs["android.application_tests"], ["navigation", "android_routes"])
        XCTAssertEqual(inputs["android.activity_layout"], ["android_navigator_layout"])
        XCTAssertEqual(inputs["android.strings"], ["android_strings"])
        XCTAssertEqual(inputs["android.colors_light"], ["accent", "background"])
        XCTAssertEqual(inputs["android.colors_dark"], ["accent", "background"])
        XCTAssertEqual(inputs["android.path_configuration"], ["android_routes"])
        XCTAssertEqual(inputs["android.tab_icons.film"], ["android_tab_icon"])
    }

    func testGridIsLeftToTheCoreWhichShipsTheSameBytes() throws {
        let lowering = AndroidLowering.lower(try LoweringHarness.loaded(AndroidFixture.plan(entities: 2)))
        XCTAssertEqual(lowering.status, .emitted)
        XCTAssertFalse(lowering.tasks.contains { $0.id == "android.tab_icons.grid" })
        let core = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Cores/android/app/src/main/res/drawable/ic_tab_grid.xml")
        XCTAssertEqual(Array(try Data(contentsOf: core)), AndroidResourceRenderer.tabIcon(.grid))
    }

    // MARK: Gaps

    func testPlaceholderIdentityIsAPartialGapNamingOriginAndID() throws {
        let lowering = AndroidLowering.lower(try LoweringHarness.loaded(AndroidFixture.plan(key: "movie_catalog", domain: nil)))
        XCTAssertEqual(lowering.status, .emitted)
        let gap = try XCTUnwrap(lowering.gaps.first { $0.code == .nativeClientPartiallyGenerated })
        XCTAssertEqual(gap.pointer, "/application/native/android")
        XCTAssertEqual(gap.status, .partiallyGenerated)
        XCTAssertEqual(gap.clients, [.android])
        XCTAssertTrue(gap.message.contains("https://movie-catalog.invalid"), gap.message)
        XCTAssertTrue(gap.message.contains("invalid.firstdraft.movie_catalog"), gap.message)
        let domain = AndroidLowering.lower(try LoweringHarness.fixture("movie-catalog.plan.json"))
        XCTAssertFalse(domain.gaps.contains { $0.code == .nativeClientPartiallyGenerated })
    }

    func testThemeToggleIsARecordedResidualAndFollowsTheSystem() throws {
        let loaded = try LoweringHarness.edited("movie-catalog.plan.json", [("/application/appearance/theme", "toggle")])
        let lowering = AndroidLowering.lower(loaded)
        let gap = try XCTUnwrap(lowering.gaps.first { $0.code == .nativeThemePreferenceNotGenerated })
        XCTAssertEqual(gap.pointer, "/application/appearance/theme")
        XCTAssertEqual(gap.status, .partiallyGenerated)
        XCTAssertEqual(gap.clients, [.android])
        XCTAssertTrue(try LoweringHarness.text(LoweringHarness.task(lowering, "android.application_definition"))
            .contains("val THEME = InterfaceTheme.AUTOMATIC"))
        for theme in ["light", "dark", "auto"] {
            let other = AndroidLowering.lower(try LoweringHarness.edited("movie-catalog.plan.json", [("/application/appearance/theme", theme)]))
            XCTAssertFalse(other.gaps.contains { $0.code == .nativeThemePreferenceNotGenerated }, theme)
        }
    }

    func testPushRequestIsAPartialGapNamingWhatTheOwnerProvides() throws {
        let loaded = try LoweringHarness.edited("movie-catalog.plan.json", [("/application/push", ["android": true])])
        let lowering = AndroidLowering.lower(loaded)
        XCTAssertEqual(lowering.status, .emitted)
        let gap = try XCTUnwrap(lowering.gaps.first { $0.code == .nativePushPartiallyGenerated })
        XCTAssertEqual(gap.pointer, "/application/push/android")
        XCTAssertEqual(gap.status, .partiallyGenerated)
        XCTAssertEqual(gap.clients, [.android])
        for needed in ["google-services.json", "FCM_ENCRYPTION_KEY", "FCM_PROJECT_ID"] {
            XCTAssertTrue(gap.message.contains(needed), gap.message)
        }
        let plain = AndroidLowering.lower(try LoweringHarness.fixture("movie-catalog.plan.json"))
        XCTAssertFalse(plain.gaps.contains { $0.pointer.hasPrefix("/application/push") })
        // The push files exist exactly with push, and application.properties turns the build's push on.
        let pushSeams: Set<SeamID> = [.androidPushRegistration, .androidPushMessagingService, .androidPushManifest]
        XCTAssertEqual(Set(lowering.tasks.compactMap { SeamID(rawValue: $0.family) }).intersection(pushSeams), pushSeams)
        XCTAssertTrue(Set(plain.tasks.compactMap { SeamID(rawValue: $0.family) }).isDisjoint(with: pushSeams))
        XCTAssertTrue(try LoweringHarness.text(LoweringHarness.task(lowering, "android.application_properties")).contains("\npush=true\n"))
        XCTAssertTrue(try LoweringHarness.text(LoweringHarness.task(plain, "android.application_properties")).contains("\npush=false\n"))
    }

    func testClientWithoutNavigationEntryIsOmittedWithPositionedDiagnostic() throws {
        let text = AndroidFixture.plan(entities: 1).replacingOccurrences(of: #""index":"public""#, with: #""index":"none""#)
        let lowering = AndroidLowering.lower(try LoweringHarness.loaded(text))
        XCTAssertEqual(lowering.status, .omitted)
        XCTAssertTrue(lowering.tasks.isEmpty)
        XCTAssertEqual(summary(lowering.diagnostics), ["android.navigation.no_entry /application/native/android"])
        XCTAssertEqual(lowering.diagnostics.first?.line, 2)
        let gap = try XCTUnwrap(lowering.gaps.first)
        XCTAssertEqual(gap.code, .nativeClientNotGenerated)
        XCTAssertEqual(gap.pointer, "/application/native/android")
        XCTAssertEqual(gap.clients, [.android])
    }

    func testKeywordKeyIsAnOrdinaryApplicationIDSegment() throws {
        // 000's transforms are the whole rule: the Kotlin namespace is fixed, so "class" is fine.
        let loaded = try LoweringHarness.edited("movie-catalog.plan.json", [("/application/key", "class")])
        let lowering = AndroidLowering.lower(loaded)
        XCTAssertEqual(lowering.status, .emitted)
        XCTAssertEqual(lowering.diagnostics, [])
        let properties = try XCTUnwrap(lowering.tasks.first { $0.id == "android.application_properties" })
        XCTAssertTrue(String(decoding: try properties.render(RenderContext(taskID: properties.id, dependencyOutputs: [:])), as: UTF8.self)
            .contains("com.example.movies.class"))
    }

    func testADomainAndroidCannotUseOmitsAndroidAndStillDisclosesPush() throws {
        let loaded = try LoweringHarness.edited("movie-catalog.plan.json", [("/application/domain", "movies.example.invalid"),
                                                                           ("/application/push", ["android": true])])
        let lowering = AndroidLowering.lower(loaded)
        XCTAssertEqual(lowering.status, .omitted)
        XCTAssertTrue(lowering.tasks.isEmpty)
        XCTAssertEqual(summary(lowering.diagnostics), ["android.identity.domain_invalid /application/domain"])
        XCTAssertEqual(Set(lowering.gaps.map(\.code)), [.nativePushNotGenerated, .nativeClientNotGenerated])
        XCTAssertEqual(lowering.gaps.first { $0.code == .nativePushNotGenerated }?.status, .notGenerated)
        let all = PlanLowering.lower(loaded)
        XCTAssertEqual(all.map(\.platform), [.rails, .ios, .android])
        XCTAssertEqual(all.map(\.status), [.emitted, .omitted, .omitted])
    }

    func testLoweringIsDeterministic() throws {
        let loaded = try LoweringHarness.fixture("studio-ops.plan.json")
        let a = AndroidLowering.lower(loaded), b = AndroidLowering.lower(loaded)
        XCTAssertEqual(LoweringHarness.keys(a), LoweringHarness.keys(b))
        XCTAssertEqual(a.gaps, b.gaps)
        for (x, y) in zip(a.tasks, b.tasks) {
            XCTAssertEqual(try LoweringHarness.render(x), try LoweringHarness.render(y), x.id)
            XCTAssertEqual(try LoweringHarness.render(x), try LoweringHarness.render(x), x.id)
        }
    }
}
