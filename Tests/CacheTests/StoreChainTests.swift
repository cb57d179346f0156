import Files
import XCTest
@testable import Cache

final class StoreChainTests: XCTestCase {
    let key = Digest.of("task key")
    let outputs: [(path: String, bytes: [UInt8], executable: Bool)] = [
        ("app/models/movie.rb", Array("class Movie < ApplicationRecord\nend\n".utf8), false),
        ("bin/ios", Array(String(repeating: "#!/bin/sh\nexec xcodebuild\n", count: 20).utf8), true),
    ]

    func makeChain(seed: SeedStore? = nil, remote: StubRemoteCache? = nil, clock: ManualClock = ManualClock()) throws -> StoreChain {
        let dir = try TemporaryDirectory(self)
        return StoreChain(local: try LocalStore(root: dir.sub("local"), clock: clock.closure), seed: seed, remote: remote)
    }

    func testStoreThenLookupIsALocalHit() throws {
        let clock = ManualClock()
        let chain = try makeChain(clock: clock)
        let stored = try chain.store(key: key, outputs: outputs, release: "rails-2026-08")
        XCTAssertEqual(stored.outputs.map(\.path), ["app/models/movie.rb", "bin/ios"])
        XCTAssertEqual(stored.outputs.map(\.executable), [false, true])
        XCTAssertEqual(stored.outputs.map(\.digest), outputs.map { Digest.of($0.bytes) })
        XCTAssertEqual(stored.createdMs, clock.now)
        let hit = try XCTUnwrap(chain.lookup(key))
        XCTAssertEqual(hit.layer, .local)
        XCTAssertEqual(hit.entry.outputs, stored.outputs)
        XCTAssertEqual(chain.object(stored.outputs[1].digest)?.bytes, outputs[1].bytes)
        XCTAssertNil(chain.lookup(Digest.of("other key")))
        XCTAssertEqual(chain.events, [])
    }

    func testEntryWhoseObjectIsCorruptIsAMissWithAnEvent() throws {
        let chain = try makeChain()
        let stored = try chain.store(key: key, outputs: outputs, release: "r")
        try flipByte(at: 15, in: chain.local.objects.path(for: stored.outputs[1].digest))
        XCTAssertNil(chain.lookup(key))
        XCTAssertNil(chain.object(stored.outputs[1].digest))
        guard case let .corruptObject(d, layer, _, _, moved)? = chain.events.first else { return XCTFail("\(chain.events)") }
        XCTAssertEqual(d, stored.outputs[1].digest)
        XCTAssertEqual(layer, .local)
        XCTAssertNotNil(moved)
        // Rendering again and storing heals it.
        _ = try chain.store(key: key, outputs: outputs, release: "r")
        XCTAssertEqual(chain.lookup(key)?.layer, .local)
    }

    func testEntryWhoseObjectIsMissingIsAMiss() throws {
        let chain = try makeChain()
        let stored = try chain.store(key: key, outputs: outputs, release: "r")
        try chain.local.objects.remove(stored.outputs[0].digest)
        XCTAssertNil(chain.lookup(key))
    }

    func testSeedObjectsAreFoundAndCopiedIntoLocal() throws {
        let dir = try TemporaryDirectory(self)
        let archive = Array(String(repeating: "pinned core archive ", count: 500).utf8)
        let digest = try SeedStore.write(archive, into: dir.sub("cas"))
        let chain = try makeChain(seed: SeedStore(root: dir.sub("cas")))
        // An entry recorded by an earlier run whose object only the seed store has.
        try chain.local.actions.record(ActionEntry(outputs: [OutputFile(path: "core.tar.gz", digest: digest, size: UInt64(archive.count), executable: false)],
                                                   release: "core-1"), for: key)
        XCTAssertFalse(chain.local.objects.contains(digest))
        let hit = try XCTUnwrap(chain.lookup(key))
        XCTAssertEqual(hit.layer, .seed)
        XCTAssertEqual(try chain.local.objects.get(digest), archive, "copied into local")
        XCTAssertEqual(chain.lookup(key)?.layer, .local, "the next lookup no longer needs the seed")

        let other = try SeedStore.write(Array("icon".utf8), into: dir.sub("cas"))
        XCTAssertEqual(chain.object(other)?.layer, .seed)
        XCTAssertEqual(chain.object(other)?.layer, .local)
    }

    func testCorruptSeedObjectIsAMiss() throws {
        let dir = try TemporaryDirectory(self)
        let digest = try SeedStore.write(Array("icon bytes".utf8), into: dir.sub("cas"))
        let seed = SeedStore(root: dir.sub("cas"))
        try flipByte(at: 2, in: seed.path(for: digest))
        let chain = try makeChain(seed: seed)
        XCTAssertNil(chain.object(digest))
        XCTAssertEqual(chain.events.count, 1)
        guard case .corruptObject(_, .seed, _, _, nil)? = chain.events.first else { return XCTFail("\(chain.events)") }
    }

