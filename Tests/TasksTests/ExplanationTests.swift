import StoreModel
import Foundation
import XCTest
@testable import Tasks

final class ExplanationTests: XCTestCase {
    private func summary(_ tasks: [FileTask], cache: MemoryTaskCache) throws -> RunSummary {
        RunSummary(planDigest: Digest.of("plan"), durationMs: 1, record: Executor(cache: cache).run(try TaskGraph(tasks)))
    }

    func testGroupsRenderedTasksByTheInputThatMoved() throws {
        let cache = MemoryTaskCache()
        let base = try summary([textTask("a", "1"), textTask("b", "2"), textTask("c", "3", release: "r1")], cache: cache)
        let head = try summary([textTask("a", "1"), textTask("b", "2b"), textTask("c", "3", release: "r2"), textTask("n", "new")], cache: cache)
        let e = Explanation(base: base, head: head)
        XCTAssertEqual(e.reused, ["a"])
        XCTAssertEqual(e.removed, [])
        let byReason = Dictionary(uniqueKeysWithValues: e.rendered.map { ($0.reason, $0) })
        XCTAssertEqual(byReason[.inputsChanged]?.tasks, ["b"])
        XCTAssertEqual(byReason[.inputsChanged]?.changes.map(\.name), ["text"])
        XCTAssertEqual(byReason[.inputsChanged]?.changes.first?.kind, .changed)
        XCTAssertEqual(byReason[.releaseChanged]?.releases, ["r1", "r2"])
        XCTAssertEqual(byReason[.newTask]?.tasks, ["n"])
        let text = e.text()
        XCTAssertTrue(text.hasPrefix("3 rendered, 1 reused, 0 failed, 0 removed"), text)
        XCTAssertTrue(text.contains("inputs text changed: 1 task"), text)
        // `--json` spells each reason as before.
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try StableJSON.encode(e))) as? [String: Any])
        let reasons = (json["rendered"] as? [[String: Any]])?.compactMap { $0["reason"] as? String }
        XCTAssertEqual(Set(reasons ?? []), ["inputs_changed", "release_changed", "new_task"])
        XCTAssertEqual(Explanation.Reason.allCases.map(\.rawValue), ["new_task", "inputs_changed", "release_changed", "path_changed", "key_unchanged"])
    }

    func testSummaryRoundTripsWithSnakeCaseKeys() throws {
        let s = try summary([textTask("a", "1")], cache: MemoryTaskCache())
        let bytes = try s.encoded()
        let json = try JSONSerialization.jsonObject(with: Data(bytes)) as! [String: Any]
        // The run's part only: the Plan's part (platforms, gaps, diagnostics) is Lowerings' PlanReport.
        XCTAssertEqual(Set(json.keys), ["schema", "plan_digest", "duration_ms", "totals", "tasks"])
        XCTAssertEqual(Set((json["totals"] as! [String: Any]).keys), ["tasks", "rendered", "reused_local", "reused_seed", "reused_remote", "failed"])
        XCTAssertEqual(try RunSummary.decode(bytes, path: "s.json"), s)
        XCTAssertEqual(try s.encoded(), bytes, "encoding is deterministic")
        XCTAssertThrowsError(try RunSummary.decode(Array("{\"schema\":\"x\"}".utf8), path: "bad.json")) { error in
            guard case .invalidSummary(path: "bad.json", reason: _) = error as? TaskError else { return XCTFail("\(error)") }
        }
    }
}
