import CSQLite
import XCTest
@testable import Cache

final class SQLiteActionCacheTests: XCTestCase {
    func key(_ n: Int) -> Digest { Digest.of("key \(n)") }

    func entry(_ n: Int, files: Int = 2) -> ActionEntry {
        ActionEntry(outputs: (0..<files).map {
            OutputFile(path: "app/file\(n)-\($0).rb", digest: Digest.of("object \(n) \($0)"), size: UInt64(10 + $0), executable: $0 == 1)
        }, release: "rails-2026-08")
    }

    func testRecordThenReadBackKeepsEveryField() throws {
        let dir = try TemporaryDirectory(self)
        let clock = ManualClock()
        let cache = try SQLiteActionCache(path: dir.sub("ac.sqlite"), clock: clock.closure)
        try cache.record(entry(1, files: 3), for: key(1))
        let got = try XCTUnwrap(cache.entry(for: key(1)))
        XCTAssertEqual(got.outputs, entry(1, files: 3).outputs, "outputs keep their order and fields")
        XCTAssertEqual(got.release, "rails-2026-08")
        XCTAssertEqual(got.createdMs, clock.now)
        XCTAssertEqual(got.lastUsedMs, clock.now)
        XCTAssertEqual(got.totalSize, 10 + 11 + 12)
        XCTAssertNil(try cache.entry(for: key(2)))
        XCTAssertEqual(try cache.count(), 1)
    }

    /// `quick_check` runs on open unless the index files are exactly as the last process that
    /// checked or wrote them left them (its stamp); any write, edit or replacement brings it back.
    func testQuickCheckRunsOnlyWhenTheIndexChangedSinceItsStamp() throws {
        let dir = try TemporaryDirectory(self)
        let path = dir.sub("ac.sqlite")
        func opens() throws -> Int {
            let before = CheckedStamp.checksRun.value
            let cache = try SQLiteActionCache(path: path)
            _ = try cache.entry(for: key(1))
            return CheckedStamp.checksRun.value - before
        }
        XCTAssertEqual(try opens(), 1, "a new index is checked")
        XCTAssertEqual(try opens(), 0, "unchanged since: not again")
        do {
            let cache = try SQLiteActionCache(path: path)
            try cache.record(entry(1), for: key(1))
        }
        XCTAssertEqual(try opens(), 0, "written by a process that closed it: stamped")
        var writer: SQLiteActionCache? = try SQLiteActionCache(path: path)
        try writer?.record(entry(2), for: key(2))
        XCTAssertEqual(try opens(), 1, "written by a process that has not closed it: checked")
        writer = nil
        XCTAssertEqual(try opens(), 0)
        // Bytes changed behind SQLite's back (mtime moves): checked, and damage is found.
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        handle.seek(toFileOffset: 100)
        handle.write(Data(repeating: 0xff, count: 4000))
        try handle.close()
        let events = StoreEvents()
        let before = CheckedStamp.checksRun.value
        let cache = try SQLiteActionCache(path: path, events: events)
        XCTAssertEqual(CheckedStamp.checksRun.value - before, 1)
        XCTAssertNil(try cache.entry(for: key(1)), "the damaged index was set aside")
        guard case .indexRebuilt? = events.all.first else { return XCTFail("\(events.all)") }
        // A stamp that is not one: checked.
        try Data("junk".utf8).write(to: URL(fileURLWithPath: path + ".checked"))
        XCTAssertEqual(try opens(), 1)
    }

    func testRecordReplacesAndRemoveForgets() throws {
        let dir = try TemporaryDirectory(self)
        let cache = try SQLiteActionCache(path: dir.sub("ac.sqlite"))
        try cache.record(entry(1, files: 3), for: key(1))
        try cache.record(entry(9, files: 1), for: key(1))
        XCTAssertEqual(try cache.entry(for: key(1))?.outputs, entry(9, files: 1).outputs, "old outputs are gone")
        try cache.remove(key(1))
        XCTAssertNil(try cache.entry(for: key(1)))
        XCTAssertEqual(try cache.allEntries().count, 0)
    }

