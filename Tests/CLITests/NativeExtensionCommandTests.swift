import Cache
import Foundation
import XCTest
@testable import CLI

/// `examples/field-guide` and its `native/` directory through the commands: only the changed
/// file's task renders; an iOS-only change rebuilds iOS and reuses Android and Rails; provenance
/// names each file's origin; `audit` catches a tampered, added or deleted extension file, and
/// `audit --plan` re-derives with the native sources; bad native input is a positioned error with
/// nothing written.
final class NativeExtensionCommandTests: XCTestCase {
    static let example = PlanCompileTests.examples.appendingPathComponent("field-guide")
    private var h: CLIHarness!

    override func setUpWithError() throws { h = try CLIHarness() }
    override func tearDown() { h.cleanUp() }

    /// A copy of the example (Plan and native/) under the harness root, as `name`.
    private func copyExample(_ name: String) throws -> String {
        let target = h.root + "/" + name
        try FileManager.default.copyItem(atPath: Self.example.path, toPath: target)
        return target
    }

    private func write(_ text: String, _ path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: h.root + "/" + path))
    }

    private func provenance(_ path: String) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: h.root + "/" + path))) as? [String: Any])
    }

    func testAnIOSOnlyChangeRendersOneTaskRebuildsIOSAndReusesAndroidAndRails() throws {
        _ = try copyExample("app")
        XCTAssertEqual(h.run("compile", "app/field-guide.plan.json", "--out", "base", "--store", "store"), 0, h.err)
        XCTAssertEqual(h.err, "", "the example compiles without warnings")
        XCTAssertNotNil(h.read("base/ios/Extensions/Screens/MapScreen.swift"))
        XCTAssertNotNil(h.read("base/android/app/src/main/java/dev/firstdraft/app/extensions/MapFragment.kt"))
        XCTAssertNotNil(h.read("base/app/javascript/controllers/bridge/share_controller.js"))
        try FileManager.default.copyItem(atPath: h.root + "/base", toPath: h.root + "/head")

        let splash = h.read("app/native/ios/LaunchSplash.swift")! + "// a brand moment\n"
        try write(splash, "app/native/ios/LaunchSplash.swift")
        XCTAssertEqual(h.run("compile", "app/field-guide.plan.json", "--out", "head", "--store", "store"), 0, h.err)
        XCTAssertTrue(h.out.contains(": 1 rendered,"), h.out)
        XCTAssertTrue(h.out.contains("2 written"), "the file and ios/FOUNDATION_PROVENANCE.json: " + h.out)
        XCTAssertEqual(h.read("head/ios/Extensions/LaunchSplash.swift"), splash)

        XCTAssertEqual(h.run("reuse-check", "--base", "base", "--head", "head", "--platform", "ios"), 1, h.out + h.err)
        XCTAssertTrue(h.out.contains("native/ios/LaunchSplash.swift → ios.extension_sources (Extensions/LaunchSplash.swift)"), h.out)
        XCTAssertEqual(h.run("reuse-check", "--base", "base", "--head", "head", "--platform", "android"), 0, h.out + h.err)
        XCTAssertEqual(h.run("digest", "base", "--platform", "rails"), 0)
        let rails = h.out
        XCTAssertEqual(h.run("digest", "head", "--platform", "rails"), 0)
        XCTAssertEqual(h.out, rails)

        // A Rails-only change (a field) reuses both native builds.
        let plan = h.read("app/field-guide.plan.json")!.replacingOccurrences(
            of: "{ \"key\": \"notes\", \"type\": \"text\" }", with: "{ \"key\": \"notes\", \"type\": \"text\" },\n        { \"key\": \"count\", \"type\": \"integer\" }")
        try write(plan, "app/field-guide.plan.json")
        XCTAssertEqual(h.run("compile", "app/field-guide.plan.json", "--out", "rails-change", "--store", "store"), 0, h.err)
        XCTAssertEqual(h.run("reuse-check", "--base", "head", "--head", "rails-change", "--platform", "ios"), 0, h.out)
        XCTAssertEqual(h.run("reuse-check", "--base", "head", "--head", "rails-change", "--platform", "android"), 0, h.out)
    }

    func testProvenanceNamesEachExtensionFilesOrigin() throws {
        let plan = Self.example.appendingPathComponent("field-guide.plan.json").path
        XCTAssertEqual(h.run("compile", plan, "--out", "out", "--store", "store", "--slsa", "slsa.json"), 0, h.err)
        let document = try provenance("out/ios/FOUNDATION_PROVENANCE.json")
        let files = try XCTUnwrap(document["files"] as? [[String: Any]])
        let copy = try XCTUnwrap(files.first { $0["path"] as? String == "Extensions/Screens/MapScreen.swift" })
        let source = try Data(contentsOf: Self.example.appendingPathComponent("native/ios/Screens/MapScreen.swift"))
        let digest = Digest.of(Array(source)).hex
        XCTAssertEqual(copy["sha256"] as? String, digest)
        XCTAssertEqual(copy["owner"] as? String, "ios.extension_sources")
        let name = "native_file:native/ios/Screens/MapScreen.swift"
        XCTAssertNotNil((copy["inputs"] as? [String: String])?[name])
        let record = try XCTUnwrap((document["projections"] as? [String: Any])?[name] as? [String: Any])
        XCTAssertEqual((record["sources"] as? [String: [String]])?["origin"], ["native/ios/Screens/MapScreen.swift"])
        XCTAssertEqual(record["digest"] as? String, (copy["inputs"] as? [String: String])?[name])
        // The SLSA statement lists each native file among the resolved dependencies, by origin.
        let statement = try provenance("slsa.json")
        let build = try XCTUnwrap((statement["predicate"] as? [String: Any])?["buildDefinition"] as? [String: Any])
        let dependencies = try XCTUnwrap(build["resolvedDependencies"] as? [[String: Any]])
        let native = dependencies.filter { ($0["name"] as? String)?.hasPrefix("native/") == true }
        XCTAssertEqual(native.count, 17, "\(native.map { $0["name"] ?? "" })")
        XCTAssertEqual((native.first { $0["name"] as? String == "native/ios/Screens/MapScreen.swift" }?["digest"] as? [String: String])?["sha256"], digest)
        // No machine path anywhere in the tree's provenance.
        let text = h.read("out/ios/FOUNDATION_PROVENANCE.json")!
        XCTAssertFalse(text.contains(Self.example.path), "provenance holds a machine path")
        XCTAssertFalse(text.contains(h.root))
    }

    func testAuditCatchesTamperedAddedAndDeletedExtensionFiles() throws {
        _ = try copyExample("app")
        XCTAssertEqual(h.run("compile", "app/field-guide.plan.json", "--out", "out", "--store", "store"), 0, h.err)
        XCTAssertEqual(h.run("audit", "out", "--plan", "app/field-guide.plan.json"), 0, h.out)
        try write("class Tampered\n", "out/android/app/src/main/java/dev/firstdraft/app/extensions/MapFragment.kt")
        try write("struct Extra {}\n", "out/ios/Extensions/Extra.swift")
        try FileManager.default.removeItem(atPath: h.root + "/out/ios/Resources/Assets.xcassets/logo.imageset/logo.png")
        XCTAssertEqual(h.run("audit", "out"), 1)
        XCTAssertTrue(h.out.contains("android/app/src/main/java/dev/firstdraft/app/extensions/MapFragment.kt"), h.out)
        XCTAssertTrue(h.out.contains("ios/Extensions/Extra.swift"), h.out)
        XCTAssertTrue(h.out.contains("ios/Resources/Assets.xcassets/logo.imageset/logo.png"), h.out)
    }

    /// `audit --plan` re-derives with the native sources: a tree compiled from other sources (a
    /// provenance rewritten to match is no help) is not what this Plan and directory compile to.
    func testAuditPlanRederivesWithTheNativeSources() throws {
        _ = try copyExample("app")
        XCTAssertEqual(h.run("compile", "app/field-guide.plan.json", "--out", "out", "--store", "store"), 0, h.err)
        XCTAssertEqual(h.run("audit", "out", "--plan", "app/field-guide.plan.json"), 0, h.out)
        try write("// edited\n" + h.read("app/native/android/LaunchSplash.kt")!, "app/native/android/LaunchSplash.kt")
        XCTAssertEqual(h.run("audit", "out", "--plan", "app/field-guide.plan.json"), 1, h.out)
        XCTAssertTrue(h.out.contains("audit.not_from_plan android/app/src/main/java/dev/firstdraft/app/extensions/LaunchSplash.kt"), h.out)
        // --native-dir names another directory: the original sources prove the tree again.
        XCTAssertEqual(h.run("audit", "out", "--plan", "app/field-guide.plan.json", "--native-dir", Self.example.appendingPathComponent("native").path), 0, h.out)
        XCTAssertEqual(h.run("audit", "out", "--native-dir", "app/native"), 64, "--native-dir needs --plan")
    }

    func testBadNativeInputIsAPositionedErrorAndNothingIsWritten() throws {
        _ = try copyExample("app")
        try write("// header\n\npackage com.example.map\n\nclass MapFragment\n", "app/native/android/MapFragment.kt")
        XCTAssertEqual(h.run("compile", "app/field-guide.plan.json", "--out", "out", "--store", "store"), 65)
        XCTAssertTrue(h.err.contains("app/native/android/MapFragment.kt:3:1: error[native.kotlin.package_missing]:"), h.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: h.root + "/out"))
        XCTAssertEqual(h.run("graph", "app/field-guide.plan.json"), 65)

        XCTAssertEqual(h.run("compile", Self.example.appendingPathComponent("field-guide.plan.json").path, "--out", "out",
                             "--store", "store", "--native-dir", "missing"), 66)
        XCTAssertTrue(h.err.contains("native directory missing does not exist"), h.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: h.root + "/out"))
        XCTAssertEqual(h.run("compile", "--demo", "3", "--out", "out", "--native-dir", "x"), 64)
    }

    /// A native file removed from the directory is removed from the output, and its task is gone.
    func testARemovedNativeFileLeavesTheOutput() throws {
        _ = try copyExample("app")
        XCTAssertEqual(h.run("compile", "app/field-guide.plan.json", "--out", "out", "--store", "store"), 0, h.err)
        XCTAssertNotNil(h.read("out/app/javascript/controllers/bridge/share_controller.js"))
        try FileManager.default.removeItem(atPath: h.root + "/app/native/web/share_controller.js")
        // A declared component without its web half is an error (the bridge would be silently
        // off), naming the component and what to do; nothing is written.
        XCTAssertEqual(h.run("compile", "app/field-guide.plan.json", "--out", "out", "--store", "store"), 65)
        XCTAssertTrue(h.err.contains("error[native.bridge.component_without_web]: /application/native/ios/components/share and /application/native/android/components/share declare component \"share\""), h.err)
        XCTAssertNotNil(h.read("out/app/javascript/controllers/bridge/share_controller.js"))
        // Without the declarations too, the compile removes the web half's copy.
        let plan = try XCTUnwrap(h.read("app/field-guide.plan.json")).replacingOccurrences(of: "\"components\": { \"share\": \"ShareComponent\" },", with: "")
        try write(plan, "app/field-guide.plan.json")
        XCTAssertEqual(h.run("compile", "app/field-guide.plan.json", "--out", "out", "--store", "store"), 0, h.err)
        XCTAssertTrue(h.out.contains("1 removed"), h.out)
        XCTAssertNil(h.read("out/app/javascript/controllers/bridge/share_controller.js"))
        XCTAssertEqual(h.run("audit", "out", "--plan", "app/field-guide.plan.json"), 0, h.out)
    }

    /// Warnings of the native directory are printed, and the compile goes on.
    func testNativeWarningsArePrinted() throws {
        _ = try copyExample("app")
        try write("notes", "app/native/ios/notes.txt")
        try write("notes", "app/native/ios/NOTES.md")
        XCTAssertEqual(h.run("compile", "app/field-guide.plan.json", "--out", "out", "--store", "store"), 0, h.err)
        XCTAssertTrue(h.err.contains("app/native/ios/notes.txt:1:1: warning[native.file.ignored]: "), h.err)
        XCTAssertNil(h.read("out/ios/Extensions/notes.txt"))
        // Markdown is notes for people: left out without a warning.
        XCTAssertFalse(h.err.contains("NOTES.md"), h.err)
        XCTAssertNil(h.read("out/ios/Extensions/NOTES.md"))
    }

    /// A link in the native directory is refused (never followed), positioned at it.
    func testALinkInTheNativeDirectoryIsRefused() throws {
        _ = try copyExample("app")
        try FileManager.default.createSymbolicLink(atPath: h.root + "/app/native/ios/Linked.swift", withDestinationPath: "/etc/hostname")
        XCTAssertEqual(h.run("compile", "app/field-guide.plan.json", "--out", "out", "--store", "store"), 65)
        XCTAssertTrue(h.err.contains("app/native/ios/Linked.swift:1:1: error[native.file.not_regular]"), h.err)
    }
}
