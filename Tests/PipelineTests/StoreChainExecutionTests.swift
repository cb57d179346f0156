import Cache
import Foundation
import Pipeline
import Tasks
import XCTest

/// The executor over the real store chain, which is a task cache through Pipeline's `CompileStore`
/// (Tasks knows no store): its batch lookup verifies every object it answers for.
final class StoreChainExecutionTests: XCTestCase {
    /// Which tasks rendered, one entry per render.
    private final class Renders: @unchecked Sendable {
        private let lock = NSLock()
        private var ids: [String] = []
        func add(_ id: String) { lock.lock(); ids.append(id); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return ids }
    }

    func testExecutorRendersAgainWhenAnObjectIsCorruptAndReusesTheRest() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func chain() throws -> StoreChain { StoreChain(local: try LocalStore(root: dir)) }
        let renders = Renders()
        let tasks = (0..<30).map { i -> FileTask in
            let text = i % 2 == 0 ? "short \(i)" : String(repeating: "long \(i) ", count: 40)
            let deps = i % 5 == 4 ? ["prev": "t\(i - 1)"] : [:]
            return FileTask(id: "t\(i)", family: "test", platform: "demo", release: "r1", path: "t\(i).txt",
                            inputs: ["text": Digest.of(text)], dependencies: deps) { ctx in
                renders.add("t\(i)")
                return try Array(text.utf8) + (deps.isEmpty ? [] : ctx.output("prev"))
            }
        }
        let g = try TaskGraph(tasks)
        let first = Executor(cache: try chain(), jobs: 2).run(g)
        XCTAssertEqual(first.count(.rendered), 30)

        let c = try chain()
        let victim = first.results.first { $0.id == "t3" }!
        let object = c.local.objects.path(for: victim.output!)
        XCTAssertEqual(unlink(object), 0)
        XCTAssertTrue(FileManager.default.createFile(atPath: object, contents: Data("not the object".utf8)))
        let second = Executor(cache: c, jobs: 2).run(g)
        let rendered = second.results.filter { $0.status == .rendered }.map(\.id)
        XCTAssertEqual(rendered, ["t3"], "only the task whose object is corrupt renders again")
        XCTAssertEqual(second.count(.local), 29)
        XCTAssertEqual(second.results.map(\.output), first.results.map(\.output))
        XCTAssertEqual(renders.all.filter { $0 == "t3" }.count, 2)
        XCTAssertEqual(c.local.objects.verifies(victim.output!, size: victim.size), true, "the object was stored again")

        let third = Executor(cache: try chain(), jobs: 2).run(g)
        XCTAssertEqual(third.count(.local), 30)
    }
}