    func testEntriesSurviveReopeningAndSchemaIsVersioned() throws {
        let dir = try TemporaryDirectory(self)
        let path = dir.sub("ac.sqlite")
        do { try SQLiteActionCache(path: path).record(entry(1), for: key(1)) }
        let reopened = try SQLiteActionCache(path: path)
        XCTAssertEqual(try reopened.entry(for: key(1))?.outputs, entry(1).outputs)
        let c = try SQLiteConnection(path: path)
        let version = try c.withStatement("PRAGMA user_version") { s -> Int64 in try s.step(); return s.int64(0) }
        XCTAssertEqual(version, Int64(SQLiteActionCache.schemaVersion))
        let mode = try c.withStatement("PRAGMA journal_mode") { s -> String in try s.step(); return s.text(0) }
        XCTAssertEqual(mode, "wal")
    }

    /// The memo of derived documents: key → digest and size, replaced on record, the newest
    /// `derivedRows` kept; an index written before the table existed gets it on open, entries kept,
    /// schema version unchanged (an older orchestrate still opens the file); read-only never writes.
    func testTheDerivedMemoIsBoundedAndBesideTheSchema() throws {
        let dir = try TemporaryDirectory(self)
        let path = dir.sub("ac.sqlite")
        do {
            let cache = try SQLiteActionCache(path: path)
            try cache.record(entry(1), for: key(1))
        }
        do { try SQLiteConnection(path: path).exec("DROP TABLE derived") }
        let clock = ManualClock()
        let cache = try SQLiteActionCache(path: path, clock: clock.closure)
        XCTAssertEqual(try cache.entry(for: key(1))?.outputs, entry(1).outputs)
        XCTAssertNil(cache.derived(for: key(1)))
        cache.recordDerived(key(1), digest: Digest.of("a"), size: 1)
        cache.recordDerived(key(1), digest: Digest.of("b"), size: 2)
        XCTAssertEqual(cache.derived(for: key(1))?.digest, Digest.of("b"))
        XCTAssertEqual(cache.derived(for: key(1))?.size, 2)
        for n in 2...(SQLiteActionCache.derivedRows + 5) {
            clock.advance(1)
            cache.recordDerived(key(n), digest: Digest.of("d\(n)"), size: UInt64(n))
        }
        XCTAssertEqual(try cache.derivedCount(), SQLiteActionCache.derivedRows)
        XCTAssertNil(cache.derived(for: key(1)), "the oldest rows go")
        XCTAssertEqual(cache.derived(for: key(SQLiteActionCache.derivedRows + 5))?.digest, Digest.of("d\(SQLiteActionCache.derivedRows + 5)"))
        let version = try SQLiteConnection(path: path).withStatement("PRAGMA user_version") { s -> Int64 in try s.step(); return s.int64(0) }
        XCTAssertEqual(version, Int64(SQLiteActionCache.schemaVersion))
        let readOnly = try SQLiteActionCache(path: path, readOnly: true)
        readOnly.recordDerived(key(0), digest: Digest.of("x"), size: 1)
        XCTAssertNil(readOnly.derived(for: key(0)))
        XCTAssertNotNil(readOnly.derived(for: key(SQLiteActionCache.derivedRows + 5)))
    }

