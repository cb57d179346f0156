import StoreModel
import Foundation
import XCTest
@testable import Tasks

final class ExecutorTests: XCTestCase {
    func testRendersMissesThenReusesEverything() throws {
        let cache = MemoryTaskCache()
        let counter = Counter()
        let tasks = (0..<50).map { textTask("t\($0)", "body \($0)", counter: counter) }
            + [textTask("joined", "J", deps: ["a": "t1", "b": "t2"], counter: counter)]
        let g = try TaskGraph(tasks)
        let first = Executor(cache: cache, jobs: 4).run(g)
        XCTAssertEqual(first.count(.rendered), 51)
        XCTAssertTrue(first.failures.isEmpty)
        let joined = first.results.first { $0.id == "joined" }!
        XCTAssertEqual(first.renderedBytes[joined.output!], Array("Jbody 1body 2".utf8))
        XCTAssertEqual(counter.rendered.count, 51)

        let second = Executor(cache: cache, jobs: 4).run(g)
        XCTAssertEqual(second.count(.local), 51)
        XCTAssertEqual(second.count(.rendered), 0)
        XCTAssertEqual(counter.rendered.count, 51, "a hit must not call render")
        XCTAssertEqual(first.results.map(\.key), second.results.map(\.key))
    }

    /// The run keeps what it rendered in memory only up to its budget; past it, a dependent and
    /// the run's outputs read the store's copy, and every byte is the same.
    func testRenderedBytesPastTheBudgetAreReadFromTheStore() throws {
        let tasks = (0..<40).map { textTask("t\($0)", "body \($0)") } + [textTask("joined", "J", deps: ["a": "t1", "b": "t39"])]
        let g = try TaskGraph(tasks)
        let whole = Executor(cache: MemoryTaskCache(), jobs: 1).run(g)
        XCTAssertEqual(whole.renderedBytes.count, 41)
        for budget in [0, 50] {
            let cache = MemoryTaskCache()
            let run = Executor(cache: cache, jobs: 2, keepRenderedBytes: budget).run(g)
            XCTAssertEqual(run.count(.rendered), 41)
            XCTAssertLessThanOrEqual(run.renderedBytes.values.reduce(0) { $0 + $1.count }, budget)
            XCTAssertLessThan(run.renderedBytes.count, 41, "budget \(budget): not everything kept")
            XCTAssertEqual(run.results.map(\.output), whole.results.map(\.output), "budget \(budget)")
            let outputs = OutputBytes(tasks: tasks, record: run, load: { cache.object($0)?.bytes }, keep: { _ in })
            for r in whole.results { XCTAssertEqual(try outputs.bytes(r.output!), whole.renderedBytes[r.output!], r.id) }
            XCTAssertEqual(outputs.rerendered, [], "read from the store, not rendered again")
        }
    }

    /// `observeRendered` sees each output the run rendered and did not keep, once, with its digest
    /// and bytes, and nothing it reused or copied from a pin.
    func testObserveRenderedSeesWhatTheRunRenderedOnly() throws {
        let icon: [UInt8] = [0x89, 0x50, 0x4e, 0x47]
        let pin = Digest.of(icon)
        let tasks = (0..<6).map { textTask("t\($0)", "body \($0)") } + [textTask("joined", "J", deps: ["a": "t1"]),
            FileTask(id: "icon", family: "icons", platform: "ios", release: "r", path: "AppIcon.png", copying: pin)]
        let g = try TaskGraph(tasks)
        let cache = MemoryTaskCache(seed: MemorySeed(objects: [pin: icon]))
        let seen = ThreadSafeBox<[String: (Digest, [UInt8])]>([:])
        func run() -> RunRecord {
            seen.mutate { $0 = [:] }
            return Executor(cache: cache, jobs: 2, keepRenderedBytes: 0, observeRendered: { task, digest, bytes in
                seen.mutate { XCTAssertNil($0.updateValue((digest, bytes), forKey: task.id), "seen once") }
            }).run(g)
        }
        let first = run()
        XCTAssertEqual(Set(seen.value.keys), Set(first.results.filter { $0.status == .rendered }.map(\.id)))
        XCTAssertEqual(seen.value.count, 7, "every text task, not the pinned icon")
        for r in first.results where r.status == .rendered {
            let (digest, bytes) = try XCTUnwrap(seen.value[r.id])
            XCTAssertEqual(digest, r.output)
            XCTAssertEqual(Digest.of(bytes), digest, r.id)
        }
        _ = run()
        XCTAssertTrue(seen.value.isEmpty, "a run of hits renders and so observes nothing")
        // A run that keeps what it renders: what it kept is not observed, what it did not keep is.
        for budget in [1 << 20, 7] {
            let seenNow = ThreadSafeBox(0)
            let kept = Executor(cache: MemoryTaskCache(seed: MemorySeed(objects: [pin: icon])), jobs: 1, keepRenderedBytes: budget,
                                observeRendered: { _, _, _ in seenNow.mutate { $0 += 1 } }).run(g)
            XCTAssertEqual(kept.count(.rendered), 7)
            XCTAssertEqual(kept.renderedBytes.count + seenNow.value, 7, "budget \(budget): each rendered output kept or observed")
            if budget == 7 {
                XCTAssertTrue(seenNow.value > 0 && !kept.renderedBytes.isEmpty, "some kept, the rest observed")
            } else {
                XCTAssertEqual(seenNow.value, 0, "everything kept, nothing observed")
            }
        }
    }

