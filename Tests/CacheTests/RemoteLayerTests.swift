import Foundation
import XCTest
@testable import Cache

/// The chain's remote layer: circuit breaker, one warning per kind, upload rules.
final class RemoteLayerTests: XCTestCase {
    func outputs(_ i: Int) -> [(path: String, bytes: [UInt8], executable: Bool)] {
        [("f\(i).txt", Array("file \(i)\n".utf8), false)]
    }

    func chain(_ remote: StubRemoteCache, uploads: Bool = true) throws -> StoreChain {
        let dir = try TemporaryDirectory(self)
        return StoreChain(local: try LocalStore(root: dir.sub("local")), remote: remote, uploads: uploads)
    }

    func testFirstFailureDisablesTheRemoteForTheRun() throws {
        let remote = StubRemoteCache()
        remote.failReads = true
        let c = try chain(remote)
        for i in 0..<100 { XCTAssertNil(c.lookup(Digest.of("k\(i)"))) }
        for i in 0..<10 { _ = try c.store(key: Digest.of("k\(i)"), outputs: outputs(i), release: "r") }
        XCTAssertEqual(remote.requests, 1, "one failed request, then no more")
        XCTAssertEqual(c.events.count, 1)
        guard case .remoteDisabled(read: true, _)? = c.events.first else { return XCTFail("\(c.events)") }
        XCTAssertTrue("\(c.events[0])".contains("disabled for the rest of this run"), "\(c.events[0])")
        XCTAssertEqual(c.remoteCounts?.disabled, true)
    }

    func testFailedUploadDisablesTheRemoteToo() throws {
        let remote = StubRemoteCache()
        remote.failWrites = true
        let c = try chain(remote)
        for i in 0..<10 { _ = try c.store(key: Digest.of("k\(i)"), outputs: outputs(i), release: "r") }
        XCTAssertNil(c.lookup(Digest.of("unknown")))
        XCTAssertEqual(remote.requests, 3, "GET (what the server holds: nothing was looked up), HEAD, the failed PUT, then nothing")
        guard case .remoteDisabled(read: false, _)? = c.events.first, c.events.count == 1 else { return XCTFail("\(c.events)") }
    }

    func testRefusedUploadTurnsUploadsOffAndKeepsReads() throws {
        let remote = StubRemoteCache()
        let producer = try chain(remote)
        _ = try producer.store(key: Digest.of("k0"), outputs: outputs(0), release: "r")
        remote.refuseWrites = 403
        let c = try chain(remote)
        for i in 1..<5 { _ = try c.store(key: Digest.of("k\(i)"), outputs: outputs(i), release: "r") }
        XCTAssertEqual(c.lookup(Digest.of("k0"))?.layer, .remote, "reads go on")
        XCTAssertEqual(c.events.count, 1)
        guard case let .remoteUploadsRefused(location, .remoteStatus(_, "PUT", 403))? = c.events.first else { return XCTFail("\(c.events)") }
        XCTAssertEqual(location, remote.location)
        XCTAssertTrue("\(c.events[0])".contains("uploads are off"), "\(c.events[0])")
        XCTAssertFalse("\(c.events[0])".contains("--"), "the library names no CLI flag: \(c.events[0])")
        XCTAssertEqual(remote.objectPuts, 1, "only the producer's object")
    }

