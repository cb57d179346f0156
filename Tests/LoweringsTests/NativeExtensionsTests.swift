import Foundation
import Hashing
import XCTest
@testable import Lowerings

/// The native directory's files, classified and checked (seed 003's filename API): destinations,
/// imagesets and drawables, the Kotlin package line with its line number, names, and warnings.
final class NativeExtensionsTests: XCTestCase {
    static let plan = """
    {
      "plan_format": 1, "project_id": "0f8fad5b-d9cb-469f-a165-70867728950e",
      "application": { "key": "guide", "name": "Guide", "domain": "guide.example.com",
        "native": { "ios": { "screens": { "map": "MapScreen" } }, "android": { "screens": { "map": "MapFragment" } },
                    "rules": [ { "path": "/native/map", "view_controller": "map" } ] } },
      "entities": [ { "key": "trail", "plural_key": "trails", "uuid": "9b2e0000-0000-4000-8000-000000000001",
                      "name": "Trail", "plural": "Trails", "index": "public" } ]
    }
    """
    static let kotlin = "package dev.firstdraft.app.extensions\n\nclass MapFragment\n"

    static func sources(_ files: [String: String]) -> NativeSources {
        NativeSources(directory: "app/native", files: files.map { NativeSources.File(path: $0.key, bytes: Array($0.value.utf8)) })
    }

    static func load(_ files: [String: String], plan: String = NativeExtensionsTests.plan) -> PlanLoadResult {
        PlanLoader.load(bytes: Array(plan.utf8), file: "plan.json", native: sources(files))
    }

    /// Diagnostics as `file:line code`.
    static func found(_ result: PlanLoadResult) -> [String] {
        result.diagnostics.map { "\($0.file):\($0.line) \($0.code.rawValue)" }
    }

    func testFilesGoWhereTheirClientCompilesThem() throws {
        let plan = Self.plan.replacingOccurrences(of: "\"ios\": { \"screens\"", with: "\"ios\": { \"components\": { \"share\": \"ShareComponent\" }, \"screens\"")
        let loaded = try XCTUnwrap(Self.load([
            "ios/Screens/MapScreen.swift": "struct MapScreen {}", "android/MapFragment.kt": Self.kotlin,
            "web/share_controller.js": "export default class extends BridgeComponent { static component = \"share\" }",
        ], plan: plan).loadedPlan)
        XCTAssertEqual(loaded.extensions.ios.sources.map(\.destination), ["Extensions/Screens/MapScreen.swift"])
        XCTAssertEqual(loaded.extensions.ios.sources.map(\.origin), ["native/ios/Screens/MapScreen.swift"])
        XCTAssertEqual(loaded.extensions.android.sources.map(\.destination), ["app/src/main/java/dev/firstdraft/app/extensions/MapFragment.kt"])
        XCTAssertEqual(loaded.extensions.web.map(\.destination), ["app/javascript/controllers/bridge/share_controller.js"])
        XCTAssertEqual(loaded.extensions.ios.sources.first?.digest, Digest.of(Array("struct MapScreen {}".utf8)))
        XCTAssertEqual(loaded.warnings, [])
    }

    func testAKotlinFileWithoutTheExtensionPackageIsRefusedAtItsLine() {
        let result = Self.load(["android/MapFragment.kt": "// Map\n\n/* a\n block */\n@file:Suppress(\"x\")\npackage com.example.map\n\nclass MapFragment\n",
                                "android/Empty.kt": "\n// nothing\n"])
        XCTAssertNil(result.loadedPlan)
        XCTAssertEqual(Self.found(result), ["app/native/android/Empty.kt:1 native.kotlin.package_missing",
                                            "app/native/android/MapFragment.kt:6 native.kotlin.package_missing"])
        XCTAssertTrue(result.diagnostics[1].message.contains("package dev.firstdraft.app.extensions"), result.diagnostics[1].message)
        XCTAssertTrue(result.diagnostics[1].description.hasPrefix("app/native/android/MapFragment.kt:6:1: error[native.kotlin.package_missing]: "),
                      result.diagnostics[1].description)
        // Comments, a file annotation and a trailing comment before or after the line are fine.
        XCTAssertNotNil(Self.load(["android/MapFragment.kt": "/* x */ // y\n@file:JvmName(\"M\")\npackage dev.firstdraft.app.extensions // ext\n"]).loadedPlan)
    }

