import Cache
import Foundation
import Lowerings
import Tasks
import XCTest
@testable import CLI

/// `compile PLAN` end to end, in-process, on the example Plans.
final class PlanCompileTests: XCTestCase {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples")
    private var h: CLIHarness!

    override func setUpWithError() throws { h = try CLIHarness() }
    override func tearDown() { h.cleanUp() }

    private func example(_ name: String) -> String { Self.examples.appendingPathComponent(name).path }

    private func summary(_ path: String) throws -> RunSummary {
        try RunSummary.decode(Array(h.read(path)!.utf8), path: path)
    }

    func testSecondCompileOfEachExampleRendersAndRewritesNothing() throws {
        for name in ["movie-catalog", "notes", "studio-ops"] {
            XCTAssertEqual(h.run("compile", example("\(name).plan.json"), "--out", name, "--store", "store", "--summary", "\(name)-1.json"), 0, h.err)
            let first = try summary("\(name)-1.json")
            XCTAssertGreaterThan(first.totals.rendered, 0)
            XCTAssertEqual(h.run("compile", example("\(name).plan.json"), "--out", name, "--store", "store", "--summary", "\(name)-2.json"), 0, h.err)
            let second = try summary("\(name)-2.json")
            XCTAssertEqual(second.totals.rendered, 0, name)
            XCTAssertTrue(h.out.contains(" 0 written"), h.out)
            XCTAssertEqual(first.tasks.map(\.key), second.tasks.map(\.key))
            XCTAssertEqual(first.planDigest, second.planDigest)
            XCTAssertEqual(first.platforms["rails"]?.status, "emitted")
            XCTAssertNotNil(h.read("\(name)/FOUNDATION_GAPS.json"))
            XCTAssertNotNil(h.read("\(name)/FOUNDATION_PROVENANCE.json"))
        }
    }

    func testReformattedPlanChangesNothing() throws {
        XCTAssertEqual(h.run("compile", example("movie-catalog.plan.json"), "--out", "out", "--store", "store", "--summary", "a.json"), 0, h.err)
        // Same Plan, other whitespace and key order.
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: example("movie-catalog.plan.json"))))
        let compact = try JSONSerialization.data(withJSONObject: object, options: [.withoutEscapingSlashes])
        try compact.write(to: URL(fileURLWithPath: h.root + "/compact.json"))
        XCTAssertEqual(h.run("compile", "compact.json", "--out", "out", "--store", "store", "--summary", "b.json"), 0, h.err)
        let a = try summary("a.json"), b = try summary("b.json")
        XCTAssertEqual(a.planDigest, b.planDigest)
        XCTAssertEqual(b.totals.rendered, 0)
    }

    func testInvalidPlanExits65AndWritesNothing() throws {
        var text = try String(contentsOfFile: example("movie-catalog.plan.json"), encoding: .utf8)
        text = text.replacingOccurrences(of: "\"movies.example.com\"", with: "\"movies.example.invalid\"")
        text = text.replacingOccurrences(of: "\"icon\": \"film\"", with: "\"icon\": \"flim\"")
        try text.write(toFile: h.root + "/bad.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(h.run("compile", "bad.json", "--out", "out", "--store", "store"), 65)
        XCTAssertTrue(h.err.contains("bad.json:7:15: error[plan.domain.reserved_invalid]: /application/domain"), h.err)
        XCTAssertTrue(h.err.contains("error[plan.entity.icon_unknown]: /entities/0/icon"), h.err)
        XCTAssertTrue(h.err.contains("2 problems; nothing was written"), h.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: h.root + "/out"))
        XCTAssertEqual(h.run("compile", "missing.json", "--out", "out"), 66)
    }

    /// The mission: a Rails-only Plan change leaves every native key, file and digest unchanged.
    func testRailsOnlyChangeLeavesNativeTreesAlone() throws {
        XCTAssertEqual(h.run("compile", example("movie-catalog.plan.json"), "--out", "out", "--store", "store", "--summary", "base.json"), 0, h.err)
        var text = try String(contentsOfFile: example("movie-catalog.plan.json"), encoding: .utf8)
        text = text.replacingOccurrences(of: """
                {
                  "key": "synopsis",
                  "type": "text"
                },
        """, with: """
                {
                  "key": "synopsis",
                  "type": "text"
                },
                {
                  "key": "runtime_minutes",
                  "type": "integer",
                  "required": true
                },
        """)
        XCTAssertTrue(text.contains("runtime_minutes"))
        try text.write(toFile: h.root + "/head.json", atomically: true, encoding: .utf8)
        let iosProvenance = h.read("out/ios/FOUNDATION_PROVENANCE.json")
        XCTAssertEqual(h.run("compile", "head.json", "--out", "out", "--store", "store", "--summary", "head.json.summary"), 0, h.err)
        let base = try summary("base.json"), head = try summary("head.json.summary")
        XCTAssertNotEqual(base.planDigest, head.planDigest)
        let rendered = head.tasks.filter { $0.status == .rendered }
        XCTAssertFalse(rendered.isEmpty)
        XCTAssertEqual(Set(rendered.map(\.platform)), ["rails"], rendered.map(\.id).joined(separator: ", "))
        XCTAssertTrue(rendered.allSatisfy { $0.id.hasSuffix(".movie") || $0.id.contains(".movie.") }, rendered.map(\.id).joined(separator: ", "))
        for platform in ["ios", "android"] {
            XCTAssertEqual(base.platforms[platform]?.nativeInputDigest, head.platforms[platform]?.nativeInputDigest, platform)
            XCTAssertNotNil(head.platforms[platform]?.nativeInputDigest)
            let baseKeys = base.tasks.filter { $0.platform == platform }.map(\.key)
            XCTAssertEqual(baseKeys, head.tasks.filter { $0.platform == platform }.map(\.key), platform)
        }
        // The provenance records the new run's Plan digest; every file entry, including the run that
        // first rendered it (rendered_in = the base Plan), is unchanged.
        let before = try ProvenanceDocument.decode(Array(try XCTUnwrap(iosProvenance).utf8))
        let after = try ProvenanceDocument.decode(Array(try XCTUnwrap(h.read("out/ios/FOUNDATION_PROVENANCE.json")).utf8))
        XCTAssertEqual(before.planDigest, base.planDigest)
        XCTAssertEqual(after.planDigest, head.planDigest)
        XCTAssertEqual(before.files, after.files)
        XCTAssertTrue(after.files.filter { $0.origin != "core" }.allSatisfy { $0.renderedIn == base.planDigest })
    }

    func testAccentChangeRendersOnlyColorSeams() throws {
        XCTAssertEqual(h.run("compile", example("movie-catalog.plan.json"), "--out", "out", "--store", "store"), 0, h.err)
        let text = try String(contentsOfFile: example("movie-catalog.plan.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"#E4572E\"", with: "\"#2E86E4\"")
        try text.write(toFile: h.root + "/accent.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(h.run("compile", "accent.json", "--out", "out", "--store", "store", "--summary", "s.json"), 0, h.err)
        let rendered = Set(try summary("s.json").tasks.filter { $0.status == .rendered }.map(\.id))
        XCTAssertEqual(rendered, ["ios.accent_color", "android.colors_light", "android.colors_dark", "rails.theme_css"])
    }
}
