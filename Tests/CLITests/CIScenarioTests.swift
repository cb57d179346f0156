import Cache
import Foundation
import Lowerings
import Tasks
import XCTest
@testable import CLI
import Pipeline

/// The CI story of DESIGN.md, scripted end to end in-process on the real example Plan:
///
/// 1. commit 1 compiles `examples/movie-catalog.plan.json`; a stand-in native artifact is stored
///    under each tree's native input digest;
/// 2. commit 2 changes only a Rails field: `reuse-check` says reuse for both native platforms and
///    `artifact get` returns the stored artifact;
/// 3. commit 3 changes the accent: `reuse-check` says rebuild, naming
///    `/application/appearance/accent` and the color seams.
///
/// `audit` passes on every tree and fails with the right code after each kind of tampering. A
/// platform whose lowering is not emitted yet is skipped with a message, not failed.
final class CIScenarioTests: XCTestCase {
    private var h: CLIHarness!
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    override func setUpWithError() throws { h = try CLIHarness() }
    override func tearDown() { h.cleanUp() }

    /// The three commits' Plans, written as `plan1.json` … `plan3.json`.
    private func writePlans() throws {
        let original = try String(contentsOf: Self.repo.appendingPathComponent("examples/movie-catalog.plan.json"), encoding: .utf8)
        XCTAssertTrue(original.contains("\"born_on\"") && original.contains("\"accent\": \"#E4572E\""), "the example Plan changed; update this scenario")
        let commit2 = original.replacingOccurrences(of: "\"born_on\"", with: "\"birth_date\"")  // a field of an entity: Rails only
        let commit3 = commit2.replacingOccurrences(of: "\"accent\": \"#E4572E\"", with: "\"accent\": \"#2E86E4\"")
        for (i, text) in [original, commit2, commit3].enumerated() { try Tamper.write(h.root + "/plan\(i + 1).json", text) }
    }

    /// Compiles commit `n` into `c<n>`; returns its summary.
    @discardableResult
    private func compile(_ n: Int, out: String? = nil) throws -> CompileSummary {
        let dir = out ?? "c\(n)"
        XCTAssertEqual(h.run("compile", "plan\(n).json", "--out", dir, "--store", "store", "--summary", dir + ".summary.json"), 0, h.err)
        return try CompileSummary.decode(Array(try XCTUnwrap(h.read(dir + ".summary.json"), "compile of commit \(n) wrote no summary").utf8), path: dir)
    }

    private func requireEmitted(_ platform: String, _ summary: CompileSummary) throws {
        guard summary.platforms[Platform(rawValue: platform)!]?.status == .emitted else {
            throw XCTSkip("\(platform) is \(summary.platforms[Platform(rawValue: platform)!]?.status.rawValue ?? "absent") for examples/movie-catalog.plan.json: its lowering has not landed on this branch; the \(platform) CI scenario runs once it emits")
        }
    }

    private func json() throws -> [String: Any] { try JSONSerialization.jsonObject(with: Data(h.out.utf8)) as! [String: Any] }

    func testIOSScenario() throws { try nativeScenario("ios", colorSeams: ["ios.accent_color"]) }

    func testAndroidScenario() throws { try nativeScenario("android", colorSeams: ["android.colors_light", "android.colors_dark"]) }

    private func nativeScenario(_ platform: String, colorSeams: Set<String>) throws {
        try writePlans()
        let s1 = try compile(1)
        try requireEmitted(platform, s1)
        // Commit 1: build once, keep the artifact under the tree's digest.
        XCTAssertEqual(h.run("digest", "c1", "--platform", platform), 0, h.err)
        let d1 = h.out.trimmingCharacters(in: .newlines)
        XCTAssertEqual(d1, s1.platforms[Platform(rawValue: platform)!]?.nativeInputDigest?.hex)
        try Tamper.write(h.root + "/built-\(platform).bin", "\(platform) build of \(d1)\n")
        XCTAssertEqual(h.run("artifact", "put", "--platform", platform, "--digest", d1, "built-\(platform).bin", "--store", "store"), 0, h.err)

        // Commit 2: a Rails-only change reuses the native artifact.
        let s2 = try compile(2)
        XCTAssertNotEqual(s1.planDigest, s2.planDigest)
        XCTAssertEqual(h.run("reuse-check", "--base", "c1", "--head", "c2", "--platform", platform), 0, h.out)
        XCTAssertTrue(h.out.hasPrefix("\(platform): reuse"), h.out)
        XCTAssertEqual(h.run("digest", "c2", "--platform", platform), 0)
        XCTAssertEqual(h.out, d1 + "\n")
        XCTAssertEqual(h.run("artifact", "get", "--platform", platform, "--digest", d1, "fetched-\(platform).bin", "--store", "store"), 0, h.err)
        XCTAssertEqual(h.read("fetched-\(platform).bin"), "\(platform) build of \(d1)\n")
        XCTAssertEqual(s2.platforms[Platform(rawValue: platform)!]?.rendered, 0, "no \(platform) file re-rendered for a Rails-only change")

        // Commit 3: the accent moves only the color seams, and says so.
        try compile(3)
        XCTAssertEqual(h.run("reuse-check", "--base", "c2", "--head", "c3", "--platform", platform), 1, h.out)
        XCTAssertTrue(h.out.hasPrefix("\(platform): rebuild"), h.out)
        for seam in colorSeams { XCTAssertTrue(h.out.contains("/application/appearance/accent → \(seam) ("), h.out) }
        XCTAssertEqual(h.run("reuse-check", "--base", "c2", "--head", "c3", "--platform", platform, "--json"), 1)
        let report = try json()
        XCTAssertEqual(report["reuse"] as? Bool, false)
        let changes = report["changes"] as! [[String: Any]]
        XCTAssertEqual(Set(changes.map { $0["owner"] as! String }), colorSeams, "\(changes)")
        for c in changes { XCTAssertEqual(c["plan_pointers"] as? [String], ["/application/appearance/accent"], "\(c)") }
        if platform == "ios" {
            XCTAssertTrue(h.run("reuse-check", "--base", "c2", "--head", "c3", "--platform", "ios") == 1
                && h.out.contains("/application/appearance/accent → ios.accent_color (Resources/Assets.xcassets/AccentColor.colorset/Contents.json)"), h.out)
        }
        XCTAssertEqual(h.run("digest", "c3", "--platform", platform), 0)
        XCTAssertEqual(h.run("artifact", "get", "--platform", platform, "--digest", h.out.trimmingCharacters(in: .newlines), "none.bin", "--store", "store"), 1)

        // Every commit's output passes the audit, and commit 3 is provably from its Plan.
        for n in 1...3 { XCTAssertEqual(h.run("audit", "c\(n)"), 0, h.out) }
        XCTAssertEqual(h.run("audit", "c3", "--plan", "plan3.json"), 0, h.out)
        XCTAssertEqual(h.run("audit", "c3", "--plan", "plan2.json"), 1, "c3 is not what commit 2 compiles to")
        XCTAssertTrue(h.out.contains("audit.not_from_plan \(platform)/"), h.out)
    }

