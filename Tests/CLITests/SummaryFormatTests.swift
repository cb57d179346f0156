import Cache
import Foundation
import Lowerings
import Pipeline
import Tasks
import XCTest
@testable import CLI

/// The bytes of `--summary` for a Plan that exercises every section (platform statuses, gaps,
/// warnings of an omitted client, kept files absent), pinned: moving a type must not move them.
final class SummaryFormatTests: XCTestCase {
    private var h: CLIHarness!

    override func setUpWithError() throws { h = try CLIHarness() }
    override func tearDown() { h.cleanUp() }

    /// iOS emitted with push and a toggle theme; Android requested but omitted (its application ID
    /// would be longer than 223 bytes), so its diagnostics are warnings and it has a gap.
    static let plan = """
    {"plan_format":1,"project_id":"f75076b4-59b0-5325-813f-ccb9bd82aacf",
     "application":{"key":"notes","name":"Notes",
      "domain":"\(String(repeating: "a", count: 63)).\(String(repeating: "b", count: 63)).\(String(repeating: "c", count: 63)).\(String(repeating: "d", count: 40)).example.com",
      "appearance":{"theme":"toggle"},"native":{"ios":{},"android":{}},"push":{"ios":true}},
     "account":{"subject_uuid":"6f1c0000-0000-4000-8000-000000000001"},
     "entities":[{"key":"note","plural_key":"notes","uuid":"51700d5c-f1a8-5d71-98f6-6182afe4a3aa","name":"Note",
                  "plural":"Notes","index":"public","forms":true,"fields":[{"key":"title","type":"string"}]}]}
    """

    /// The summary with `duration_ms` (the clock) set to 0.
    private func normalized(_ path: String) throws -> String {
        let text = try XCTUnwrap(h.read(path))
        return text.replacingOccurrences(of: #""duration_ms" : [0-9]+"#, with: "\"duration_ms\" : 0", options: .regularExpression)
    }

    func testSummaryBytesArePinned() throws {
        try Self.plan.write(toFile: h.root + "/plan.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(h.run("compile", "plan.json", "--out", "out", "--store", "store", "--summary", "s.json", "--jobs", "1"), 0, h.err)
        let text = try normalized("s.json")
        for key in ["\"platforms\"", "\"gaps\"", "\"diagnostics\"", "\"omitted\"", "\"warning\"", "\"native_input_digest\"", "\"kept\""] {
            XCTAssertTrue(text.contains(key), key)
        }
        // Re-pinned for the native-extension Core pins (issue 16): the iOS tree's file count and the
        // iOS and Rails native input digests moved; no task key did. Re-pinned for issue 18: the
        // summary records the projections (checked below: nothing else moved). Re-pinned for issue
        // 17: push.ios is generated (its gap is native_push.partially_generated with a new message,
        // and the iOS tree has the push files), the Cores were re-pinned (file counts, native input
        // digests), and the xcconfig, routes, README and workflow keys moved. Then bridge17 (issue 17 part B): new
        // seams (bridge registries, entitlements, the submit controller and hide rule, manifest), Cores re-pinned.
        XCTAssertEqual(Digest.of(text).hex, "c95f28e150797be3278c798dc450d7c6715dfa31b9163b8b0c82759a1c4e813d", "the summary's bytes moved:\n\(text)")
        // Each task's `rendered_in` (run history, which provenance no longer records) and the
        // projections the tasks read (issue 18: what `report --base` traces Plan pointers through)
        // are the additions to the summary's shape; without them, the bytes are those of issue 17's
        // summary. (This Plan's tasks have no task-to-task dependencies, so no `dependencies`.)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("\"rendered_in\" : ") }
        let start = try XCTUnwrap(lines.firstIndex(of: "  \"projections\" : ["))
        let end = try XCTUnwrap(lines[start...].firstIndex(of: "  ],"))
        XCTAssertTrue(lines[start...end].contains { $0.contains("\"/application/appearance/theme\"") }, "projections carry Plan pointers")
        lines.removeSubrange(start...end)
        XCTAssertFalse(text.contains("\"dependencies\""))
        XCTAssertEqual(Digest.of(lines.joined(separator: "\n")).hex, "f8f8e23b0bb23967a3e786d4ffd01a2d0370fd2032057540c7be4a4e221126c8")
    }

    /// One object, two parts: the run's (Tasks' `RunSummary`) and the Plan's (Lowerings'
    /// `PlanReport`); it reads back into both, and `explain` reads the run's part alone.
    func testTheSummaryReadsBackIntoBothParts() throws {
        try Self.plan.write(toFile: h.root + "/plan.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(h.run("compile", "plan.json", "--out", "out", "--store", "store", "--summary", "s.json"), 0, h.err)
        let bytes = Array(try XCTUnwrap(h.read("s.json")).utf8)
        let summary = try CompileSummary.decode(bytes, path: "s.json")
        XCTAssertEqual(try summary.encoded(), bytes)
        XCTAssertEqual(try RunSummary.decode(bytes, path: "s.json"), summary.run)
        XCTAssertEqual(summary.platforms[.android]?.status, .omitted)
        XCTAssertNil(summary.platforms[.android]?.nativeInputDigest)
        XCTAssertEqual(summary.diagnostics.map(\.code), [.androidIdentityTooLong])
        XCTAssertEqual(summary.diagnostics.map(\.severity), [.warning])
        // push.ios on an emitted iOS client: generated, with the owner's credentials still to provide.
        XCTAssertEqual(Set(summary.gaps.map(\.code)), [.nativeClientNotGenerated, .nativeThemePreferenceNotGenerated, .nativePushPartiallyGenerated])
    }
}
