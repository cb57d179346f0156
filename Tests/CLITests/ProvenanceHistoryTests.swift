import Cache
import Foundation
import Lowerings
import Pipeline
import Tasks
import XCTest
@testable import CLI

/// The tree, provenance included, is a pure function of the Plan, the pinned Cores and the tool:
/// what a store saw before (DESIGN.md, "Pipeline") never reaches the output. The run's history
/// goes to the summary and the SLSA statement.
final class ProvenanceHistoryTests: XCTestCase {
    private var h: CLIHarness!

    override func setUpWithError() throws { h = try CLIHarness() }
    override func tearDown() { h.cleanUp() }

    private func example(_ name: String) -> String { PlanCompileTests.examples.appendingPathComponent(name).path }

    /// Plan B: Plan A with one more field on its first entity (only that entity's Rails files move).
    private func writePlanB() throws {
        let text = try String(contentsOfFile: example("movie-catalog.plan.json"), encoding: .utf8)
        let b = text.replacingOccurrences(of: "\"fields\": [", with: "\"fields\": [\n        { \"key\": \"runtime_minutes\", \"type\": \"integer\" },",
                                          options: [], range: text.range(of: "\"fields\": ["))
        XCTAssertNotEqual(b, text)
        try b.write(toFile: h.root + "/b.json", atomically: true, encoding: .utf8)
    }

    private func tree(_ dir: String) throws -> [String: String] {
        var out: [String: String] = [:]
        for e in try TreeDigest.entries(ofDirectory: h.root + "/" + dir) where !e.path.hasPrefix(".orchestrate/") {
            out[e.path] = e.line
        }
        return out
    }

    func testTheSamePlanGivesTheSameBytesWhateverTheStoreSawBefore() throws {
        try writePlanB()
        // A fresh store.
        XCTAssertEqual(h.run("compile", "b.json", "--out", "fresh", "--store", "store-1"), 0, h.err)
        // A store that compiled Plan A first: most of B's outputs are A's, first rendered by A's run.
        XCTAssertEqual(h.run("compile", example("movie-catalog.plan.json"), "--out", "a", "--store", "store-2"), 0, h.err)
        XCTAssertEqual(h.run("compile", "b.json", "--out", "after-a", "--store", "store-2", "--summary", "s.json"), 0, h.err)
        let summary = try CompileSummary.decode(Array(try XCTUnwrap(h.read("s.json")).utf8), path: "s.json")
        XCTAssertGreaterThan(summary.totals.reusedLocal, 50, "B reused A's outputs")

        let fresh = try tree("fresh"), afterA = try tree("after-a")
        XCTAssertEqual(Set(fresh.keys), Set(afterA.keys))
        let differing = fresh.keys.filter { fresh[$0] != afterA[$0] }.sorted()
        XCTAssertEqual(differing, [], "files whose bytes depend on the store's history")
        for provenance in ["FOUNDATION_PROVENANCE.json", "ios/FOUNDATION_PROVENANCE.json", "android/FOUNDATION_PROVENANCE.json"] {
            XCTAssertEqual(h.read("fresh/" + provenance), h.read("after-a/" + provenance), provenance)
        }
    }
}