    func testRemoteHitKeepsThePlanDigestItWasRenderedIn() throws {
        let remote = StubRemoteCache()
        let http = HTTPRemoteCache(options: try RemoteOptions(url: "http://cache.example/c")) { r in
            // Round-trip through the real codec: what the stub stores is what the wire carries.
            let name = Digest(hex: r.url.lastPathComponent)!
            if r.method == "PUT", r.url.path.contains("/ac/") {
                let d = try ActionResultCodec.decode(r.bodyBytes!)
                try remote.putEntry(d.entry, for: name)
                return .init(status: 201)
            } else if r.method == "PUT" {
                try remote.putObject(r.bodyBytes!, digest: name)
                return .init(status: 201)
            } else if r.method == "HEAD" {
                return .init(status: try remote.containsObject(name) ? 200 : 404)
            } else if r.url.path.contains("/ac/"), case let .hit(e, _) = try remote.entry(for: name) {
                return .init(status: 200, body: ActionResultCodec.encode(e))
            } else if let b = remote.storedObject(name) {
                return .init(status: 200, body: b)
            }
            return .init(status: 404)
        }
        let dir = try TemporaryDirectory(self)
        let a = StoreChain(local: try LocalStore(root: dir.sub("a")), remote: http)
        _ = try a.store(key: Digest.of("k"), outputs: outputs(1), release: "r", renderedIn: Digest.of("plan"))
        let b = StoreChain(local: try LocalStore(root: dir.sub("b")), remote: http)
        XCTAssertEqual(b.lookup(Digest.of("k"))?.entry.renderedIn, Digest.of("plan"))
        b.flush()
        XCTAssertEqual(try b.local.actions.entry(for: Digest.of("k"))?.renderedIn, Digest.of("plan"), "recorded locally with it")
        XCTAssertEqual(b.events, [.unverifiedRemoteEntries(location: "http://cache.example/c", count: 1, unsigned: 1)], "no key: taken on trust")
    }

    /// Remote hits are recorded locally in batches (one transaction per `recordBatch`), visible at once.
    func testRemoteHitsAreRecordedInBatchesAndVisibleBeforehand() throws {
        let remote = StubRemoteCache()
        let a = try chain(remote)
        let n = StoreChain.recordBatch + 10
        for i in 0..<n { _ = try a.store(key: Digest.of("k\(i)"), outputs: outputs(i), release: "r") }
        let dir = try TemporaryDirectory(self)
        var b: StoreChain? = StoreChain(local: try LocalStore(root: dir.sub("b")), remote: remote)
        for i in 0..<n { XCTAssertEqual(b!.lookup(Digest.of("k\(i)"))?.layer, .remote) }
        XCTAssertEqual(try b!.local.actions.count(), StoreChain.recordBatch, "one full batch written")
        let requests = remote.requests
        for i in 0..<n { XCTAssertEqual(b!.lookup(Digest.of("k\(i)"))?.layer, .local, "pending ones are local hits too") }
        XCTAssertEqual(remote.requests, requests)
        b = nil   // going away writes the rest
        let reopened = try LocalStore(root: dir.sub("b"))
        XCTAssertEqual(try reopened.actions.count(), n)
    }

    func testWhichWriteAnswersStopOnlyUploads() throws {
        for (status, readsGoOn) in [(401, true), (413, true), (507, true), (500, false), (503, false)] {
            let remote = StubRemoteCache()
            _ = try chain(remote).store(key: Digest.of("k0"), outputs: outputs(0), release: "r")
            remote.refuseWrites = status
            let c = try chain(remote)
            _ = try c.store(key: Digest.of("k1"), outputs: outputs(1), release: "r")
            XCTAssertEqual(c.lookup(Digest.of("k0"))?.layer, readsGoOn ? .remote : nil, "\(status)")
            XCTAssertEqual(c.events.count, 1, "\(status): \(c.events)")
        }
    }

    func testReadOnlyChainNeverWrites() throws {
        let remote = StubRemoteCache()
        let c = try chain(remote, uploads: false)
        for i in 0..<5 { _ = try c.store(key: Digest.of("k\(i)"), outputs: outputs(i), release: "r") }
        XCTAssertEqual(remote.requests, 0)
        XCTAssertEqual(remote.entryCount, 0)
    }

    func testObjectsTheServerHasAreNotUploadedAgain() throws {
        let remote = StubRemoteCache()
        let same = [(path: "same.txt", bytes: Array("shared bytes".utf8), executable: false)]
        let a = try chain(remote)
        _ = try a.store(key: Digest.of("k1"), outputs: same, release: "r")
        XCTAssertEqual([remote.heads, remote.objectPuts], [1, 1])
        _ = try a.store(key: Digest.of("k2"), outputs: same, release: "r")
        XCTAssertEqual([remote.heads, remote.objectPuts], [1, 1], "known to be there: no HEAD, no PUT")
        let b = try chain(remote)
        _ = try b.store(key: Digest.of("k3"), outputs: same, release: "r")
        XCTAssertEqual([remote.heads, remote.objectPuts], [2, 1], "another runner asks once, uploads nothing")
        XCTAssertEqual(remote.entryCount, 3)
        // The empty file is never sent.
        _ = try b.store(key: Digest.of("k4"), outputs: [("empty", [], false)], release: "r")
        XCTAssertEqual([remote.heads, remote.objectPuts], [2, 1])
    }

