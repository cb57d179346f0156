import Cache
import Foundation
import Lowerings
import Tasks
import XCTest
@testable import CLI

final class ReuseCheckCommandTests: XCTestCase {
    private var h: CLIHarness!

    override func setUpWithError() throws { h = try CLIHarness() }
    override func tearDown() { h.cleanUp() }

    private func compile(_ plan: SyntheticPlan, _ out: String) throws {
        try SyntheticCompile.run(plan, out: h.root + "/" + out, store: h.root + "/store")
    }

    private func json() throws -> [String: Any] { try JSONSerialization.jsonObject(with: Data(h.out.utf8)) as! [String: Any] }

    func testARailsOnlyChangeReusesBothNativeTrees() throws {
        var plan = SyntheticPlan()
        try compile(plan, "base")
        plan.railsFields = "title,released_on,runtime"
        try compile(plan, "head")
        for platform in ["ios", "android"] {
            XCTAssertEqual(h.run("reuse-check", "--base", "base", "--head", "head", "--platform", platform), 0, h.out + h.err)
            XCTAssertTrue(h.out.hasPrefix("\(platform): reuse"), h.out)
        }
        XCTAssertEqual(h.run("reuse-check", "--base", "base", "--head", "head", "--platform", "rails", "--json"), 1)
        let changes = try json()["changes"] as! [[String: Any]]
        XCTAssertEqual(Set(changes.map { $0["owner"] as! String }), ["rails.routes", "rails.navigation_partial"])
        XCTAssertEqual(changes.first?["plan_pointers"] as? [String], ["/entities/0/fields"])
    }

    func testAnAccentChangeRebuildsAndNamesThePlanPointerAndTheColorSeams() throws {
        var plan = SyntheticPlan()
        try compile(plan, "base")
        plan.accent = "#2E86E4"
        try compile(plan, "head")
        XCTAssertEqual(h.run("reuse-check", "--base", "base", "--head", "head", "--platform", "ios"), 1)
        XCTAssertTrue(h.out.hasPrefix("ios: rebuild (base "), h.out)
        XCTAssertTrue(h.out.contains("  /application/appearance/accent → ios.accent_color (Resources/Assets.xcassets/AccentColor.colorset/Contents.json)\n"), h.out)
        XCTAssertEqual(h.out.split(separator: "\n").count, 2, "one changed seam, one reason: \(h.out)")

        XCTAssertEqual(h.run("reuse-check", "--base", "base", "--head", "head", "--platform", "android", "--json"), 1)
        let report = try json()
        XCTAssertEqual(report["platform"] as? String, "android")
        XCTAssertEqual(report["reuse"] as? Bool, false)
        XCTAssertNotEqual(report["base_digest"] as? String, report["head_digest"] as? String)
        let changes = report["changes"] as! [[String: Any]]
        XCTAssertEqual(changes.map { $0["owner"] as! String }, ["android.colors_dark", "android.colors_light"])
        for c in changes {
            XCTAssertEqual(c["change"] as? String, "modified")
            XCTAssertEqual(c["inputs_changed"] as? [String], ["accent"])
            XCTAssertEqual(c["plan_pointers"] as? [String], ["/application/appearance/accent"])
            XCTAssertEqual(c["projection_fields"] as? [String], ["accent.accent"])
        }
    }

    func testOnlyTheProjectionFieldsThatMovedAreNamed() throws {
        var plan = SyntheticPlan()
        try compile(plan, "base")
        plan.name = "Film Catalog"
        try compile(plan, "head")
        XCTAssertEqual(h.run("reuse-check", "--base", "base", "--head", "head", "--platform", "ios", "--json"), 1)
        let changes = try json()["changes"] as! [[String: Any]]
        XCTAssertFalse(changes.isEmpty)
        XCTAssertFalse(changes.contains { $0["owner"] as? String == "ios.accent_color" })
        for c in changes where c["owner"] as? String != nil && (c["owner"] as! String).hasPrefix("ios.") {
            XCTAssertEqual(c["plan_pointers"] as? [String], ["/application/name"], "\(c)")
            XCTAssertEqual(c["projection_fields"] as? [String], ["identity.name"])
        }
    }

