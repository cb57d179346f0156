import Hashing
import XCTest
@testable import Tasks

final class BytePackerTests: XCTestCase {
    /// Counts are LEB128 (the form `SourceList` keeps), and every kind of value reads back in
    /// the order written, to the last byte.
    func testWhatIsPackedReadsBackInOrder() {
        let counts = [0, 1, 127, 128, 300, 16_383, 16_384, Int(UInt32.max), Int.max]
        let strings = ["", "ascii", "é😀\u{0}\u{7f}", String(repeating: "ü", count: 300)]
        let digests = [Digest.of("a"), Digest.of("")]
        let blobs: [[UInt8]] = [[], [0, 255, 0x80], (0 ..< 70_000).map { UInt8(truncatingIfNeeded: $0 * 7) }]
        var p = BytePacker()
        for c in counts { p.count(c) }
        for s in strings { p.string(s) }
        for d in digests { p.digest(d) }
        for b in blobs { p.byteString(b) }

        var single = BytePacker()
        single.count(127)
        XCTAssertEqual(single.bytes, [0x7f])
        single = BytePacker()
        single.count(300)
        XCTAssertEqual(single.bytes, [0xac, 0x02], "LEB128: low seven bits first")

        var u = ByteUnpacker(p.finished())
        XCTAssertEqual(counts.map { _ in u.count() }, counts)
        XCTAssertEqual(strings.map { _ in u.string() }, strings)
        XCTAssertEqual(digests.map { _ in u.digest() }, digests)
        XCTAssertEqual(blobs.map { _ in u.byteString() }, blobs)
        XCTAssertTrue(u.isAtEnd)
        XCTAssertEqual(p.finished(), p.bytes)

        var grown = BytePacker()
        for i in 0 ..< 5000 { grown.count(i) }
        XCTAssertGreaterThan(grown.bytes.capacity, grown.bytes.count + 64, "appends grew the buffer past its bytes")
        XCTAssertEqual(grown.finished(), grown.bytes)
        XCTAssertLessThan(grown.finished().capacity, grown.bytes.count + 64, "finished at its size")
    }

    /// A run's record packed and read back has equal results, in order (ids, paths, families,
    /// platforms, modes, keys with their inputs, outputs, sizes, statuses, the run that first
    /// rendered each), and the rendered bytes handed beside it.
    func testARunRecordReadsBackAsItWas() throws {
        let icon: [UInt8] = [0x89, 0x50, 0x4e, 0x47]
        let pinned = Digest.of(icon)
        let cache = MemoryTaskCache(seed: MemorySeed(objects: [pinned: icon]))
        var tasks = (0 ..< 30).map { textTask("t\($0)", "body \($0)", platform: $0 % 2 == 0 ? "ios" : "android", release: "r\($0 % 3)") }
        tasks.append(textTask("joined", "J", path: "deep/dir/joined.sh", deps: ["a": "t1", "b": "t2"]))
        tasks.append(FileTask(id: "icon", family: "icons", platform: "ios", release: "r", path: "AppIcon.png", mode: .executable, copying: pinned))
        let graph = try TaskGraph(tasks)
        let first = Executor(cache: cache, jobs: 2, runDigest: Digest.of("plan 1")).run(graph)
        let second = Executor(cache: cache, jobs: 2, runDigest: Digest.of("plan 2")).run(graph)
        XCTAssertEqual(Set(first.results.map(\.status)), [.rendered, .seed], "the copy task is served by the seed")
        XCTAssertTrue(second.results.allSatisfy { $0.status.isReuse })
        for record in [first, second] {
            let packed = try XCTUnwrap(record.packedResults())
            let back = RunRecord(unpacking: packed, renderedBytes: record.renderedBytes)
            XCTAssertEqual(back.results, record.results)
            XCTAssertEqual(back.results.map(\.key.inputs), record.results.map(\.key.inputs))
            XCTAssertEqual(back.results.map(\.renderedIn), record.results.map(\.renderedIn))
            XCTAssertEqual(back.renderedBytes, record.renderedBytes)
        }
        XCTAssertTrue(second.results.filter { $0.status == .local }.allSatisfy { $0.renderedIn == Digest.of("plan 1") },
                      "history survives the move")
        XCTAssertTrue(second.results.contains { $0.renderedIn != nil })
    }

    /// A record with a failed task is not packed (its error is not a packed value): the caller
    /// keeps the record as it is.
    func testARecordWithAFailureIsNotPacked() throws {
        let run = Executor(cache: MemoryTaskCache(), jobs: 1).run(try TaskGraph([textTask("ok", "a"), textTask("bad", "b", fail: true)]))
        XCTAssertEqual(run.failures.count, 1)
        XCTAssertNil(run.packedResults())
    }
}
