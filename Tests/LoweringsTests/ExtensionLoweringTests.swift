import Foundation
import Hashing
import Tasks
import XCTest
@testable import Lowerings

/// The worked example `examples/field-guide` (its Plan and its `native/` directory) through the
/// lowerings: one copy task per file keyed by exactly its origin, digest and destination; the
/// registry and manifests keyed by the declarations; what moves when a file or a declaration
/// moves; and the generated Swift, Kotlin and JSON checked with real tools.
final class ExtensionLoweringTests: XCTestCase {
    static let example = IOSTest.packageRoot.appendingPathComponent("examples/field-guide")

    /// The example's native directory as the load stage reads it (regular files, dotfiles skipped).
    static func nativeSources(editing edits: [String: String?] = [:]) throws -> NativeSources {
        let root = example.appendingPathComponent("native")
        var files: [String: [UInt8]] = [:]
        let walker = FileManager.default.enumerator(atPath: root.path)!
        while let relative = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: root.appendingPathComponent(relative).path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { files[relative] = Array(try Data(contentsOf: root.appendingPathComponent(relative))) }
        }
        for (path, text) in edits { files[path] = text.map { Array($0.utf8) } }
        return NativeSources(directory: "examples/field-guide/native", files: files.map { NativeSources.File(path: $0.key, bytes: $0.value) })
    }

    static func planText() throws -> String {
        try String(contentsOf: example.appendingPathComponent("field-guide.plan.json"), encoding: .utf8)
    }

    static func loaded(plan: String? = nil, editing edits: [String: String?] = [:]) throws -> LoadedPlan {
        let result = PlanLoader.load(bytes: Array((try plan ?? planText()).utf8), file: "field-guide.plan.json",
                                     native: try nativeSources(editing: edits))
        guard let loaded = result.loadedPlan else {
            XCTFail("did not load: \(result.diagnostics.map(\.description))")
            throw CocoaError(.fileReadCorruptFile)
        }
        return loaded
    }

    /// Task keys of every tree, by task id.
    static func keys(_ loaded: LoadedPlan) -> [Platform: [String: Digest]] {
        Dictionary(uniqueKeysWithValues: PlanLowering.lower(loaded).map { ($0.platform, LoweringHarness.keys($0)) })
    }

    static func changed(_ a: [String: Digest], _ b: [String: Digest]) -> Set<String> {
        Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }
    }

    func testTheExampleHasACopyTaskPerFileAndGeneratedFilesPerDeclaration() throws {
        let loaded = try Self.loaded()
        XCTAssertEqual(loaded.warnings, [])
        let lowerings = Dictionary(uniqueKeysWithValues: PlanLowering.lower(loaded).map { ($0.platform, $0) })
        let ios = try XCTUnwrap(lowerings[.ios]), android = try XCTUnwrap(lowerings[.android]), rails = try XCTUnwrap(lowerings[.rails])
        XCTAssertEqual(Set(ios.tasks.filter { $0.family.hasPrefix("ios.extension_") }.map(\.path)), [
            "ios/Extensions/Bridge/ShareComponent.swift", "ios/Extensions/LaunchSplash.swift", "ios/Extensions/Screens/MapScreen.swift",
            "ios/Resources/Assets.xcassets/badge.imageset/badge.svg", "ios/Resources/Assets.xcassets/badge.imageset/Contents.json",
            "ios/Resources/Assets.xcassets/logo.imageset/logo.png", "ios/Resources/Assets.xcassets/logo.imageset/Contents.json",
            "ios/Resources/Assets.xcassets/trail.imageset/trail.png", "ios/Resources/Assets.xcassets/trail.imageset/trail@2x.png",
            "ios/Resources/Assets.xcassets/trail.imageset/trail@3x.png", "ios/Resources/Assets.xcassets/trail.imageset/Contents.json",
            "ios/Generated/ExtensionRegistry.swift", "ios/NativeExtensions/Package.swift",
            "ios/NativeExtensions/Sources/NativeExtensions/NativeExtensions.swift",
        ])
        XCTAssertEqual(Set(android.tasks.filter { $0.family.hasPrefix("android.extension_") }.map(\.path)), [
            "android/app/src/main/java/dev/firstdraft/app/extensions/LaunchSplash.kt",
            "android/app/src/main/java/dev/firstdraft/app/extensions/MapFragment.kt",
            "android/app/src/main/java/dev/firstdraft/app/extensions/ShareComponent.kt",
            "android/app/src/extensions/res/drawable/badge.xml", "android/app/src/extensions/res/drawable-nodpi/logo.png",
            "android/app/src/extensions/res/drawable-mdpi/trail.png", "android/app/src/extensions/res/drawable-xhdpi/trail.png",
            "android/app/src/extensions/res/drawable-xxhdpi/trail.png",
            "android/app/src/main/java/dev/firstdraft/app/generated/ExtensionRegistry.kt", "android/app/extensions.gradle.kts",
        ])
        XCTAssertEqual(rails.tasks.filter { $0.family == SeamID.railsExtensionWeb.rawValue }.map(\.path),
                       ["app/javascript/controllers/bridge/share_controller.js"])
        // A copy is the file's bytes; its only input is the file's origin and digest.
        let copy = try LoweringHarness.task(ios, "ios.extension_sources.Screens/MapScreen.swift")
        let source = try XCTUnwrap(loaded.extensions.ios.sources.first { $0.origin == "native/ios/Screens/MapScreen.swift" })
        XCTAssertEqual(try LoweringHarness.render(copy), source.bytes)
        XCTAssertEqual(Array(copy.inputs.keys), ["native_file:native/ios/Screens/MapScreen.swift"])
        let projection = try XCTUnwrap(ios.projections["native_file:native/ios/Screens/MapScreen.swift"])
        XCTAssertEqual(projection.value, .object(["origin": .string("native/ios/Screens/MapScreen.swift"), "sha256": .string(source.digest.hex),
                                                  "projection": .string(projection.name), "version": .int(1)]))
        XCTAssertEqual(projection.sources["origin"], ["native/ios/Screens/MapScreen.swift"])
    }

    /// An iOS file's bytes move that file's task only: not the registry, not Android, not Rails.
    func testAnIOSFileChangeMovesOnlyItsCopy() throws {
        let before = Self.keys(try Self.loaded())
        let after = Self.keys(try Self.loaded(editing: ["ios/LaunchSplash.swift": "import SwiftUI\nstruct LaunchSplash: View { var body: some View { Text(\"Hi\") } }\n"]))
        XCTAssertEqual(Self.changed(before[.ios]!, after[.ios]!), ["ios.extension_sources.LaunchSplash.swift"])
        XCTAssertEqual(Self.changed(before[.android]!, after[.android]!), [])
        XCTAssertEqual(Self.changed(before[.rails]!, after[.rails]!), [])
        // An image's bytes move its copy, not its imageset's Contents.json.
        let image = Self.keys(try Self.loaded(editing: ["ios/assets/logo.png": "not really a png"]))
        XCTAssertEqual(Self.changed(before[.ios]!, image[.ios]!), ["ios.extension_images.logo/logo.png"])
        // A new scale sibling adds its copy and moves the imageset's Contents.json.
        let sibling = Self.keys(try Self.loaded(editing: ["ios/assets/logo@2x.png": "2x"]))
        XCTAssertEqual(Self.changed(before[.ios]!, sibling[.ios]!), ["ios.extension_images.logo/logo@2x.png", "ios.extension_imagesets.logo"])
    }

    func testAnAndroidFileChangeMovesOnlyItsCopy() throws {
        let before = Self.keys(try Self.loaded())
        let text = try String(contentsOf: Self.example.appendingPathComponent("native/android/LaunchSplash.kt"), encoding: .utf8) + "\n// edited\n"
        let after = Self.keys(try Self.loaded(editing: ["android/LaunchSplash.kt": text]))
        XCTAssertEqual(Self.changed(before[.android]!, after[.android]!), ["android.extension_sources.LaunchSplash.kt"])
        XCTAssertEqual(Self.changed(before[.ios]!, after[.ios]!), [])
        XCTAssertEqual(Self.changed(before[.rails]!, after[.rails]!), [])
        let web = Self.keys(try Self.loaded(editing: ["web/share_controller.js": "export default class extends BridgeComponent { static component = \"share\" }\n"]))
        XCTAssertEqual(Self.changed(before[.rails]!, web[.rails]!), ["rails.extension_web.share_controller.js"])
        XCTAssertEqual(Self.changed(before[.ios]!, web[.ios]!), [])
        XCTAssertEqual(Self.changed(before[.android]!, web[.android]!), [])
    }

    /// A declaration moves the registry (and a package the manifest), never a copy; Rails keys
    /// stay, since the server reads no native declaration.
    func testADeclarationChangeMovesTheRegistryNotTheCopies() throws {
        let text = try Self.planText()
        let before = Self.keys(try Self.loaded())
        let splash = Self.keys(try Self.loaded(plan: text.replacingOccurrences(of: "\"splash_min_seconds\": 1.5,\n        \"packages\": [\n          {",
                                                                              with: "\"splash_min_seconds\": 2,\n        \"packages\": [\n          {")))
        XCTAssertEqual(Self.changed(before[.ios]!, splash[.ios]!), ["ios.extension_registry"])
        XCTAssertEqual(Self.changed(before[.android]!, splash[.android]!), [])
        XCTAssertEqual(Self.changed(before[.rails]!, splash[.rails]!), [])
        let maven = Self.keys(try Self.loaded(plan: text.replacingOccurrences(of: "recyclerview:1.3.2", with: "recyclerview:1.3.1")))
        XCTAssertEqual(Self.changed(before[.android]!, maven[.android]!), ["android.extension_dependencies"])
        XCTAssertEqual(Self.changed(before[.ios]!, maven[.ios]!), [])
        // Whitespace or key order in the Plan moves nothing.
        let reordered = Self.keys(try Self.loaded(plan: text.replacingOccurrences(of: "\n", with: "\n  ")))
        XCTAssertEqual(reordered, before)
    }

    /// Rendering is a function of the inputs: twice, and with the files in another order, the
    /// same bytes.
    func testRenderingIsDeterministic() throws {
        func render(_ loaded: LoadedPlan) throws -> [String: [UInt8]] {
            var out: [String: [UInt8]] = [:]
            for lowering in PlanLowering.lower(loaded) { for task in lowering.tasks { out[task.path] = try LoweringHarness.render(task) } }
            return out
        }
        let a = try render(try Self.loaded())
        var sources = try Self.nativeSources()
        sources.files.reverse()
        let reversed = PlanLowering.lower(try XCTUnwrap(PlanLoader.load(bytes: Array(try Self.planText().utf8), file: "field-guide.plan.json",
                                                                      native: NativeSources(directory: "x", files: sources.files)).loadedPlan))
        var b: [String: [UInt8]] = [:]
        for lowering in reversed { for task in lowering.tasks { b[task.path] = try LoweringHarness.render(task) } }
        XCTAssertEqual(a, try render(try Self.loaded()))
        XCTAssertEqual(a, b)
    }

    /// The generated Swift parses, and the registry type-checks with the Core's `ExtensionHosting`
    /// against stand-ins of exactly the upstream declarations it names (UIKit's
    /// `UIViewController`, SwiftUI's `View` and `UIHostingController`, Hotwire's
    /// `BridgeComponent.name`): a SwiftUI screen and a UIViewController screen both resolve.
    func testGeneratedSwiftParsesAndTheRegistryTypeChecks() throws {
        let files = try LoweringHarness.files(try XCTUnwrap(PlanLowering.lower(try Self.loaded()).first { $0.platform == .ios }))
        let scratch = try IOSTest.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        var parsed = 0
        for (path, bytes) in files where path.hasSuffix(".swift") {
            let file = scratch.appendingPathComponent("\(parsed)-" + (path as NSString).lastPathComponent)
            try Data(bytes).write(to: file)
            let result = try ToolProcess.run(IOSTest.swiftc, ["-parse", file.path])
            XCTAssertEqual(result.status, 0, "\(path):\n\(result.output)")
            parsed += 1
        }
        XCTAssertGreaterThanOrEqual(parsed, 9, "the Core's generated files, three copies, the registry, the package manifest and its source")
        let stubs: [(String, String)] = [
            ("UIKit", "@_exported import Foundation\nopen class UIViewController { public init() {} }\n"),
            ("SwiftUI", "import UIKit\npublic protocol View {}\nopen class UIHostingController<Content: View>: UIViewController { public init(rootView: Content) { super.init() } }\n"),
            ("HotwireNative", "open class BridgeComponent { open class var name: String { fatalError() } }\n"),
        ]
        for (module, source) in stubs {
            let file = scratch.appendingPathComponent("\(module).swift")
            try source.write(to: file, atomically: true, encoding: .utf8)
            let build = try ToolProcess.run(IOSTest.swiftc, ["-emit-module", "-parse-as-library", "-module-name", module, "-I", scratch.path,
                                                         "-emit-module-path", scratch.appendingPathComponent("\(module).swiftmodule").path, file.path])
            XCTAssertEqual(build.status, 0, "\(module):\n\(build.output)")
        }
        let app = scratch.appendingPathComponent("Declared.swift")
        try """
        import Foundation
        import HotwireNative
        import SwiftUI
        import UIKit
        struct MapScreen: View { let url: URL }
        final class LaunchSplash: UIViewController {}
        final class ShareComponent: BridgeComponent { override class var name: String { "share" } }
        """.write(to: app, atomically: true, encoding: .utf8)
        let registry = scratch.appendingPathComponent("ExtensionRegistry.swift")
        try Data(try XCTUnwrap(files["Generated/ExtensionRegistry.swift"])).write(to: registry)
        let hosting = IOSTest.packageRoot.appendingPathComponent("Cores/ios/App/ExtensionHosting.swift").path
        let check = try ToolProcess.run(IOSTest.swiftc, ["-typecheck", "-I", scratch.path, "-module-name", "FoundationApp", hosting, registry.path, app.path])
        XCTAssertEqual(check.status, 0, check.output)
        // The registry declares every member the Core's placeholder declares.
        try assertDeclareTheCoreAPI(core: "Cores/ios/Generated/ExtensionRegistry.swift", rendered: files["Generated/ExtensionRegistry.swift"], [
            "static let components: [(name: String, type: BridgeComponent.Type)]", "static func screen(_ id: String, url: URL) -> UIViewController?",
            "static let splash: (() -> UIViewController)?", "static let splashMinimumSeconds: TimeInterval",
        ])
    }

    /// The generated `NativeExtensions/Package.swift` is a manifest SwiftPM loads (`swift package
    /// dump-package`, no network): the pinned URL with its requirement, each product linked from
    /// its package; the Core's placeholder package builds on Linux as it is.
    func testThePackageManifestLoadsAndThePlaceholderPackageBuilds() throws {
        let files = try LoweringHarness.files(try XCTUnwrap(PlanLowering.lower(try Self.loaded()).first { $0.platform == .ios }))
        let swift = URL(fileURLWithPath: IOSTest.swiftc).deletingLastPathComponent().appendingPathComponent("swift").path
        let scratch = try IOSTest.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let package = scratch.appendingPathComponent("NativeExtensions")
        try FileManager.default.createDirectory(at: package.appendingPathComponent("Sources/NativeExtensions"), withIntermediateDirectories: true)
        for path in ["NativeExtensions/Package.swift", "NativeExtensions/Sources/NativeExtensions/NativeExtensions.swift"] {
            try Data(try XCTUnwrap(files[path], path)).write(to: scratch.appendingPathComponent(path))
        }
        let dump = try ToolProcess.run("/usr/bin/env", ["sh", "-c", "cd \"$0\" && \"$1\" package dump-package 2>/dev/null", package.path, swift])
        XCTAssertEqual(dump.status, 0, dump.output)
        let manifest = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any])
        XCTAssertEqual(manifest["name"] as? String, "NativeExtensions")
        let dependency = try XCTUnwrap((manifest["dependencies"] as? [[String: Any]])?.first)
        let control = try XCTUnwrap((dependency["sourceControl"] as? [[String: Any]])?.first)
        XCTAssertEqual(control["identity"] as? String, "swift-collections")
        let range = try XCTUnwrap(((control["requirement"] as? [String: Any])?["range"] as? [[String: String]])?.first)
        XCTAssertEqual(range, ["lowerBound": "1.1.0", "upperBound": "2.0.0"])
        let target = try XCTUnwrap((manifest["targets"] as? [[String: Any]])?.first)
        XCTAssertTrue("\(target["dependencies"] ?? "")".contains("OrderedCollections"), "\(target)")
        XCTAssertTrue("\(target["dependencies"] ?? "")".contains("swift-collections"), "\(target)")

        let placeholder = scratch.appendingPathComponent("placeholder")
        try FileManager.default.copyItem(at: IOSTest.packageRoot.appendingPathComponent("Cores/ios/NativeExtensions"), to: placeholder)
        let build = try ToolProcess.run("/usr/bin/env", ["sh", "-c", "cd \"$0\" && \"$1\" build 2>&1", placeholder.path, swift])
        XCTAssertEqual(build.status, 0, build.output)
    }

    func testGeneratedKotlinAndGradleParseAndDeclareThePlaceholderAPI() throws {
        let files = try LoweringHarness.files(try XCTUnwrap(PlanLowering.lower(try Self.loaded()).first { $0.platform == .android }))
        let kotlin = files.filter { $0.key.hasSuffix(".kt") || $0.key.hasSuffix(".kts") }
        XCTAssertGreaterThanOrEqual(kotlin.count, 5)
        let result = try KotlinGrammar.parse(texts: kotlin.map { ($0.key, String(decoding: $0.value, as: UTF8.self)) })
        XCTAssertEqual(result.status, 0, result.output)
        let placeholder = try String(contentsOfFile: IOSTest.packageRoot.appendingPathComponent(
            "Cores/android/app/src/main/java/dev/firstdraft/app/generated/ExtensionRegistry.kt").path, encoding: .utf8)
        let rendered = String(decoding: files["app/src/main/java/dev/firstdraft/app/generated/ExtensionRegistry.kt"]!, as: UTF8.self)
        for member in ["val COMPONENTS: List<BridgeComponentFactory<HotwireDestination, BridgeComponent<HotwireDestination>>>",
                       "val SCREENS: Map<String, KClass<out Fragment>>", "val SPLASH: ((Context) -> View)?", "const val SPLASH_MIN_MILLISECONDS: Long"] {
            XCTAssertTrue(placeholder.contains(member), member)
            XCTAssertTrue(rendered.contains(member), member)
        }
        XCTAssertTrue(rendered.contains("BridgeComponentFactory(\"share\", ::ShareComponent)"), rendered)
        XCTAssertTrue(rendered.contains("\"map\" to MapFragment::class"), rendered)
        XCTAssertTrue(rendered.contains("SPLASH_MIN_MILLISECONDS: Long = 1500L"), rendered)
        // Drawables are copied as they are: the example's VectorDrawable is well-formed XML.
        let xmllint = try ToolProcess.run("/usr/bin/env", ["sh", "-c", "command -v xmllint"])
        if xmllint.status == 0 {
            let scratch = try IOSTest.scratchDirectory()
            defer { try? FileManager.default.removeItem(at: scratch) }
            let badge = scratch.appendingPathComponent("badge.xml")
            try Data(try XCTUnwrap(files["app/src/extensions/res/drawable/badge.xml"])).write(to: badge)
            let lint = try ToolProcess.run("/usr/bin/env", ["xmllint", "--xpath", "name(/*)", badge.path])
            XCTAssertEqual(lint.status, 0, lint.output)
            XCTAssertTrue(lint.output.hasPrefix("vector"), lint.output)
        }
        let gradle = String(decoding: files["app/extensions.gradle.kts"]!, as: UTF8.self)
        XCTAssertTrue(gradle.contains("add(\"implementation\", \"androidx.recyclerview:recyclerview:1.3.2\")"), gradle)
        // The frozen build file applies it and adds the drawables' resource directory.
        let build = try String(contentsOfFile: IOSTest.packageRoot.appendingPathComponent("Cores/android/app/build.gradle.kts").path, encoding: .utf8)
        XCTAssertTrue(build.contains("apply(from = \"extensions.gradle.kts\")"))
        XCTAssertTrue(build.contains("res.srcDir(\"src/extensions/res\")"))
    }

    /// Each imageset's Contents.json has the Asset Catalog Format Reference's shape; the path
    /// configurations route the rule on both clients (iOS `view_controller`, Android the derived
    /// `uri`), after every generated rule.
    func testImageSetsAndPathConfigurations() throws {
        let lowerings = Dictionary(uniqueKeysWithValues: PlanLowering.lower(try Self.loaded()).map { ($0.platform, $0) })
        let ios = try LoweringHarness.files(lowerings[.ios]!), android = try LoweringHarness.files(lowerings[.android]!)
        struct Contents: Decodable, Equatable {
            struct Image: Decodable, Equatable { let filename: String; let idiom: String; let scale: String? }
            struct Info: Decodable, Equatable { let author: String; let version: Int }
            struct Properties: Decodable, Equatable { let preservesVector: Bool
                enum CodingKeys: String, CodingKey { case preservesVector = "preserves-vector-representation" } }
            let images: [Image]; let info: Info; let properties: Properties?
        }
        func contents(_ name: String) throws -> Contents {
            try JSONDecoder().decode(Contents.self, from: Data(try XCTUnwrap(ios["Resources/Assets.xcassets/\(name).imageset/Contents.json"])))
        }
        let info = Contents.Info(author: "xcode", version: 1)
        XCTAssertEqual(try contents("logo"), Contents(images: [.init(filename: "logo.png", idiom: "universal", scale: nil)], info: info, properties: nil))
        XCTAssertEqual(try contents("trail").images.map(\.scale), ["1x", "2x", "3x"])
        XCTAssertEqual(try contents("badge").properties, Contents.Properties(preservesVector: true))

        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(ios["Resources/ios_v1.json"]!)) as? [String: Any])
        let iosRules = try XCTUnwrap(document["rules"] as? [[String: Any]]).map {
            (patterns: $0["patterns"] as? [String] ?? [], properties: $0["properties"] as? [String: Any] ?? [:])
        }
        XCTAssertEqual(iosRules.last?.patterns, ["^/native/map(?:\\?.*)?$"])
        XCTAssertEqual(iosRules.last?.properties as? [String: String], ["view_controller": "map"])
        let androidText = String(decoding: android["app/src/main/assets/json/android_v1.json"]!, as: UTF8.self)
        XCTAssertTrue(androidText.hasSuffix("""
            {
              "patterns": ["^/native/map(?:\\\\?.*)?$"],
              "properties": {
                "uri": "hotwire://fragment/map",
                "title": "Map"
              }
            }
          ]
        }

        """), androidText)
        // The tab: after the entities, replace_root like every direct tab root.
        let navigation = String(decoding: ios["Generated/NavigationDefinition.swift"]!, as: UTF8.self)
        XCTAssertTrue(navigation.contains("id: \"native-screen:map\""), navigation)
        XCTAssertTrue(iosRules.contains { $0.patterns == ["^/native/map(?:\\?.*)?$"] && $0.properties["presentation"] as? String == "replace_root" })
    }

    /// A screen declared only on iOS and routed only there: Android neither routes it nor shows
    /// its tab, and its web navigation is untouched.
    func testAnIOSOnlyScreenStaysOnIOS() throws {
        let text = try Self.planText().replacingOccurrences(of: "\"screens\": { \"map\": \"MapFragment\" },", with: "")
            .replacingOccurrences(of: "\"title\": \"Map\",", with: "\"title\": \"Map\", \"platforms\": [\"ios\"],")
        let loaded = try Self.loaded(plan: text)
        let lowerings = Dictionary(uniqueKeysWithValues: PlanLowering.lower(loaded).map { ($0.platform, $0) })
        let android = try LoweringHarness.files(lowerings[.android]!)
        XCTAssertFalse(String(decoding: android["app/src/main/assets/json/android_v1.json"]!, as: UTF8.self).contains("fragment/map"))
        XCTAssertFalse(String(decoding: android["app/src/main/java/dev/firstdraft/app/generated/ApplicationDefinition.kt"]!, as: UTF8.self).contains("native-screen"))
        let ios = try LoweringHarness.files(lowerings[.ios]!)
        XCTAssertTrue(String(decoding: ios["Generated/NavigationDefinition.swift"]!, as: UTF8.self).contains("native-screen:map"))
        XCTAssertEqual(ApplicationNavigation(plan: loaded.plan).entries.map(\.id).filter { $0.hasPrefix("native") }, [])
    }
}
