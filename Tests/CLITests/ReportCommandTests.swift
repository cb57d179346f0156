import Foundation
import XCTest
@testable import CLI
import Lowerings
@testable import Pipeline
import Tasks

/// `orchestrate report`: the page from two real runs (a Plan and an edit of it), what it says,
/// that it escapes what it takes from summaries, draws large runs grouped, fails clearly without
/// `dot`, and loads in headless Chromium with no console errors.
final class ReportCommandTests: XCTestCase {
    var h: CLIHarness!

    override func setUpWithError() throws { h = try CLIHarness() }
    override func tearDown() { h.cleanUp() }

    static let examples = PlanSchemaTests.repository.appendingPathComponent("examples")

    /// base.json: movie-catalog; head.json: its first entity renamed (with markup in the name)
    /// and the accent changed.
    func compileBaseAndHead() throws {
        let plan = Self.examples.appendingPathComponent("movie-catalog.plan.json").path
        XCTAssertEqual(h.run("compile", plan, "--out", "out", "--store", "store", "--summary", "base.json"), 0, h.err)
        var root = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: plan))) as! [String: Any]
        root = PlanMutator.set(root, ["entities", "0", "name"], "Genre <script>alert(1)</script>") as! [String: Any]
        root = PlanMutator.set(root, ["application", "appearance", "accent"], "#123456") as! [String: Any]
        try JSONSerialization.data(withJSONObject: root, options: [.sortedKeys]).write(to: URL(fileURLWithPath: h.root + "/head.plan.json"))
        XCTAssertEqual(h.run("compile", "head.plan.json", "--out", "out", "--store", "store", "--summary", "head.json"), 0, h.err)
    }

    /// The page (or the browser's DOM of it) shows each of the summary's totals.
    func assertCounts(_ page: String, _ t: RunSummary.Totals, file: StaticString = #filePath, line: UInt = #line) {
        for (key, n) in [("tasks", t.tasks), ("rendered", t.rendered), ("reused_local", t.reusedLocal), ("reused_seed", t.reusedSeed),
                         ("reused_remote", t.reusedRemote), ("failed", t.failed)] {
            XCTAssertTrue(page.contains("data-count=\"\(key)\">\(n)</b>"), key, file: file, line: line)
        }
    }

    func summary(_ path: String) throws -> CompileSummary { try CompileSummary.decode(Array(h.read(path)!.utf8), path: path) }

    func testPageSaysWhatTheSummariesSay() throws {
        try compileBaseAndHead()
        XCTAssertEqual(h.run("report", "head.json", "--base", "base.json", "--out", "report.html"), 0, h.err)
        let page = try XCTUnwrap(h.read("report.html"))
        let head = try summary("head.json")
        let t = head.totals
        assertCounts(page, t)
        XCTAssertGreaterThan(t.rendered, 0)
        XCTAssertGreaterThan(t.reusedLocal, 0)
        XCTAssertTrue(page.contains("data-count=\"rerendered\">\(t.rendered)</b>"))
        // Each tree's digest, and the verdict from comparing it with the base's.
        let base = try summary("base.json")
        for (platform, tree) in head.platforms {
            let digest = try XCTUnwrap(tree.nativeInputDigest)
            XCTAssertTrue(page.contains(digest.hex), platform.rawValue)
            let verdict = digest == base.platforms[platform]?.nativeInputDigest ? "reuse" : "rebuild"
            XCTAssertTrue(page.contains("<tr data-platform=\"\(platform.rawValue)\">"), platform.rawValue)
            XCTAssertTrue(page.range(of: "data-platform=\"\(platform.rawValue)\">.*data-verdict=\"\(verdict)\"", options: .regularExpression) != nil,
                          platform.rawValue)
        }
        // Why: each re-rendered group traced to the Plan pointer that moved it.
        let why = String(page[page.range(of: "<section id=\"why\">")!.lowerBound..<page.range(of: "<section id=\"gaps\">")!.lowerBound])
        XCTAssertTrue(why.contains("<code>/entities/0/name</code>"), why)
        XCTAssertTrue(why.contains("<code>/application/appearance/accent</code>"), why)
        XCTAssertTrue(why.contains("<code>rails.entity_model.movie</code>"))
        XCTAssertFalse(why.contains("<code>rails.entity_model.genre</code>"), "an unchanged entity's tasks were reused")
        // The graph: an SVG with a node per task, colored by status; the changed input outlined.
        XCTAssertTrue(page.contains("<svg"))
        XCTAssertFalse(page.contains("<?xml"))
        XCTAssertTrue(page.contains(">rails.entity_model.movie</text>"))
        XCTAssertTrue(page.contains("fill=\"#f28e2b\""), "rendered tasks are orange")
        XCTAssertTrue(page.contains("fill=\"#59a14f\""), "locally reused tasks are green")
        XCTAssertTrue(page.contains("stroke=\"#d32f2f\""), "a changed input is outlined in red")
        // Nothing loads, nothing runs: no script (the name's markup is text), no external reference.
        XCTAssertFalse(page.lowercased().contains("<script"))
        XCTAssertFalse(page.contains(" src="))
        XCTAssertFalse(page.contains("href=\"http"))
        XCTAssertTrue(page.contains("default-src 'none'"))
        // Determinism: the same summaries give the same page.
        XCTAssertEqual(h.run("report", "head.json", "--base", "base.json", "--out", "again.html"), 0, h.err)
        XCTAssertEqual(h.read("again.html"), page)
        // Without a base: no verdicts, no why.
        XCTAssertEqual(h.run("report", "head.json", "--out", "alone.html"), 0, h.err)
        let alone = try XCTUnwrap(h.read("alone.html"))
        XCTAssertFalse(alone.contains("id=\"why\""))
        XCTAssertFalse(alone.contains("data-verdict"))
    }

    /// Every string a summary holds goes into the page as text: a hostile summary (task ids,
    /// paths, gap messages, pointers with markup and quotes) yields no element of its own.
    func testEverythingFromASummaryIsEscaped() throws {
        try compileBaseAndHead()
        var json = h.read("head.json")!
        let evil = #"<script>alert(\"x\")</script><img src=x onerror=alert(1)>&amp;'"#
        json = json.replacingOccurrences(of: "\"rails.entity_model.movie\"", with: "\"rails.entity_model.movie\(evil)\"")
        json = json.replacingOccurrences(of: "\"app/models/movie.rb\"", with: "\"app/models/\(evil).rb\"")
        var root = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        root["gaps"] = [["code": GapCode.nativeClientNotGenerated.rawValue, "pointer": "/entities/0/\(evil)", "status": "not_generated",
                         "message": "gap \(evil)"]]
        try JSONSerialization.data(withJSONObject: root, options: [.sortedKeys]).write(to: URL(fileURLWithPath: h.root + "/evil.json"))
        XCTAssertEqual(h.run("report", "evil.json", "--base", "base.json", "--out", "evil.html"), 0, h.err)
        let page = try XCTUnwrap(h.read("evil.html"))
        XCTAssertFalse(page.lowercased().contains("<script"))
        XCTAssertFalse(page.contains("<img"))
        XCTAssertTrue(page.contains("&lt;script&gt;alert("))
        XCTAssertTrue(page.contains("gap &lt;script&gt;"))
    }

    /// Past the threshold the graph has a node per family and platform; `dot` lays out thousands
    /// of tasks in well under the ungrouped time.
    func testLargeRunsAreDrawnGrouped() throws {
        let n = RunReport.groupingThreshold + 200
        XCTAssertEqual(h.run("compile", "--demo", String(n), "--out", "out", "--store", "store", "--summary", "demo.json"), 0, h.err)
        let report = RunReport(head: try summary("demo.json"), headName: "demo.json")
        XCTAssertTrue(report.grouped)
        let dot = report.dot()
        XCTAssertFalse(dot.contains("\"task:"))
        XCTAssertTrue(dot.contains("\"family:"))
        XCTAssertTrue(dot.contains("style=\"filled,striped\""))
        XCTAssertEqual(h.run("report", "demo.json", "--out", "demo.html"), 0, h.err)
        let page = try XCTUnwrap(h.read("demo.html"))
        XCTAssertTrue(page.contains("data-count=\"tasks\">\(n)</b>"))
        XCTAssertTrue(page.contains("one node per family and platform"))
        // The demo set has no Plan: the page names the inputs that changed, and says why no pointers.
        XCTAssertEqual(h.run("report", "demo.json", "--base", "demo.json", "--out", "self.html"), 0, h.err)
        XCTAssertTrue(try XCTUnwrap(h.read("self.html")).contains("records no projections"))
    }

    func testMissingDotAndBadSummariesFailClearlyWritingNothing() throws {
        try compileBaseAndHead()
        h.environment["PATH"] = h.root + "/empty-bin"
        XCTAssertEqual(h.run("report", "head.json", "--out", "r.html"), ExitCode.unavailable)
        XCTAssertTrue(h.err.contains("`dot` is not installed"), h.err)
        XCTAssertTrue(h.err.contains("install Graphviz"), h.err)
        XCTAssertNil(h.read("r.html"))
        h.environment["PATH"] = nil
        XCTAssertEqual(h.run("report", "nope.json", "--out", "r.html"), 66)
        XCTAssertTrue(h.err.contains("nope.json"), h.err)
        try Data("{\"schema\": \"x\"}".utf8).write(to: URL(fileURLWithPath: h.root + "/bad.json"))
        XCTAssertEqual(h.run("report", "head.json", "--base", "bad.json", "--out", "r.html"), 65)
        XCTAssertTrue(h.err.contains("bad.json"), h.err)
        XCTAssertNil(h.read("r.html"))
        XCTAssertEqual(h.run("report", "head.json"), 64)
    }

    /// The page in a real browser: headless Chromium (Debian `chromium`) loads it with no console
    /// message and no blocked load (the CSP would log one), and its DOM has the SVG and the counts.
    func testPageLoadsInHeadlessChromium() throws {
        let chromium = try ExternalTool.find("chromium", installedBy: "scripts/test.sh installs Debian's chromium")
        try compileBaseAndHead()
        XCTAssertEqual(h.run("report", "head.json", "--base", "base.json", "--out", "report.html"), 0, h.err)
        let profile = h.root + "/chromium-profile"
        let r = try chromium.run(["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=" + profile,
                                  "--enable-logging=stderr", "--v=0", "--dump-dom", "file://" + h.root + "/report.html"],
                                 environment: ["HOME": h.root, "PATH": "/usr/bin:/bin"])
        XCTAssertEqual(r.status, 0, r.err)
        let console = r.err.split(separator: "\n").filter { $0.contains("CONSOLE") || $0.contains("Refused") || $0.contains("Uncaught") }
        XCTAssertEqual(console, [], r.err)
        let dom = r.out
        XCTAssertTrue(dom.contains("<svg"), String(dom.prefix(500)))
        assertCounts(dom, try summary("head.json").totals)
        XCTAssertFalse(dom.lowercased().contains("<script"))
    }
}