    /// The writer asks for bytes from several threads at once: store reads go on side by side,
    /// and an object gone from the store is rendered again once, whoever asks for it, with the
    /// same bytes.
    func testOutputsAskedForFromManyThreadsAreReadOnceAndRenderedAgainOnce() throws {
        let tasks = (0..<60).map { textTask("t\($0)", "body \($0)") } + [textTask("joined", "J", deps: ["a": "t1", "b": "t59"])]
        let cache = MemoryTaskCache()
        let run = Executor(cache: cache, jobs: 2, keepRenderedBytes: 0).run(try TaskGraph(tasks))
        XCTAssertEqual(run.renderedBytes.count, 0)
        let expected = Executor(cache: MemoryTaskCache(), jobs: 1).run(try TaskGraph(tasks)).renderedBytes
        // Every third object and the joined one's dependency go, as a `store gc` would take them.
        let gone = Set(run.results.enumerated().filter { $0.offset % 3 == 0 || $0.element.id == "t1" }.map { $0.element.output! })
        for d in gone { cache.removeObject(d) }
        let reads = Counter()
        let outputs = OutputBytes(tasks: tasks, record: run, load: { d in
            reads.hit(d.hex)
            // A slow miss, so that threads asking for one object all miss before any renders it.
            if gone.contains(d) { usleep(2000) }
            return cache.object(d)?.bytes
        }, keep: { _ in })
        let digests = run.results.map { $0.output! }
        let got = ThreadSafeBox<[Digest: [UInt8]]>([:])
        DispatchQueue.concurrentPerform(iterations: 8 * digests.count) { i in
            let d = digests[i / 8]
            if let b = try? outputs.bytes(d) { got.mutate { $0[d] = b } }
        }
        XCTAssertEqual(got.value, expected)
        XCTAssertEqual(outputs.rerendered.count, gone.count, "each vanished object rendered again once")
        XCTAssertEqual(Set(outputs.rerendered).count, outputs.rerendered.count)
        XCTAssertGreaterThanOrEqual(reads.rendered.count, digests.count)
    }

