import Files
import XCTest
@testable import Cache

final class LocalStoreTests: XCTestCase {
    /// Incompressible bytes, so sizes on disk are predictable (1 header byte + n).
    func blob(_ n: Int, size: Int = 1_000) -> [UInt8] { pseudoRandomBytes(size, seed: UInt64(n) + 100) }

    func record(_ store: LocalStore, key n: Int, blobs: [Int]) throws {
        var outs: [OutputFile] = []
        for b in blobs {
            let bytes = blob(b)
            outs.append(OutputFile(path: "f\(b)", digest: try store.objects.put(bytes), size: UInt64(bytes.count), executable: false))
        }
        try store.actions.record(ActionEntry(outputs: outs, release: "r1"), for: Digest.of("key \(n)"))
    }

    func testCreatesItsLayout() throws {
        let dir = try TemporaryDirectory(self)
        let store = try LocalStore(root: dir.sub("store"))
        for sub in ["objects", "tmp", "quarantine", "ac.sqlite"] { XCTAssertTrue(fileExists(store.root + "/" + sub), sub) }
        XCTAssertEqual(store.indexPath, dir.sub("store") + "/ac.sqlite")
    }

    func testStatsCountWhatIsThere() throws {
        let dir = try TemporaryDirectory(self)
        let store = try LocalStore(root: dir.path)
        try record(store, key: 1, blobs: [1, 2])
        try record(store, key: 2, blobs: [2, 3])
        let text = Array(String(repeating: "compress me ", count: 1_000).utf8)
        let t = try store.objects.put(text)
        try flipByte(at: 0, in: store.objects.path(for: try store.objects.put(blob(9))))
        XCTAssertNil(try store.objects.get(Digest.of(blob(9))))   // quarantines blob 9
        let s = try store.stats()
        XCTAssertEqual(s.objectCount, 4)
        XCTAssertEqual(s.entryCount, 2)
        XCTAssertEqual(s.quarantineCount, 1)
        XCTAssertEqual(s.uncompressedBytes, 3 * 1_000 + UInt64(text.count))
        let compressed = FileIO.info(store.objects.path(for: t))!.size
        XCTAssertEqual(s.bytesOnDisk, 3 * 1_001 + compressed)
    }

    func testGCEvictsLeastRecentlyUsedFirstAndMeetsTheBound() throws {
        let dir = try TemporaryDirectory(self)
        let clock = ManualClock()
        let store = try LocalStore(root: dir.path, clock: clock.closure)
        for n in 0..<6 { try record(store, key: n, blobs: [n]); clock.advance(1_000) }
        // Use 0 and 1 again: now 2 and 3 are the least recently used.
        try store.actions.markUsed(Digest.of("key 0"), at: clock.now)
        try store.actions.markUsed(Digest.of("key 1"), at: clock.now)
        let report = try store.gc(maxBytes: 4 * 1_001)
        XCTAssertEqual(report.bytesBefore, 6 * 1_001)
        XCTAssertEqual(report.bytesAfter, 4 * 1_001)
        XCTAssertTrue(report.boundMet)
        XCTAssertEqual(report.entriesRemoved, 2)
        XCTAssertEqual(report.objectsRemoved, 2)
        let survivors = Set(try store.actions.allEntries().map(\.key))
        XCTAssertEqual(survivors, Set([0, 1, 4, 5].map { Digest.of("key \($0)") }))
        XCTAssertFalse(store.objects.contains(Digest.of(blob(2))))
        XCTAssertFalse(store.objects.contains(Digest.of(blob(3))))
        XCTAssertEqual(try store.stats().bytesOnDisk, report.bytesAfter)
        try assertNoDanglingEntries(store)
    }

    /// A compile beside gc has looked its entries up (touching their last use) and will read their
    /// objects: entries used within the grace window are kept, even past the bound.
    func testGCSparesEntriesUsedWithinTheGraceWindow() throws {
        let dir = try TemporaryDirectory(self)
        let clock = ManualClock()
        let store = try LocalStore(root: dir.path, clock: clock.closure)
        for n in 0..<4 { try record(store, key: n, blobs: [n]) }
        clock.advance(30 * 60_000)
        for n in 4..<6 { try record(store, key: n, blobs: [n]) }
        try store.actions.markUsed(Digest.of("key 0"), at: clock.now)
        clock.advance(60_000)
        let report = try store.gc(maxBytes: 0, graceMs: 10 * 60_000)
        XCTAssertFalse(report.boundMet)
        XCTAssertEqual(Set(try store.actions.allEntries().map(\.key)), Set([0, 4, 5].map { Digest.of("key \($0)") }))
        for n in [0, 4, 5] { XCTAssertTrue(store.objects.contains(Digest.of(blob(n))), "\(n)") }
        for n in [1, 2, 3] { XCTAssertFalse(store.objects.contains(Digest.of(blob(n))), "\(n)") }
        try assertNoDanglingEntries(store)
        XCTAssertEqual(try store.gc(maxBytes: 0, graceMs: 0).bytesAfter, 0, "without a window, everything goes")
    }