    func testRejectedEntriesAreMissesReportedOnceWithACount() throws {
        let remote = StubRemoteCache()
        let a = try chain(remote)
        for i in 0..<3 {
            _ = try a.store(key: Digest.of("k\(i)"), outputs: outputs(i), release: "r")
            remote.rejections[Digest.of("k\(i)")] = i == 0 ? .unsigned : .badSignature
        }
        let b = try chain(remote)
        for i in 0..<3 { XCTAssertNil(b.lookup(Digest.of("k\(i)"))) }
        XCTAssertEqual(b.events.count, 1, "\(b.events)")
        XCTAssertEqual(b.events, [.remoteEntriesRejected(location: remote.location, key: Digest.of("k0"), why: .unsigned, more: 2)])
        XCTAssertEqual(b.remoteCounts?.rejected, 3)
        XCTAssertEqual(b.remoteCounts?.disabled, false, "a bad entry is not an outage")
    }

    func testEntryWhoseObjectIsGoneFromTheServerIsAnIncompleteMiss() throws {
        let remote = StubRemoteCache()
        let e = try chain(remote).store(key: Digest.of("k"), outputs: outputs(1), release: "r")
        remote.remove(e.outputs[0].digest)
        let b = try chain(remote)
        XCTAssertNil(b.lookup(Digest.of("k")))
        XCTAssertEqual(b.remoteCounts?.incompleteEntries, 1)
        XCTAssertEqual(b.remoteCounts?.entryHits, 0)
        XCTAssertEqual(b.events, [], "an evicted object is routine, not a warning")
    }

    func testCorruptObjectsAreReportedOnceAndHealedByTheNextUpload() throws {
        let remote = StubRemoteCache()
        let a = try chain(remote)
        for i in 0..<3 {
            let e = try a.store(key: Digest.of("k\(i)"), outputs: outputs(i), release: "r")
            remote.plant(Array("tampered \(i)".utf8), as: e.outputs[0].digest)
        }
        let b = try chain(remote)
        for i in 0..<3 { XCTAssertNil(b.lookup(Digest.of("k\(i)"))) }
        XCTAssertEqual(b.events.count, 1, "\(b.events)")
        guard case let .remoteObjectsCorrupt(location, _, _, more)? = b.events.first else { return XCTFail("\(b.events)") }
        XCTAssertEqual(location, remote.location)
        XCTAssertEqual(more, 2)
        // B renders and stores: the corrupt objects are overwritten without asking HEAD first.
        let heads = remote.heads
        for i in 0..<3 { _ = try b.store(key: Digest.of("k\(i)"), outputs: outputs(i), release: "r") }
        XCTAssertEqual(remote.heads, heads)
        let c = try chain(remote)
        for i in 0..<3 { XCTAssertEqual(c.lookup(Digest.of("k\(i)"))?.layer, .remote) }
        XCTAssertEqual(c.events, [])
        XCTAssertEqual(c.remoteCounts?.entryHits, 3)
    }

    // MARK: Who may replace an entry