    /// The index on last use an older orchestrate made is dropped on open (the schema version
    /// stays, entries stay), none is made, and entries still come least recently used first.
    func testTheLastUseIndexOfAnOlderIndexGoesAndOrderStays() throws {
        let dir = try TemporaryDirectory(self)
        let path = dir.sub("ac.sqlite")
        let clock = ManualClock()
        func indexes() throws -> [String] {
            try SQLiteConnection(path: path).withStatement("SELECT name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL ORDER BY name") { s in
                var names: [String] = []
                while try s.step() { names.append(s.text(0)) }
                return names
            }
        }
        do {
            let cache = try SQLiteActionCache(path: path, clock: clock.closure)
            for n in 0..<4 { try cache.record(entry(n), for: key(n)); clock.advance(1_000) }
        }
        XCTAssertEqual(try indexes(), ["outputs_digest"])
        do { try SQLiteConnection(path: path).exec("CREATE INDEX entries_last_used ON entries(last_used_ms)") }
        XCTAssertEqual(try indexes(), ["entries_last_used", "outputs_digest"], "as an older orchestrate left it")
        let cache = try SQLiteActionCache(path: path, clock: clock.closure)
        XCTAssertEqual(try indexes(), ["outputs_digest"])
        try cache.markUsed(key(1), at: clock.now)
        XCTAssertEqual(try cache.allEntries().map(\.key), [key(0), key(2), key(3), key(1)])
        let version = try SQLiteConnection(path: path).withStatement("PRAGMA user_version") { s -> Int64 in try s.step(); return s.int64(0) }
        XCTAssertEqual(version, Int64(SQLiteActionCache.schemaVersion))
    }

    func testNewerSchemaIsRefusedNotRewritten() throws {
        let dir = try TemporaryDirectory(self)
        let path = dir.sub("ac.sqlite")
        do { try SQLiteConnection(path: path).exec("PRAGMA user_version = 99") }
        XCTAssertThrowsError(try SQLiteActionCache(path: path)) { e in
            XCTAssertEqual(e as? CacheError, .incompatibleIndex(path: path, version: 99, supported: SQLiteActionCache.schemaVersion))
        }
    }

    func testHitTouchesLastUseOnlyWhenOlderThanTheInterval() throws {
        let dir = try TemporaryDirectory(self)
        let clock = ManualClock()
        let cache = try SQLiteActionCache(path: dir.sub("ac.sqlite"), touchInterval: 60_000, clock: clock.closure)
        try cache.record(entry(1), for: key(1))
        let recorded = clock.now
        clock.advance(30_000)
        XCTAssertEqual(try cache.entry(for: key(1))?.lastUsedMs, recorded, "a hit within a minute writes nothing")
        clock.advance(40_000)
        XCTAssertEqual(try cache.entry(for: key(1))?.lastUsedMs, clock.now)
        XCTAssertEqual(try cache.allEntries().first?.entry.lastUsedMs, clock.now, "the touch was persisted")
    }

    func testAllEntriesAreLeastRecentlyUsedFirst() throws {
        let dir = try TemporaryDirectory(self)
        let clock = ManualClock()
        let cache = try SQLiteActionCache(path: dir.sub("ac.sqlite"), clock: clock.closure)
        for n in 0..<4 { try cache.record(entry(n), for: key(n)); clock.advance(1_000) }
        try cache.markUsed(key(0), at: clock.now)
        XCTAssertEqual(try cache.allEntries().map(\.key), [key(1), key(2), key(3), key(0)])
        XCTAssertEqual(try cache.referencedDigests(among: [Digest.of("object 2 0"), Digest.of("nothing")]), [Digest.of("object 2 0")])
    }

    func testGarbageFileIsMovedAsideAndAnEmptyIndexStarted() throws {
        let dir = try TemporaryDirectory(self)
        let path = dir.sub("ac.sqlite")
        try Data(pseudoRandomBytes(8_192, seed: 11)).write(to: URL(fileURLWithPath: path))
        let events = StoreEvents()
        let cache = try SQLiteActionCache(path: path, quarantineDirectory: dir.sub("quarantine"), events: events)
        XCTAssertEqual(try cache.count(), 0)
        try cache.record(entry(1), for: key(1))
        XCTAssertNotNil(try cache.entry(for: key(1)))
        guard case let .indexRebuilt(p, movedTo, reason)? = events.all.first, let moved = movedTo else { return XCTFail("\(events.all)") }
        XCTAssertEqual(p, path)
        XCTAssertTrue(moved.hasPrefix(dir.sub("quarantine") + "/ac.sqlite.corrupt-"), moved)
        XCTAssertEqual(try FileIO.read(moved), pseudoRandomBytes(8_192, seed: 11), "the bad file is kept for inspection")
        XCTAssertTrue(reason.contains("26"), reason)   // SQLITE_NOTADB
    }