    func testDependencyChangePropagatesThroughOutputDigest() throws {
        let cache = MemoryTaskCache()
        let g1 = try TaskGraph([textTask("a", "v1"), textTask("b", "B", deps: ["in": "a"]), textTask("c", "C")])
        _ = Executor(cache: cache, jobs: 2).run(g1)
        let g2 = try TaskGraph([textTask("a", "v2"), textTask("b", "B", deps: ["in": "a"]), textTask("c", "C")])
        let r = Executor(cache: cache, jobs: 2).run(g2)
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: r.results.map { ($0.id, $0.status) }),
                       ["a": .rendered, "b": .rendered, "c": .local])
    }

    func testFailureNamesTaskSkipsDependentsAndFinishesIndependents() throws {
        let cache = MemoryTaskCache()
        let g = try TaskGraph([
            textTask("bad", "x", fail: true),
            textTask("child", "y", deps: ["in": "bad"]),
            textTask("ok1", "1"), textTask("ok2", "2"),
            textTask("bad2", "z", fail: true),
        ])
        let r = Executor(cache: cache, jobs: 2).run(g)
        XCTAssertEqual(Set(r.failures), [
            .renderFailed(taskID: "bad", message: "boom"),
            .renderFailed(taskID: "bad2", message: "boom"),
            .dependencyFailed(taskID: "child", dependency: "bad"),
        ])
        XCTAssertEqual(r.count(.rendered), 2)
        // The independent tasks were cached.
        let again = Executor(cache: cache, jobs: 2).run(g)
        XCTAssertEqual(again.results.filter { $0.id.hasPrefix("ok") }.map(\.status), [.local, .local])
    }

    func testPinnedTaskComesFromSeedAndFailsClearlyWhenAbsentOrDamaged() throws {
        let icon: [UInt8] = [0x89, 0x50, 0x4e, 0x47]
        let d = Digest.of(icon)
        let cache = MemoryTaskCache(seed: MemorySeed(objects: [d: icon]))
        let t = FileTask(id: "icon", family: "icons", platform: "ios", release: "r", path: "AppIcon.png", copying: d)
        let r = Executor(cache: cache).run(try TaskGraph([t]))
        XCTAssertEqual(r.results[0].status, .seed)
        XCTAssertEqual(r.results[0].output, d)
        let missing = FileTask(id: "m", family: "icons", platform: "ios", release: "r", path: "m.png", copying: Digest.of("nope"))
        let r2 = Executor(cache: MemoryTaskCache()).run(try TaskGraph([missing]))
        XCTAssertEqual(r2.failures, [.pinnedObjectMissing(taskID: "m", digest: Digest.of("nope"))])
        // There, but its bytes hash to another digest: damaged, as over the store chain.
        let damaged = MemoryTaskCache(seed: MemorySeed(damaged: [Digest.of("nope")]))
        let r3 = Executor(cache: damaged).run(try TaskGraph([missing]))
        XCTAssertEqual(r3.failures, [.pinnedObjectDamaged(taskID: "m", digest: Digest.of("nope"))])
        XCTAssertTrue(damaged.foundCorrupt(Digest.of("nope")))
        XCTAssertFalse(damaged.foundCorrupt(d))
    }

    func testStoreFailureIsATaskFailure() throws {
        let cache = FailingStores()
        let r = Executor(cache: cache).run(try TaskGraph([textTask("a", "a")]))
        guard case .storeFailed(taskID: "a", message: _) = r.failures.first else { return XCTFail("\(r.failures)") }
    }

    func testMissingObjectMakesAMiss() throws {
        let cache = MemoryTaskCache()
        let g = try TaskGraph([textTask("a", "a")])
        let r1 = Executor(cache: cache).run(g)
        cache.removeObject(r1.results[0].output!)
        XCTAssertEqual(Executor(cache: cache).run(g).results[0].status, .rendered)
    }

    func testParallelRunIsDeterministic() throws {
        // 10 runs with different job counts give the same keys and outputs.
        let tasks = (0..<200).map { i in textTask("t\(i)", "v\(i)", deps: i > 0 && i % 3 == 0 ? ["p": "t\(i - 1)"] : [:]) }
        let g = try TaskGraph(tasks)
        let reference = Executor(cache: MemoryTaskCache(), jobs: 1).run(g).results.map { [$0.key.digest, $0.output!] }
        for jobs in [2, 3, 8, 2, 4, 16, 1, 5, 7, 2] {
            XCTAssertEqual(Executor(cache: MemoryTaskCache(), jobs: jobs).run(g).results.map { [$0.key.digest, $0.output!] }, reference)
        }
    }

    func testProgressReportsEveryTask() throws {
        let seen = Counter()
        let g = try TaskGraph((0..<20).map { textTask("t\($0)", "x\($0)") })
        _ = Executor(cache: MemoryTaskCache(), jobs: 3) { p in seen.hit("\(p.done)/\(p.total)") }.run(g)
        XCTAssertEqual(seen.rendered.count, 20)
        XCTAssertTrue(seen.rendered.contains("20/20"))
    }
}

final class RenderedInTests: XCTestCase {
    func testHitsCarryTheDigestOfTheRunThatRendered() throws {
        let cache = MemoryTaskCache()
        let g = try TaskGraph([textTask("a", "1")])
        let first = Executor(cache: cache, runDigest: Digest.of("plan-1")).run(g)
        XCTAssertEqual(first.results[0].renderedIn, Digest.of("plan-1"))
        let second = Executor(cache: cache, runDigest: Digest.of("plan-2")).run(g)
        XCTAssertEqual(second.results[0].status, .local)
        XCTAssertEqual(second.results[0].renderedIn, Digest.of("plan-1"), "a reused output keeps the run that first rendered it")
    }
}