    /// What the server held when the run looked the key up decides whether the render is uploaded.
    func testAnEntrySignedUnderAnotherKeyOrUncheckedIsNeverReplaced() throws {
        let cases: [(String, signs: Bool, setUp: (StubRemoteCache, Digest) -> Void, replaced: Bool)] = [
            ("nothing there", true, { _, _ in }, true),
            ("unsigned, we sign", true, { r, k in r.rejections[k] = .unsigned }, true),
            ("unreadable", true, { r, k in r.rejections[k] = .malformed("junk") }, true),
            ("too long", true, { r, k in r.rejections[k] = .tooLong(.tooLong(limit: 1, announced: nil)) }, true),
            ("signed under another key", true, { r, k in r.rejections[k] = .badSignature }, false),
            ("signed, we have no key", false, { r, _ in r.signature = .unchecked }, false),
            ("unsigned, we have no key", false, { r, _ in r.signature = .none }, true),
            ("signed with our key", true, { r, _ in r.signature = .verified }, true),
        ]
        for c in cases {
            let remote = StubRemoteCache()
            let key = Digest.of("k")
            // An entry whose object is gone: the lookup misses, the task renders and uploads.
            let e = try chain(remote).store(key: key, outputs: outputs(1), release: "r")
            remote.remove(e.outputs[0].digest)
            if c.0 == "nothing there" { remote.forget(key) }
            remote.signsEntries = c.signs
            c.setUp(remote, key)
            let puts = remote.entryPuts
            let b = try chain(remote)
            XCTAssertNil(b.lookup(key), c.0)
            _ = try b.store(key: key, outputs: outputs(1), release: "r")
            XCTAssertEqual(remote.entryPuts - puts, c.replaced ? 1 : 0, c.0)
            XCTAssertEqual(b.remoteCounts?.entriesKept, c.replaced ? 0 : 1, c.0)
            XCTAssertEqual(remote.storedObject(e.outputs[0].digest) != nil, c.replaced, "\(c.0): objects are uploaded only with the entry")
            let kept = b.events.filter { if case .remoteEntriesKept = $0 { return true }; return false }
            XCTAssertEqual(kept.count, c.replaced ? 0 : 1, "\(c.0): \(b.events)")
        }
    }

    /// An upload of a key this run did not look up (an artifact) asks the server first.
    func testAnUploadWithoutALookupAsksWhatTheServerHolds() throws {
        let remote = StubRemoteCache()
        let key = Digest.of("artifact")
        _ = try chain(remote).store(key: key, outputs: outputs(1), release: "r")
        remote.rejections[key] = .badSignature
        let b = try chain(remote)
        let requests = remote.requests
        for i in 2..<5 { _ = try b.store(key: key, outputs: outputs(i), release: "r") }
        XCTAssertEqual(remote.requests - requests, 3, "one GET per upload, no HEAD, no PUT")
        XCTAssertEqual(b.remoteCounts?.entriesKept, 3)
        guard case let .remoteEntriesKept(_, first, more, weSign)? = b.events.first, b.events.count == 1 else { return XCTFail("\(b.events)") }
        XCTAssertEqual([first.hex, "\(more)", "\(weSign)"], [key.hex, "2", "true"])
    }

    /// Hits used without a verified signature are counted and said once; verified ones are not.
    func testUnverifiedHitsAreOneWarningWithTheCount() throws {
        let remote = StubRemoteCache()
        let a = try chain(remote)
        for i in 0..<5 { _ = try a.store(key: Digest.of("k\(i)"), outputs: outputs(i), release: "r") }
        remote.signature = .none
        let b = try chain(remote)
        for i in 0..<5 { XCTAssertEqual(b.lookup(Digest.of("k\(i)"))?.layer, .remote) }
        XCTAssertEqual(b.events, [.unverifiedRemoteEntries(location: "stub://remote", count: 5, unsigned: 5)])
        XCTAssertEqual(b.remoteCounts?.unverifiedHits, 5)
        remote.signature = .verified
        let c = try chain(remote)
        for i in 0..<5 { XCTAssertEqual(c.lookup(Digest.of("k\(i)"))?.layer, .remote) }
        XCTAssertEqual(c.events, [])
    }
}

/// Batches: lookups of many keys and queued uploads reach the remote in batch calls.
final class RemoteBatchTests: XCTestCase {
    func outputs(_ i: Int) -> [(path: String, bytes: [UInt8], executable: Bool)] {
        [("f\(i).txt", Array("file \(i)\n".utf8), false)]
    }