    func testTruncatedFileIsMovedAsideAndAnEmptyIndexStarted() throws {
        let dir = try TemporaryDirectory(self)
        let path = dir.sub("ac.sqlite")
        do {
            let cache = try SQLiteActionCache(path: path)
            try cache.record((0..<500).map { (key($0), entry($0, files: 4)) })
        }
        let size = Int(FileIO.info(path)!.size)
        XCTAssertGreaterThan(size, 50_000, "the file has many pages")
        XCTAssertFalse(fileExists(path + "-wal"), "closing checkpointed the WAL")
        truncateFile(path, to: size / 2)
        let events = StoreEvents()
        let cache = try SQLiteActionCache(path: path, quarantineDirectory: dir.sub("q"), events: events)
        XCTAssertEqual(try cache.count(), 0)
        XCTAssertEqual(events.all.count, 1)
        guard case .indexRebuilt? = events.all.first else { return XCTFail("\(events.all)") }
        XCTAssertEqual(FileIO.list(dir.sub("q")).filter { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }.count, 1)
    }

    func testReadOnlyCacheRefusesWritesButReads() throws {
        let dir = try TemporaryDirectory(self)
        let path = dir.sub("ac.sqlite")
        do { try SQLiteActionCache(path: path).record(entry(1), for: key(1)) }
        let cache = try SQLiteActionCache(path: path, readOnly: true)
        XCTAssertNotNil(try cache.entry(for: key(1)))
        XCTAssertThrowsError(try cache.record(entry(2), for: key(2))) { XCTAssertEqual($0 as? CacheError, .readOnlyStore(path: path)) }
        XCTAssertThrowsError(try cache.remove(key(1))) { XCTAssertEqual($0 as? CacheError, .readOnlyStore(path: path)) }
    }

    func testIndexInAMissingFolderIsAClearError() {
        XCTAssertThrowsError(try SQLiteActionCache(path: "/nonexistent-folder/ac.sqlite")) { e in
            guard case let .sqlite(path, code, _)? = e as? CacheError else { return XCTFail("\(e)") }
            XCTAssertEqual(path, "/nonexistent-folder/ac.sqlite")
            XCTAssertEqual(code, SQLITE_CANTOPEN)
        }
    }

    func testIndexDeletedWhileOpenIsReopenedNotWrittenIntoTheVoid() throws {
        let dir = try TemporaryDirectory(self)
        let path = dir.sub("store/ac.sqlite")
        try FileIO.makeDirectories(dir.sub("store"))
        let events = StoreEvents()
        let cache = try SQLiteActionCache(path: path, events: events)
        try cache.record(entry(1), for: key(1))
        try FileManager.default.removeItem(atPath: dir.sub("store"))
        try cache.record(entry(2), for: key(2))
        XCTAssertEqual(try SQLiteActionCache(path: path).entry(for: key(2))?.outputs, entry(2).outputs,
                       "a second connection sees the entry written after the deletion")
        XCTAssertNil(try cache.entry(for: key(1)), "the old file's entries went with it")
        XCTAssertEqual(events.all, [.indexRebuilt(path: path, movedTo: nil, reason: "the file was deleted while in use")])
    }

