import Cache
import Foundation
import Lowerings
import Tasks
import XCTest
@testable import CLI
import Pipeline

/// `store gc` beside a running compile (issue 12, item 5): objects of entries the compile already
/// looked up vanish before the tree is written. The compile renders those tasks again instead of
/// failing, and `gc` spares what a live run may be using.
final class StoreGCRaceTests: XCTestCase {
    private var h: CLIHarness!

    override func setUpWithError() throws { h = try CLIHarness() }
    override func tearDown() { h.cleanUp() }

    private func tree(_ root: String) throws -> [String: Data] {
        var out: [String: Data] = [:]
        let base = URL(fileURLWithPath: root)
        for path in try FileManager.default.subpathsOfDirectory(atPath: root) where !path.hasPrefix(".orchestrate") {
            var isDirectory: ObjCBool = false
            let url = base.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                out[path] = try Data(contentsOf: url)
            }
        }
        return out
    }

    func testObjectsThatVanishAfterTheLookupAreRenderedAgain() throws {
        let store = h.root + "/store"
        let first = try SyntheticCompile.run(SyntheticPlan(), out: h.root + "/a", store: store)
        XCTAssertGreaterThan(first.totals.rendered, 0)
        // Second compile into an empty folder: every task hits; once the last one is done, the
        // store's objects are removed, as a gc would between the lookup and the write.
        let chain = StoreChain(local: try LocalStore(root: store), seed: SyntheticCompile.seed)
        let objects = store + "/objects"
        let options = CompileOptions(outDirectory: h.root + "/b", jobs: 2) { progress in
            if progress.done == progress.total { try? FileManager.default.removeItem(atPath: objects) }
        }
        let outcome = try Compilation.compile(SyntheticPlan().taskSet(), from: nil, options: options, store: chain)
        XCTAssertEqual(outcome.summary.totals.rendered, 0, "every task was a hit")
        XCTAssertEqual(try tree(h.root + "/b"), try tree(h.root + "/a"), "the same tree, rendered again where the store lost it")
        // What was rendered again went back into the store.
        XCTAssertGreaterThan(try FileManager.default.subpathsOfDirectory(atPath: objects).count, 0)
    }
}
