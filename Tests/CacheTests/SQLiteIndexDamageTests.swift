import Foundation
import XCTest
@testable import Cache

/// Damage that `PRAGMA quick_check` on open does not see: an index whose entries disagree with its
/// table (made here by re-declaring `outputs_digest` over another column through SQLite's
/// writable schema, with Python's sqlite3). `quick_check` says "ok"; the next DELETE of such a row
/// fails with SQLITE_CORRUPT. The store must not be wedged by it.
final class SQLiteIndexDamageTests: XCTestCase {
    private func key(_ n: Int) -> Digest { Digest.of("key \(n)") }

    private func entry(_ n: Int) -> ActionEntry {
        ActionEntry(outputs: [OutputFile(path: "f\(n)", digest: Digest.of("object \(n)"), size: 1, executable: false)], release: "r")
    }

    /// A store with 40 entries whose `outputs_digest` index no longer matches the table.
    static func damagedIndex(at path: String, entries: [(Digest, ActionEntry)]) throws {
        let clock = ManualClock()
        do {
            let cache = try SQLiteActionCache(path: path, clock: clock.closure)
            for (i, (k, e)) in entries.enumerated() {
                clock.advance(Int64(i))
                try cache.record(e, for: k)
            }
        }
        let script = """
        import sqlite3, sys
        c = sqlite3.connect(sys.argv[1])
        c.execute("PRAGMA writable_schema=ON")
        c.execute("UPDATE sqlite_schema SET sql='CREATE INDEX outputs_digest ON outputs(size DESC)' WHERE name='outputs_digest'")
        c.commit()
        c.close()
        c = sqlite3.connect(sys.argv[1])
        print(c.execute("PRAGMA quick_check").fetchone()[0], len(c.execute("PRAGMA integrity_check").fetchall()))
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        // The premise: quick_check passes, integrity_check does not.
        XCTAssertTrue(out.hasPrefix("ok "), out)
        XCTAssertFalse(out.hasPrefix("ok 1\n"), out)
    }

    func testDamageFoundMidRunIsQuarantinedAndTheIndexRebuilt() throws {
        let dir = try TemporaryDirectory(self)
        let path = dir.sub("ac.sqlite")
        try Self.damagedIndex(at: path, entries: (0..<40).map { (key($0), entry($0)) })
        let events = StoreEvents()
        let cache = try SQLiteActionCache(path: path, quarantineDirectory: dir.sub("quarantine"), events: events)
        XCTAssertEqual(try cache.count(), 40, "quick_check on open passed: the index was kept")
        // Deleting rows the damaged index cannot find: SQLITE_CORRUPT inside the statement.
        XCTAssertNoThrow(try cache.remove((0..<40).map(key)))
        XCTAssertEqual(try cache.count(), 0, "the statement ran again on a fresh index")
        XCTAssertTrue(events.all.contains { if case .indexRebuilt = $0 { return true } else { return false } })
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.sub("quarantine")).filter { $0.hasPrefix("ac.sqlite.corrupt-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }.count, 1)
        // The rebuilt index works.
        try cache.record(entry(1), for: key(1))
        XCTAssertEqual(try cache.entry(for: key(1))?.outputs, entry(1).outputs)
    }

    func testVerifyUsesIntegrityCheckAndRebuilds() throws {
        let dir = try TemporaryDirectory(self)
        try FileManager.default.createDirectory(atPath: dir.sub("store"), withIntermediateDirectories: true)
        try Self.damagedIndex(at: dir.sub("store/ac.sqlite"), entries: (0..<40).map { (key($0), entry($0)) })
        let store = try LocalStore(root: dir.sub("store"))
        let report = try store.verify()
        XCTAssertFalse(report.indexProblems.isEmpty, "integrity_check sees what quick_check missed")
        XCTAssertTrue(report.indexProblems.contains { $0.contains("outputs_digest") }, "\(report.indexProblems)")
        XCTAssertNotNil(report.indexRebuiltTo)
        XCTAssertTrue(try store.verify().isClean, "a second verify finds a sound, empty index")
    }
}