    func testBatchLookupAsksTheRemoteOnceForEntriesAndOnceForObjects() throws {
        let dir = try TemporaryDirectory(self)
        let remote = StubRemoteCache()
        let a = StoreChain(local: try LocalStore(root: dir.sub("a")), remote: remote)
        let keys = (0..<50).map { Digest.of("k\($0)") }
        for (i, k) in keys.enumerated() { _ = try a.store(key: k, outputs: outputs(i), release: "r") }
        let b = StoreChain(local: try LocalStore(root: dir.sub("b")), remote: remote)
        let before = remote.batches.count
        let found = b.lookup(keys: keys + [Digest.of("absent")])
        XCTAssertEqual(found.compactMap { $0?.layer }, Array(repeating: .remote, count: 50))
        XCTAssertNil(found[50])
        XCTAssertEqual(remote.batches.dropFirst(before).map(\.call), ["entries", "objects"])
        XCTAssertEqual(remote.batches.dropFirst(before).map(\.items), [51, 50])
        XCTAssertEqual(b.remoteCounts?.entryHits, 50)
        XCTAssertEqual(b.remoteCounts?.entryMisses, 1)
        // ... and they are answered locally from then on.
        XCTAssertEqual(b.lookup(keys: keys).compactMap { $0?.layer }, Array(repeating: .local, count: 50))
    }

    func testObjectsTheBatchDidNotBringAreNotAskedAgainPerKey() throws {
        let dir = try TemporaryDirectory(self)
        let remote = StubRemoteCache()
        let a = StoreChain(local: try LocalStore(root: dir.sub("a")), remote: remote)
        let e = try a.store(key: Digest.of("k"), outputs: outputs(1), release: "r")
        remote.remove(e.outputs[0].digest)
        let b = StoreChain(local: try LocalStore(root: dir.sub("b")), remote: remote)
        let reads = remote.objectReads
        XCTAssertNil(b.lookup(keys: [Digest.of("k")])[0])
        XCTAssertEqual(remote.objectReads - reads, 1)
        XCTAssertEqual(b.remoteCounts?.incompleteEntries, 1)
    }

    func testQueuedUploadsAllGoOutByFlushInBatches() throws {
        let dir = try TemporaryDirectory(self)
        let remote = StubRemoteCache()
        let a = StoreChain(local: try LocalStore(root: dir.sub("a")), remote: remote, queuedUploads: true)
        DispatchQueue.concurrentPerform(iterations: 4) { t in
            for i in stride(from: t, to: 200, by: 4) { _ = try? a.store(key: Digest.of("k\(i)"), outputs: outputs(i), release: "r") }
        }
        a.flush()
        XCTAssertEqual(remote.entryCount, 200)
        XCTAssertEqual(remote.objectPuts, 200)
        XCTAssertEqual(a.remoteCounts?.entriesUploaded, 200)
        XCTAssertEqual(a.remoteCounts?.objectsUploaded, 200)
        let puts = remote.batches.filter { $0.call == "putEntries" }
        XCTAssertEqual(puts.reduce(0) { $0 + $1.items }, 200)
        XCTAssertLessThanOrEqual(puts.count, 200)
        // A runner B then finds everything in the remote.
        let b = StoreChain(local: try LocalStore(root: dir.sub("b")), remote: remote)
        XCTAssertEqual(b.lookup(keys: (0..<200).map { Digest.of("k\($0)") }).compactMap { $0 }.count, 200)
    }

    func testQueuedUploadsStopAtTheFirstFailureWithOneWarning() throws {
        let dir = try TemporaryDirectory(self)
        let remote = StubRemoteCache()
        remote.failWrites = true
        let a = StoreChain(local: try LocalStore(root: dir.sub("a")), remote: remote, queuedUploads: true)
        for i in 0..<50 { _ = try a.store(key: Digest.of("k\(i)"), outputs: outputs(i), release: "r") }
        a.flush()
        XCTAssertEqual(a.events.count, 1, "\(a.events)")
        guard case .remoteDisabled(read: false, _)? = a.events.first else { return XCTFail("\(a.events)") }
        XCTAssertEqual(a.remoteCounts?.disabled, true)
    }
}