    func testSwiftFileNamesAreUniqueInTheAppTarget() {
        let result = Self.load(["ios/AppDelegate.swift": "", "ios/a/Map.swift": "", "ios/b/Map.swift": "",
                                "ios/ExtensionRegistry.swift": ""])
        XCTAssertEqual(Self.found(result).sorted(), ["app/native/ios/AppDelegate.swift:1 native.file.name_reserved",
                                                     "app/native/ios/ExtensionRegistry.swift:1 native.file.name_reserved",
                                                     "app/native/ios/b/Map.swift:1 native.file.name_duplicate"])
    }

    /// Every Swift file of the iOS Core's app target is in the reserved list (a copy with its name
    /// would not build), and nothing else is.
    func testReservedSwiftNamesAreTheCoreAppTargetsFiles() throws {
        let core = IOSTest.packageRoot.appendingPathComponent("Cores/ios")
        var names: Set<String> = []
        for folder in ["App", "Generated"] {
            let files = FileManager.default.enumerator(atPath: core.appendingPathComponent(folder).path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                names.insert(String(file.split(separator: "/").last!))
            }
        }
        XCTAssertEqual(NativeExtensions.iosCoreSwiftNames, names)
    }

    func testIOSImagesFollowTheFilenameAPI() throws {
        let loaded = try XCTUnwrap(Self.load([
            "ios/assets/logo.png": "1", "ios/assets/branding/trail.png": "1", "ios/assets/branding/trail@2x.png": "2",
            "ios/assets/branding/trail@3x.png": "3", "ios/assets/badge.svg": "<svg/>", "ios/assets/map.pdf": "%PDF",
        ]).loadedPlan)
        let sets = Dictionary(uniqueKeysWithValues: loaded.extensions.ios.imageSets.map { ($0.name, $0) })
        XCTAssertEqual(sets.keys.sorted(), ["badge", "logo", "map", "trail"])
        XCTAssertEqual(sets["logo"]?.images.map(\.scale), [nil], "a bare file is single scale")
        XCTAssertEqual(sets["trail"]?.images.map(\.scale), [1, 2, 3])
        XCTAssertEqual(sets["badge"]?.vector, true)
        XCTAssertEqual(sets["map"]?.vector, true)
        XCTAssertEqual(Set(loaded.extensions.ios.images.map(\.destination)), [
            "Resources/Assets.xcassets/logo.imageset/logo.png", "Resources/Assets.xcassets/trail.imageset/trail.png",
            "Resources/Assets.xcassets/trail.imageset/trail@2x.png", "Resources/Assets.xcassets/trail.imageset/trail@3x.png",
            "Resources/Assets.xcassets/badge.imageset/badge.svg", "Resources/Assets.xcassets/map.imageset/map.pdf",
        ])
        let contents = String(decoding: ExtensionRenderer.imageSetContents(try XCTUnwrap(sets["logo"])), as: UTF8.self)
        XCTAssertFalse(contents.contains("scale"), contents)
    }

    func testIOSImageProblems() {
        let result = Self.load([
            "ios/assets/AppIcon.png": "x", "ios/assets/a/logo.png": "x", "ios/assets/b/logo@2x.png": "x",
            "ios/assets/badge.svg": "x", "ios/assets/badge@2x.png": "x", "ios/assets/anim.gif": "x",
            "ios/assets/hero.png": "x", "ios/assets/hero.jpg": "x",
        ])
        XCTAssertEqual(Self.found(result).sorted(), [
            "app/native/ios/assets/AppIcon.png:1 native.image.name_reserved",
            "app/native/ios/assets/anim.gif:1 native.image.type_unsupported",
            "app/native/ios/assets/b/logo@2x.png:1 native.image.name_duplicate",
            "app/native/ios/assets/badge.svg:1 native.image.scale_invalid",
            "app/native/ios/assets/badge@2x.png:1 native.image.scale_invalid",
            "app/native/ios/assets/hero.png:1 native.image.name_duplicate",
        ])
    }

