import Foundation
import XCTest
@testable import Cache

/// `StoreChain.lookup(keys:)` (the batch lookup the executor asks first) must answer exactly what
/// `lookup(_:)` answers: a hit only when every object is present and verifies.
final class StoreChainBatchLookupTests: XCTestCase {
    private var dir: String!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("batch-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private func chain(_ name: String = "store") throws -> StoreChain {
        StoreChain(local: try LocalStore(root: dir + "/" + name))
    }

    private func overwrite(_ path: String, at offset: Int, with byte: UInt8) throws {
        let fd = open(path, O_WRONLY)
        XCTAssertGreaterThanOrEqual(fd, 0, path)
        var b = byte
        XCTAssertEqual(pwrite(fd, &b, 1, off_t(offset)), 1)
        close(fd)
    }

    private func text(_ n: Int, long: Bool = false) -> [UInt8] {
        // Short outputs are stored raw, long ones zlib-compressed: both decoders are exercised.
        Array((long ? String(repeating: "line \(n)\n", count: 50) : "file \(n)\n").utf8)
    }

    func testBatchAnswersWhatSingleLookupsAnswer() throws {
        let c = try chain()
        var keys: [Digest] = []
        var digests: [Digest] = []
        for n in 0..<8 {
            let key = Digest.of("key \(n)")
            let e = try c.store(key: key, outputs: [("f\(n)", text(n, long: n % 2 == 1), false)], release: "r")
            keys.append(key)
            digests.append(e.outputs[0].digest)
        }
        keys.append(Digest.of("never stored"))
        let path = { (n: Int) in c.local.objects.path(for: digests[n]) }
        try overwrite(path(0), at: 3, with: UInt8(ascii: "#"))          // raw object, one byte changed
        try overwrite(path(1), at: 20, with: 0xff)                      // zlib object, body damaged
        XCTAssertEqual(unlink(path(2)), 0)                              // missing
        XCTAssertEqual(truncate(path(3), 12), 0)                        // zlib object, truncated
        try overwrite(path(4), at: 0, with: 0x07)                       // unknown header byte
        XCTAssertEqual(truncate(path(5), 0), 0)                         // empty file

        let batch = c.lookup(keys: keys)
        XCTAssertEqual(batch.map { $0 == nil }, [true, true, true, true, true, true, false, false, true])
        XCTAssertEqual(batch[6]?.layer, .local)
        XCTAssertEqual(batch[7]?.entry.outputs.map(\.digest), [digests[7]])

        // The damaged objects went through the full lookup: quarantined, with an event each.
        let corrupt = Set(c.events.compactMap { e -> Digest? in
            if case let .corruptObject(d, .local, _, _, _) = e { return d }
            return nil
        })
        XCTAssertEqual(corrupt, Set([0, 1, 3, 4, 5].map { digests[$0] }))
        for n in [0, 1, 3, 4, 5] { XCTAssertFalse(c.local.objects.contains(digests[n]), "object \(n) quarantined") }

        // A fresh chain over the same store agrees key by key with lookup(_:).
        let again = try chain()
        XCTAssertEqual(again.lookup(keys: keys).map { $0?.entry }, keys.map { again.lookup($0)?.entry })
    }

    func testVerifiesChecksPresenceSizeAndDigestWithoutSideEffects() throws {
        let c = try chain()
        let bytes = text(1, long: true)
        let d = try c.local.objects.put(bytes)
        XCTAssertTrue(c.local.objects.verifies(d, size: UInt64(bytes.count)))
        XCTAssertFalse(c.local.objects.verifies(d, size: UInt64(bytes.count) + 1), "recorded size must match")
        XCTAssertFalse(c.local.objects.verifies(Digest.of("absent"), size: 0))
        try overwrite(c.local.objects.path(for: d), at: 15, with: 0)
        XCTAssertFalse(c.local.objects.verifies(d, size: UInt64(bytes.count)))
        XCTAssertTrue(c.local.objects.contains(d), "not quarantined: verifies has no side effects")
        XCTAssertEqual(c.events, [])
    }

    func testVerifiesSurvivesTheStoreFolderBeingRemovedAndMadeAgain() throws {
        let c = try chain()
        let a = try c.local.objects.put(text(1))
        XCTAssertTrue(c.local.objects.verifies(a, size: UInt64(text(1).count)))  // opens a's shard
        try FileManager.default.removeItem(atPath: c.local.objects.objectsPath)
        XCTAssertFalse(c.local.objects.verifies(a, size: UInt64(text(1).count)))
        try c.local.objects.put(text(1), digest: a)
        XCTAssertTrue(c.local.objects.verifies(a, size: UInt64(text(1).count)), "found by its whole path")
        let b = try c.local.objects.put(text(1, long: true))
        XCTAssertTrue(c.local.objects.verifies(b, size: UInt64(text(1, long: true).count)))
    }

    func testBatchLookupTouchesStaleEntriesLikeLookup() throws {
        final class Clock: @unchecked Sendable {
            private let lock = NSLock()
            private var ms: Int64 = 1_800_000_000_000
            var now: Int64 { lock.lock(); defer { lock.unlock() }; return ms }
            func advance(_ d: Int64) { lock.lock(); ms += d; lock.unlock() }
        }
        let clock = Clock()
        let c = StoreChain(local: try LocalStore(root: dir + "/touch", clock: { clock.now }))
        let keys = (0..<1_100).map { Digest.of("touch \($0)") }  // more than two slices
        for (n, k) in keys.enumerated() { _ = try c.store(key: k, outputs: [("f\(n)", text(n), false)], release: "r") }
        let recorded = clock.now
        clock.advance(30_000)
        XCTAssertEqual(Set(c.lookup(keys: keys).map { $0?.entry.lastUsedMs }), [recorded], "within a minute: no write")
        clock.advance(40_000)
        XCTAssertEqual(Set(c.lookup(keys: keys).map { $0?.entry.lastUsedMs }), [clock.now])
        XCTAssertEqual(Set(try c.local.actions.allEntries().map(\.entry.lastUsedMs)), [clock.now], "persisted")
        // Across slices, answers stay in key order; a damaged object deep in a later slice is a miss.
        let victim = try XCTUnwrap(c.lookup(keys[1_050])).entry.outputs[0].digest
        try overwrite(c.local.objects.path(for: victim), at: 1, with: UInt8(ascii: "?"))
        let answers = c.lookup(keys: keys)
        XCTAssertEqual(answers.indices.filter { answers[$0] == nil }, [1_050])
        XCTAssertEqual(answers[700]?.entry.outputs.map(\.path), ["f700"])
    }
}
