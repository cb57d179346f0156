import Cache
import Foundation
import XCTest
@testable import Tasks

/// The executor over the real store chain (the batch lookup, verification and rendering again).
final class ExecutorStoreChainTests: XCTestCase {
    private var dir: String!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("exec-chain-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private func chain() throws -> StoreChain { StoreChain(local: try LocalStore(root: dir + "/store")) }

    private func overwrite(_ path: String, at offset: Int, with byte: UInt8) throws {
        let fd = open(path, O_WRONLY)
        XCTAssertGreaterThanOrEqual(fd, 0, path)
        var b = byte
        XCTAssertEqual(pwrite(fd, &b, 1, off_t(offset)), 1)
        close(fd)
    }

    func testExecutorRendersAgainWhenAnObjectIsCorruptAndReusesTheRest() throws {
        let counter = Counter()
        let tasks = (0..<30).map { i in
            textTask("t\(i)", i % 2 == 0 ? "short \(i)" : String(repeating: "long \(i) ", count: 40),
                     deps: i % 5 == 4 ? ["prev": "t\(i - 1)"] : [:], counter: counter)
        }
        let g = try TaskGraph(tasks)
        let first = Executor(cache: try chain(), jobs: 2).run(g)
        XCTAssertEqual(first.count(.rendered), 30)

        let c = try chain()
        let victim = first.results.first { $0.id == "t3" }!
        try overwrite(c.local.objects.path(for: victim.output!), at: 2, with: UInt8(ascii: "!"))
        let second = Executor(cache: c, jobs: 2).run(g)
        let rendered = second.results.filter { $0.status == .rendered }.map(\.id)
        XCTAssertEqual(rendered, ["t3"], "only the task whose object is corrupt renders again")
        XCTAssertEqual(second.count(.local), 29)
        XCTAssertEqual(second.results.map(\.output), first.results.map(\.output))
        XCTAssertEqual(counter.rendered.filter { $0 == "t3" }.count, 2)
        XCTAssertEqual(c.local.objects.verifies(victim.output!, size: victim.size), true, "the object was stored again")

        let third = Executor(cache: try chain(), jobs: 2).run(g)
        XCTAssertEqual(third.count(.local), 30)
    }
}