    func testAndroidDrawablesFollowTheFilenameAPI() throws {
        let loaded = try XCTUnwrap(Self.load([
            "android/assets/logo.png": "1", "android/assets/trail.png": "1", "android/assets/trail@2x.png": "2",
            "android/assets/trail@3x.webp": "3", "android/assets/badge.xml": "<vector/>", "android/assets/photo.jpeg": "j",
        ]).loadedPlan)
        XCTAssertEqual(loaded.extensions.android.images.map(\.destination).sorted(), [
            "app/src/extensions/res/drawable-mdpi/trail.png", "app/src/extensions/res/drawable-nodpi/logo.png",
            "app/src/extensions/res/drawable-nodpi/photo.jpg", "app/src/extensions/res/drawable-xhdpi/trail.png",
            "app/src/extensions/res/drawable-xxhdpi/trail.webp", "app/src/extensions/res/drawable/badge.xml",
        ])
    }

    func testAndroidNamesAreRefusedWithTheWorkingSpelling() {
        let result = Self.load([
            "android/assets/MyLogo.png": "x", "android/assets/hero-image@2x.png": "x", "android/assets/ic_launcher_round.png": "x",
            "android/assets/ic_tab_map.xml": "x", "android/assets/badge@2x.xml": "x", "android/assets/map.svg": "x",
            "android/assets/a/pin.png": "x", "android/assets/b/pin.png": "x",
        ])
        XCTAssertEqual(Self.found(result).sorted(), [
            "app/native/android/assets/MyLogo.png:1 native.image.name_invalid",
            "app/native/android/assets/b/pin.png:1 native.image.name_duplicate",
            "app/native/android/assets/badge@2x.xml:1 native.image.scale_invalid",
            "app/native/android/assets/hero-image@2x.png:1 native.image.name_invalid",
            "app/native/android/assets/ic_launcher_round.png:1 native.image.name_reserved",
            "app/native/android/assets/ic_tab_map.xml:1 native.image.name_reserved",
            "app/native/android/assets/map.svg:1 native.image.type_unsupported",
        ])
        let messages = result.diagnostics.map(\.message)
        XCTAssertTrue(messages.contains { $0.contains("rename the file my_logo.png") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("rename the file hero_image@2x.png") }, "\(messages)")
        XCTAssertEqual(NativeExtensions.androidSpelling("3D Map"), "img_3_d_map")
    }

    func testFilesWithNothingDeclaredCompileInWithAWarning() throws {
        let plan = Self.plan.replacingOccurrences(of: "\"screens\": { \"map\": \"MapFragment\" }", with: "")
            .replacingOccurrences(of: "\"rules\": [ { \"path\": \"/native/map\", \"view_controller\": \"map\" } ]",
                                  with: "\"rules\": [ { \"path\": \"/native/map\", \"view_controller\": \"map\", \"platforms\": [\"ios\"] } ]")
        // Markdown is notes for people (`init` writes a README per platform): no warning.
        let loaded = try XCTUnwrap(Self.load(["android/Util.kt": Self.kotlin, "notes.txt": "x", "ios/build.log": "x", "ios/README.md": "x",
                                              "android/NOTES.MD": "x"], plan: plan).loadedPlan)
        XCTAssertEqual(loaded.extensions.android.sources.count, 1)
        XCTAssertEqual(Self.found(.loaded(loaded)).sorted(), [
            "app/native/android:1 native.nothing_declared", "app/native/ios/build.log:1 native.file.ignored",
            "app/native/notes.txt:1 native.file.ignored",
        ])
        XCTAssertTrue(loaded.warnings.allSatisfy { $0.severity == .warning })
        let lowering = AndroidLowering.lower(loaded)
        XCTAssertTrue(lowering.tasks.contains { $0.path == "android/app/src/main/java/dev/firstdraft/app/extensions/Util.kt" })
        XCTAssertFalse(lowering.tasks.contains { $0.family == SeamID.androidExtensionRegistry.rawValue })
    }

    func testFilesOfAClientThePlanDoesNotRequestAreLeftOutWithAWarning() throws {
        let plan = Self.plan.replacingOccurrences(of: ", \"android\": { \"screens\": { \"map\": \"MapFragment\" } }", with: "")
        let loaded = try XCTUnwrap(Self.load(["android/MapFragment.kt": Self.kotlin], plan: plan).loadedPlan)
        XCTAssertEqual(Self.found(.loaded(loaded)), ["app/native/android:1 native.client_not_requested"])
        XCTAssertEqual(AndroidLowering.lower(loaded).status, .declined)
    }
}