    /// A killed compile's temporary files go when the store is next opened (issue 12), not after
    /// an hour: those named for a process that has ended; a live process's are kept.
    func testTemporariesOfEndedProcessesAreRemovedOnOpen() throws {
        let dir = try TemporaryDirectory(self)
        _ = try LocalStore(root: dir.path)
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let old = Date(timeIntervalSinceNow: -120)
        let names = ["\(ended.processIdentifier)-7-1", "\(getpid())-7-1", "1-7-1"]
        for name in names {
            let path = dir.path + "/tmp/" + name
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("partial".utf8)))
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
        }
        _ = try LocalStore(root: dir.path)
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: dir.path + "/tmp")), Set(names.dropFirst()))
    }

    func testGCRemovesUnreferencedObjectsBeforeAnyEntry() throws {
        let dir = try TemporaryDirectory(self)
        let store = try LocalStore(root: dir.path)
        try record(store, key: 1, blobs: [1])
        for n in 10..<13 { try store.objects.put(blob(n)) }   // orphans
        let report = try store.gc(maxBytes: 2 * 1_001)
        XCTAssertEqual(report.entriesRemoved, 0)
        XCTAssertEqual(report.objectsRemoved, 2)
        XCTAssertNotNil(try store.actions.entry(for: Digest.of("key 1")))
        XCTAssertTrue(store.objects.contains(Digest.of(blob(1))))
    }

    func testGCKeepsObjectsStillSharedBySurvivingEntries() throws {
        let dir = try TemporaryDirectory(self)
        let clock = ManualClock()
        let store = try LocalStore(root: dir.path, clock: clock.closure)
        try record(store, key: 1, blobs: [1, 7]); clock.advance(1_000)
        try record(store, key: 2, blobs: [2, 7]); clock.advance(1_000)
        try record(store, key: 3, blobs: [3, 7])
        let report = try store.gc(maxBytes: 3 * 1_001)   // four objects; shared 7 must stay
        XCTAssertEqual(report.entriesRemoved, 1)
        XCTAssertEqual(report.objectsRemoved, 1)
        XCTAssertTrue(store.objects.contains(Digest.of(blob(7))))
        XCTAssertFalse(store.objects.contains(Digest.of(blob(1))))
        try assertNoDanglingEntries(store)

        let all = try store.gc(maxBytes: 0)
        XCTAssertEqual(all.bytesAfter, 0)
        XCTAssertEqual(try store.actions.count(), 0)
        XCTAssertEqual(store.objects.allObjects().count, 0)
    }

    func testGCUnderTheBoundDoesNothing() throws {
        let dir = try TemporaryDirectory(self)
        let store = try LocalStore(root: dir.path)
        try record(store, key: 1, blobs: [1])
        let report = try store.gc(maxBytes: 1 << 20)
        XCTAssertEqual(report, GCReport(entriesRemoved: 0, objectsRemoved: 0, bytesBefore: 1_001, bytesAfter: 1_001, maxBytes: 1 << 20))
    }

    func testVerifyQuarantinesCorruptObjectsAndDropsDanglingEntries() throws {
        let dir = try TemporaryDirectory(self)
        let store = try LocalStore(root: dir.path)
        try record(store, key: 1, blobs: [1])
        try record(store, key: 2, blobs: [2])
        try record(store, key: 3, blobs: [3])
        let bad = Digest.of(blob(2))
        try flipByte(at: 500, in: store.objects.path(for: bad))
        XCTAssertEqual(unlink(store.objects.path(for: Digest.of(blob(3)))), 0)
        let report = try store.verify()
        XCTAssertEqual(report.objectsChecked, 2)
        XCTAssertEqual(report.corrupt.map(\.digest), [bad])
        XCTAssertNotNil(report.corrupt.first?.quarantinedTo)
        XCTAssertEqual(Set(report.dangling.map(\.key)), [Digest.of("key 2"), Digest.of("key 3")])
        XCTAssertEqual(report.indexProblems, [])
        XCTAssertFalse(report.isClean)
        XCTAssertEqual(try store.actions.allEntries().map(\.key), [Digest.of("key 1")])
        XCTAssertEqual(try store.stats().quarantineCount, 1)
        XCTAssertTrue(try store.verify().isClean, "a second pass finds nothing")
    }

    func testStoreDeletedMidRunRecoversOnNextPut() throws {
        let dir = try TemporaryDirectory(self)
        let store = try LocalStore(root: dir.sub("s"))
        try record(store, key: 1, blobs: [1])
        try FileManager.default.removeItem(atPath: dir.sub("s/objects"))
        try FileManager.default.removeItem(atPath: dir.sub("s/tmp"))
        let d = try store.objects.put(blob(5))
        XCTAssertEqual(try store.objects.get(d), blob(5))
        XCTAssertEqual(try store.verify().dangling.map(\.key), [Digest.of("key 1")])
    }

    /// An object is written unnamed into its shard folder and linked in (`LinkedFile`): nothing
    /// passes through `tmp/`. Where that cannot be done it goes through `tmp/` as before; an object
    /// already there is kept either way.
    func testObjectsAreLinkedInOrWrittenThroughTmpWithTheSameResult() throws {
        defer { LinkedFile.enabled = true }
        for enabled in [true, false] {
            LinkedFile.enabled = enabled
            let dir = try TemporaryDirectory(self)
            let store = try LocalStore(root: dir.sub("s"))
            let d = try store.objects.put(blob(7))
            XCTAssertEqual(try store.objects.get(d), blob(7))
            XCTAssertEqual(try store.objects.put(blob(7)), d)
            let tmp = (try? FileManager.default.contentsOfDirectory(atPath: store.objects.tmpPath)) ?? []
            XCTAssertEqual(tmp, [], "nothing is left in tmp/")
            var st = stat()
            XCTAssertEqual(stat(store.objects.path(for: d), &st), 0)
            XCTAssertEqual(st.st_mode & 0o222, 0, "objects are read-only")
            XCTAssertEqual(st.st_nlink, 1)
            XCTAssertTrue(try store.verify().isClean)
        }
    }

    func testReadOnlyStoreRefusesMaintenanceWrites() throws {
        let dir = try TemporaryDirectory(self)
        do { try record(try LocalStore(root: dir.path), key: 1, blobs: [1]) }
        let store = try LocalStore(root: dir.path, readOnly: true)
        XCTAssertThrowsError(try store.gc(maxBytes: 0)) { XCTAssertEqual($0 as? CacheError, .readOnlyStore(path: dir.path)) }
        XCTAssertThrowsError(try store.objects.put([1, 2, 3])) { XCTAssertEqual($0 as? CacheError, .readOnlyStore(path: dir.path)) }
        XCTAssertEqual(try store.stats().entryCount, 1)
    }

    func testGarbageIndexIsRebuiltAndReported() throws {
        let dir = try TemporaryDirectory(self)
        do { try record(try LocalStore(root: dir.path), key: 1, blobs: [1]) }
        try Data(repeating: 0x5a, count: 4_096).write(to: URL(fileURLWithPath: dir.sub("ac.sqlite")))
        let store = try LocalStore(root: dir.path)
        XCTAssertEqual(try store.actions.count(), 0)
        guard case .indexRebuilt? = store.events.all.first else { return XCTFail("\(store.events.all)") }
        XCTAssertEqual(try store.stats().quarantineCount, 1)
        XCTAssertEqual(try store.stats().objectCount, 1, "objects survive an index rebuild")
    }

    func testWholeStoreDeletedMidRunIsRecreated() throws {
        let dir = try TemporaryDirectory(self)
        let chain = StoreChain(local: try LocalStore(root: dir.sub("s")))
        _ = try chain.store(key: Digest.of("k1"), outputs: [("a", blob(1), false)], release: "r")
        try FileManager.default.removeItem(atPath: dir.sub("s"))
        XCTAssertNil(chain.lookup(Digest.of("k1")), "its object is gone")
        let e = try chain.store(key: Digest.of("k2"), outputs: [("b", blob(2), false)], release: "r")
        XCTAssertEqual(chain.lookup(Digest.of("k2"))?.entry.outputs, e.outputs)
        chain.flush()  // entries are recorded in batches
        XCTAssertTrue(chain.events.contains(.indexRebuilt(path: dir.sub("s/ac.sqlite"), movedTo: nil, reason: "the file was deleted while in use")))
        XCTAssertEqual(try LocalStore(root: dir.sub("s")).actions.entry(for: Digest.of("k2"))?.outputs, e.outputs,
                       "the entry reached the new index file, not the deleted one")
        // A new process (new LocalStore) starts cleanly.
        let fresh = StoreChain(local: try LocalStore(root: dir.sub("s")))
        _ = try fresh.store(key: Digest.of("k3"), outputs: [("c", blob(3), false)], release: "r")
        XCTAssertEqual(fresh.lookup(Digest.of("k3"))?.layer, .local)
    }

    func assertNoDanglingEntries(_ store: LocalStore, file: StaticString = #filePath, line: UInt = #line) throws {
        for (key, entry) in try store.actions.allEntries() {
            for o in entry.outputs {
                XCTAssertTrue(store.objects.containsValid(o.digest), "entry \(key) points at missing \(o.digest)", file: file, line: line)
            }
        }
    }
}