    func testRailsOnlyChangeRebuildsTheRailsTree() throws {
        try writePlans()
        try requireEmitted("rails", try compile(1))
        try compile(2)
        XCTAssertEqual(h.run("reuse-check", "--base", "c1", "--head", "c2", "--platform", "rails", "--json"), 1)
        let changes = try json()["changes"] as! [[String: Any]]
        XCTAssertFalse(changes.isEmpty)
        XCTAssertTrue(changes.contains { ($0["plan_pointers"] as? [String] ?? []).contains { $0.hasPrefix("/entities/1") } },
                      "a changed Rails file should be traced to /entities/1/… (the Rails projections' sources): \(changes)")
    }

    /// Tampering with a compiled tree, one kind at a time, each on a fresh compile of commit 1.
    func testAuditCatchesEveryKindOfTampering() throws {
        try writePlans()
        let s1 = try compile(1)
        guard let pin = [CorePins.ios, CorePins.android, CorePins.rails].first(where: { s1.platforms[$0.platform]?.status == .emitted }) else {
            throw XCTSkip("no tree of examples/movie-catalog.plan.json is emitted yet (the lowerings have not landed on this branch); the audit scenario runs once one emits")
        }
        XCTAssertEqual(h.run("audit", "c1", "--plan", "plan1.json"), 0, h.out + h.err)
        let prov = mounted(pin.mount, TreeDigest.provenanceFile)
        let doc = try ProvenanceDocument.decode(Array(h.read("c1/" + prov)!.utf8))
        let seams = doc.files.filter { $0.origin != "core" }.map(\.path)
        let coreFile = try XCTUnwrap(doc.files.first { $0.origin == "core" }?.path)
        XCTAssertGreaterThanOrEqual(seams.count, 2)
        var n = 0
        func fresh() throws -> String {
            n += 1
            try compile(1, out: "t\(n)")
            return h.root + "/t\(n)/" + (pin.mount.isEmpty ? "" : pin.mount + "/")
        }
        func expect(_ code: String, _ path: String, plan: Bool = false, line: UInt = #line) {
            let args = ["audit", "t\(n)"] + (plan ? ["--plan", "plan1.json"] : [])
            XCTAssertEqual(h.run(args), 1, h.out, line: line)
            XCTAssertTrue(h.out.contains("\(code) \(mounted(pin.mount, path)): "), "\(code) \(path) in:\n\(h.out)", line: line)
        }
        var dir = try fresh()
        try Tamper.append(dir + seams[0], "\n")
        expect("audit.file_modified", seams[0])
        dir = try fresh()
        try FileManager.default.removeItem(atPath: dir + seams[1])
        expect("audit.file_deleted", seams[1])
        dir = try fresh()
        try Tamper.write(dir + "UNDECLARED.txt", "x")
        expect("audit.file_undeclared", "UNDECLARED.txt")
        dir = try fresh()
        try Tamper.chmod(dir + seams[0], doc.files.first { $0.path == seams[0] }!.mode == .executable ? 0o644 : 0o755)
        expect("audit.mode_changed", seams[0])
        dir = try fresh()
        try Tamper.append(dir + coreFile, "\n")
        expect("audit.core_file_differs", coreFile)
        dir = try fresh()
        try Tamper.write(dir + TreeDigest.provenanceFile, "{\"schema\": ")
        expect("audit.provenance_unparseable", TreeDigest.provenanceFile)
        // A tampered file with provenance edited to match: only the Plan can tell.
        dir = try fresh()
        try Tamper.append(dir + seams[0], "\n")
        let tampered = try Digest.ofFile(at: dir + seams[0])
        let treeDigest = try ComposedTrees.snapshot(root: h.root + "/t\(n)", name: "t\(n)", pin: pin).digest
        try Tamper.editProvenance(dir + TreeDigest.provenanceFile) { json in
            Tamper.editRecord(&json, seams[0]) { $0["sha256"] = tampered.hex }
            json["native_input_digest"] = treeDigest.hex
        }
        XCTAssertEqual(h.run("audit", "t\(n)"), 0, "consistent with its forged provenance: \(h.out)")
        expect("audit.not_from_plan", seams[0], plan: true)
    }
}