    func testIndexReplacedByAnotherProcessIsFollowed() throws {
        let dir = try TemporaryDirectory(self)
        let path = dir.sub("ac.sqlite")
        let a = try SQLiteActionCache(path: path)
        try a.record(entry(1), for: key(1))
        // Another process moves the file aside and starts a new one.
        XCTAssertEqual(rename(path, dir.sub("old.sqlite")), 0)
        let b = try SQLiteActionCache(path: path)
        try b.record(entry(2), for: key(2))
        XCTAssertEqual(try a.entry(for: key(2))?.outputs, entry(2).outputs)
        try a.record(entry(3), for: key(3))
        XCTAssertNotNil(try b.entry(for: key(3)))
    }

    /// Four connections (as four CI jobs would have) writing and reading one file at once.
    func testConcurrentConnectionsNeverSeeDatabaseIsLocked() throws {
        let dir = try TemporaryDirectory(self)
        let path = dir.sub("ac.sqlite")
        let writers = 4, perWriter = 200
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: writers) { w in
            do {
                let cache = try SQLiteActionCache(path: path, touchInterval: 0)
                for i in 0..<perWriter {
                    let n = w * perWriter + i
                    try cache.record(entry(n), for: key(n))
                    if try cache.entry(for: key(n))?.outputs != entry(n).outputs { failures.mutate { $0.append("\(n) wrong") } }
                    _ = try cache.entry(for: key((n * 7) % (writers * perWriter)))   // maybe someone else's
                }
            } catch { failures.mutate { $0.append("writer \(w): \(error)") } }
        }
        XCTAssertEqual(failures.value, [])
        let cache = try SQLiteActionCache(path: path)
        XCTAssertEqual(try cache.count(), writers * perWriter)
        for n in 0..<(writers * perWriter) { XCTAssertEqual(try cache.entry(for: key(n))?.outputs, entry(n).outputs) }
        XCTAssertEqual(try cache.quickCheck(), [])
    }

    /// Three real processes (this test bundle re-run with a filter) writing one file at once.
    func testConcurrentProcessesShareOneIndex() throws {
        let runner = ProcessInfo.processInfo.arguments[0]
        guard runner.hasSuffix(".xctest") else { throw XCTSkip("not run by the XCTest runner: \(runner)") }
        let dir = try TemporaryDirectory(self)
        let path = dir.sub("ac.sqlite")
        let children = (0..<3).map { id -> Process in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: runner)
            p.arguments = ["CacheTests.SQLiteActionCacheTests/testChildProcessWriter"]
            p.environment = ProcessInfo.processInfo.environment.merging(["CACHE_TEST_CHILD_DB": path, "CACHE_TEST_CHILD_ID": "\(id)"]) { $1 }
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            return p
        }
        for c in children { try c.run() }
        for c in children { c.waitUntilExit() }
        XCTAssertEqual(children.map(\.terminationStatus), [0, 0, 0])
        let cache = try SQLiteActionCache(path: path)
        XCTAssertEqual(try cache.count(), 3 * 150)
        XCTAssertEqual(try cache.entry(for: key(2 * 1_000 + 149))?.outputs, entry(2 * 1_000 + 149).outputs)
    }

    /// The child side of the test above; does nothing when run directly.
    func testChildProcessWriter() throws {
        let env = ProcessInfo.processInfo.environment
        guard let path = env["CACHE_TEST_CHILD_DB"], let id = env["CACHE_TEST_CHILD_ID"].flatMap(Int.init) else { return }
        let cache = try SQLiteActionCache(path: path)
        for i in 0..<150 {
            let n = id * 1_000 + i
            try cache.record(entry(n), for: key(n))
            XCTAssertNotNil(try cache.entry(for: key(n)))
        }
    }
}