    func testADerivedFieldNamesOnlyThePointersNoUnmovedFieldVouchesFor() {
        let sources = ["display_name": ["/application/name"], "identity_digest": ["/application/key", "/application/name", "/application/domain"],
                       "key_component": ["/application/key"], "origin": ["/application/domain"]]
        XCTAssertEqual(ReuseComparison.suspects("identity_digest", moved: ["display_name", "identity_digest"], sources: sources), ["/application/name"])
        XCTAssertEqual(ReuseComparison.suspects("identity_digest", moved: ["identity_digest", "key_component"], sources: sources),
                       ["/application/key"], "display_name and origin did not move: name and domain are cleared")
        XCTAssertEqual(ReuseComparison.suspects("display_name", moved: ["display_name"], sources: sources), ["/application/name"])
        XCTAssertEqual(ReuseComparison.suspects("identity_digest", moved: ["identity_digest"], sources: sources),
                       ["/application/key", "/application/name", "/application/domain"], "never empty: all sources when every one is vouched for")
    }

    func testFilesAddedRemovedAndModeChangesAreNamed() throws {
        try compile(SyntheticPlan(), "base")
        try compile(SyntheticPlan(), "head")
        XCTAssertEqual(h.run("reuse-check", "--base", "base", "--head", "head", "--platform", "ios"), 0)
        // A head tree that disagrees with its own provenance is never reused.
        try Tamper.write(h.root + "/head/ios/Extra.swift", "//\n")
        try FileManager.default.removeItem(atPath: h.root + "/head/ios/Resources/ios_v1.json")
        try Tamper.chmod(h.root + "/head/ios/Generated/Identity.xcconfig", 0o755)
        XCTAssertEqual(h.run("reuse-check", "--base", "base", "--head", "head", "--platform", "ios", "--json"), 1)
        let report = try json()
        let changes = Dictionary(uniqueKeysWithValues: (report["changes"] as! [[String: Any]]).map { ($0["path"] as! String, $0) })
        XCTAssertEqual(changes["Extra.swift"]?["change"] as? String, "added")
        XCTAssertEqual(changes["Extra.swift"]?["owner"] as? String, "unknown")
        XCTAssertEqual(changes["Resources/ios_v1.json"]?["change"] as? String, "removed")
        XCTAssertEqual(changes["Resources/ios_v1.json"]?["owner"] as? String, "ios.path_configuration")
        XCTAssertEqual(changes["Generated/Identity.xcconfig"]?["change"] as? String, "mode")
        XCTAssertTrue((report["notes"] as! [String]).contains { $0.hasPrefix("head: ios/FOUNDATION_PROVENANCE.json records native input digest") })
    }

    func testProvenanceThatDisagreesWithItsFilesForbidsReuse() throws {
        try compile(SyntheticPlan(), "base")
        try compile(SyntheticPlan(), "head")
        try Tamper.editProvenance(h.root + "/base/ios/FOUNDATION_PROVENANCE.json") { $0["native_input_digest"] = String(repeating: "0", count: 64) }
        XCTAssertEqual(h.run("reuse-check", "--base", "base", "--head", "head", "--platform", "ios"), 1)
        XCTAssertTrue(h.out.contains("note: base: ios/FOUNDATION_PROVENANCE.json records native input digest 0000"), h.out)
    }

    func testUsageMissingAndInvalid() throws {
        try compile(SyntheticPlan(), "base")
        XCTAssertEqual(h.run("reuse-check", "--base", "base", "--platform", "ios"), 64)
        XCTAssertEqual(h.run("reuse-check", "--base", "base", "--head", "base"), 64)
        XCTAssertEqual(h.run("reuse-check", "--base", "base", "--head", "nowhere", "--platform", "ios"), 66)
        XCTAssertTrue(h.err.contains("nowhere"), h.err)
        try Tamper.write(h.root + "/base/android/FOUNDATION_PROVENANCE.json", "[]")
        XCTAssertEqual(h.run("reuse-check", "--base", "base", "--head", "base", "--platform", "android"), 65)
    }
}