    func testRemoteEntryIsVerifiedThenRecordedLocally() throws {
        let remote = StubRemoteCache()
        let producer = try makeChain(remote: remote)
        let stored = try producer.store(key: key, outputs: outputs, release: "r")
        XCTAssertEqual(remote.entryCount, 1, "store uploads")

        let consumer = try makeChain(remote: remote)
        let hit = try XCTUnwrap(consumer.lookup(key))
        XCTAssertEqual(hit.layer, .remote)
        XCTAssertEqual(hit.entry.outputs, stored.outputs)
        consumer.flush()
        XCTAssertNotNil(try consumer.local.actions.entry(for: key), "remote entry recorded locally")
        remote.failReads = true
        XCTAssertEqual(consumer.lookup(key)?.layer, .local, "served locally once copied")
    }

    func testRemoteBytesThatDoNotVerifyAreAMiss() throws {
        let remote = StubRemoteCache()
        let d = Digest.of(outputs[0].bytes)
        try remote.putEntry(ActionEntry(outputs: [OutputFile(path: "x", digest: d, size: UInt64(outputs[0].bytes.count), executable: false)], release: "r"), for: key)
        remote.plant(Array("tampered".utf8), as: d)
        let chain = try makeChain(remote: remote)
        XCTAssertNil(chain.lookup(key))
        XCTAssertFalse(chain.local.objects.contains(d), "unverified bytes never reach local")
        guard case .remoteObjectsCorrupt(_, d, Digest.of("tampered"), 0)? = chain.events.first else { return XCTFail("\(chain.events)") }
        XCTAssertTrue(chain.foundCorrupt(d), "a corrupt remote object counts as a damaged one")
        XCTAssertNil(try chain.local.actions.entry(for: key))
    }

    func testRemoteFailuresAreMissesAndWarningsNotErrors() throws {
        let remote = StubRemoteCache()
        remote.failReads = true
        remote.failWrites = true
        let chain = try makeChain(remote: remote)
        XCTAssertNil(chain.lookup(key))
        XCTAssertNoThrow(try chain.store(key: key, outputs: outputs, release: "r"))
        XCTAssertEqual(chain.lookup(key)?.layer, .local)
        let kinds = chain.events.map { e -> String in
            switch e {
            case .remoteDisabled(read: true, _): return "read"
            case .remoteDisabled(read: false, _): return "write"
            default: return "\(e)"
            }
        }
        // The failed read opened the circuit breaker: the upload was not even tried.
        XCTAssertEqual(kinds, ["read"])
        XCTAssertEqual(remote.requests, 1)
    }

    func testLocalWriteFailureThrows() throws {
        // Through tmp/, as where unnamed files cannot be made (`LinkedFile`).
        LinkedFile.enabled = false
        defer { LinkedFile.enabled = true }
        let chain = try makeChain()
        try FileManager.default.removeItem(atPath: chain.local.objects.tmpPath)
        XCTAssertTrue(FileManager.default.createFile(atPath: chain.local.objects.tmpPath, contents: Data()))
        XCTAssertThrowsError(try chain.store(key: key, outputs: outputs, release: "r")) { e in
            guard case .io? = e as? CacheError else { return XCTFail("\(e)") }
        }
        XCTAssertNil(chain.lookup(key))
    }

    func testParallelStoresAndLookupsFromOneChain() throws {
        let chain = try makeChain()
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 64) { i in
            let k = Digest.of("key \(i)")
            let outs = [(path: "f\(i)", bytes: pseudoRandomBytes(2_000, seed: UInt64(i % 16)), executable: false)]
            do {
                let e = try chain.store(key: k, outputs: outs, release: "r")
                if chain.lookup(k)?.entry.outputs != e.outputs { failures.mutate { $0.append("\(i) missed") } }
            } catch { failures.mutate { $0.append("\(i): \(error)") } }
        }
        XCTAssertEqual(failures.value, [])
        XCTAssertLessThan(try chain.local.actions.count(), 64, "entries are recorded in batches")
        chain.flush()
        XCTAssertEqual(try chain.local.actions.count(), 64)
        XCTAssertEqual(chain.local.objects.allObjects().count, 16)
    }
}

final class RenderedInPersistenceTests: XCTestCase {
    func testRenderedInSurvivesTheIndex() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ri-" + UUID().uuidString).path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let chain = StoreChain(local: try LocalStore(root: dir))
        let key = Digest.of("k")
        _ = try chain.store(key: key, outputs: [("a", Array("x".utf8), false)], release: "r", renderedIn: Digest.of("plan"))
        _ = try chain.store(key: Digest.of("k2"), outputs: [("b", Array("y".utf8), false)], release: "r")
        chain.flush()
        let reopened = StoreChain(local: try LocalStore(root: dir))
        XCTAssertEqual(reopened.lookup(key)?.entry.renderedIn, Digest.of("plan"))
        XCTAssertNil(reopened.lookup(Digest.of("k2"))?.entry.renderedIn)
        XCTAssertEqual(try reopened.local.actions.allEntries().first { $0.key == key }?.entry.renderedIn, Digest.of("plan"))
    }
}