extension SQLiteActionCacheTests {
    /// Batches go to SQLite in key order (the blobs' byte order) and come back in the order asked;
    /// a key given twice in one batch ends with the later entry, whichever way it sorts.
    func testBatchesGoInKeyOrderAndAnswerInTheOrderAsked() throws {
        let keys = (0..<50).map(key) + [key(3)]
        let order = SQLiteActionCache.inKeyOrder(keys)
        XCTAssertEqual(order.map { keys[$0].bytes }, keys.map(\.bytes).sorted { $0.lexicographicallyPrecedes($1) })
        XCTAssertLessThan(try XCTUnwrap(order.firstIndex(of: 3)), try XCTUnwrap(order.firstIndex(of: 50)), "ties in the order given")
        let dir = try TemporaryDirectory(self)
        let cache = try SQLiteActionCache(path: dir.sub("ac.sqlite"))
        try cache.record((0..<50).map { (key($0), entry($0)) } + [(key(3), entry(99))])
        XCTAssertEqual(try cache.entry(for: key(3))?.outputs, entry(99).outputs, "the later of the two")
        try cache.record([(key(4), entry(98)), (key(4), entry(4))])
        XCTAssertEqual(try cache.entry(for: key(4))?.outputs, entry(4).outputs)
        let asked = (0..<50).reversed().map(key) + [key(77), key(7)]
        let answered = try cache.entries(for: asked)
        XCTAssertEqual(answered.map { $0?.outputs }, asked.map { try? cache.entry(for: $0)?.outputs })
        XCTAssertEqual(answered.compactMap { $0 }.count, 51)
        try cache.remove((10..<20).reversed().map(key))
        XCTAssertEqual(try cache.count(), 40)
        XCTAssertNil(try cache.entry(for: key(15)))
    }

    func testBatchEntriesAnswerWhatEntryAnswersAndTouchInOneGo() throws {
        let dir = try TemporaryDirectory(self)
        let clock = ManualClock()
        let cache = try SQLiteActionCache(path: dir.sub("ac.sqlite"), touchInterval: 60_000, clock: clock.closure)
        for n in 0..<5 { try cache.record(entry(n, files: n % 3), for: key(n)) }
        let keys = (0..<7).map(key) + [key(2)]
        let recorded = clock.now
        clock.advance(30_000)
        let batch = try cache.entries(for: keys)
        XCTAssertEqual(batch.map { $0?.outputs }, keys.map { try? cache.entry(for: $0)?.outputs })
        XCTAssertEqual(batch.map { $0?.lastUsedMs }, [recorded, recorded, recorded, recorded, recorded, nil, nil, recorded],
                       "within the interval nothing is written")
        XCTAssertEqual(try cache.entries(for: []).count, 0)
        clock.advance(40_000)
        XCTAssertEqual(try cache.entries(for: keys).map { $0?.lastUsedMs }, [clock.now, clock.now, clock.now, clock.now, clock.now, nil, nil, clock.now])
        XCTAssertEqual(Set(try cache.allEntries().map(\.entry.lastUsedMs)), [clock.now], "the touches were persisted")
    }

    /// One row reader serves every read: a full scan answers, entry by entry, what a lookup by key
    /// answers (outputs in order, none at all, the Plan digest an entry was rendered in).
    func testAllEntriesReadWhatEntryReads() throws {
        let dir = try TemporaryDirectory(self)
        let cache = try SQLiteActionCache(path: dir.sub("ac.sqlite"))
        for n in 0..<6 {
            var e = entry(n, files: n % 4)
            if n % 2 == 0 { e.renderedIn = Digest.of("plan \(n)") }
            try cache.record(e, for: key(n))
        }
        let scanned = try cache.allEntries()
        XCTAssertEqual(Set(scanned.map(\.key)), Set((0..<6).map(key)))
        for (k, e) in scanned { XCTAssertEqual(e, try cache.entry(for: k), "\(k)") }
        XCTAssertEqual(scanned.first { $0.key == key(4) }?.entry.outputs, [], "an entry without outputs")
        XCTAssertEqual(scanned.first { $0.key == key(3) }?.entry.outputs.map(\.path), entry(3, files: 3).outputs.map(\.path))
        XCTAssertEqual(scanned.first { $0.key == key(2) }?.entry.renderedIn, Digest.of("plan 2"))
    }
}
