import StoreModel
import Foundation
import XCTest
@testable import Tasks

/// `Materializer.unchanged` and the memo's binding to the state: what a tree must be for a
/// compile to stop at a stat, and the racily clean rule on that path.
final class MaterializerMemoTests: XCTestCase {
    private var dir: String!
    private var out: String { dir + "/out" }
    private var objects: [Digest: [UInt8]] = [:]

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("memo-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private func files(_ n: Int) -> [TreeFile] {
        (0 ..< n).map { i in
            let b = Array("file \(i)\n".utf8)
            objects[Digest.of(b)] = b
            return TreeFile(path: "d\(i % 3)/f\(i).txt", digest: Digest.of(b), mode: i == 0 ? .executable : .regular, size: UInt64(b.count))
        }
    }

    private func apply(_ files: [TreeFile]) throws -> MaterializeReport {
        try Materializer(root: out).apply(files) { d in self.objects[d]! }
    }

    private var statePath: String { out + "/" + Materializer.stateFile }

    private func stateDigest() throws -> Digest { Digest.of(try XCTUnwrap(FileManager.default.contents(atPath: statePath))) }

    /// Sets the state file's mtime: `old` (before every file: all of them racy) or a minute on.
    private func ageState(old: Bool) {
        let when = timespec(tv_sec: old ? 1_000_000 : time(nil) + 60, tv_nsec: 0)
        var t = [when, when]
        XCTAssertEqual(utimensat(AT_FDCWD, statePath, &t, 0), 0)
    }

    func testTheReportNamesTheStateItLeft() throws {
        let report = try apply(files(5))
        XCTAssertEqual(report.stateDigest, try stateDigest())
        // A run that leaves the state as it was names the same bytes.
        ageState(old: false)
        XCTAssertEqual(try apply(files(5)).stateDigest, try stateDigest())
        XCTAssertEqual(try apply(files(4)).stateDigest, try stateDigest(), "a changed state is named too")
    }

    func testAnUnchangedTreeIsSeenByStatAndOnlyAsTheDigestNames() throws {
        _ = try apply(files(7))
        ageState(old: false)
        let m = Materializer(root: out)
        XCTAssertEqual(m.unchanged(stateDigest: try stateDigest()), 7)
        XCTAssertNil(m.unchanged(stateDigest: Digest.of([1])), "another state's digest")
        XCTAssertNil(Materializer(root: dir + "/nowhere").unchanged(stateDigest: try stateDigest()))
    }

    /// The state read ahead (`unchanged(stateDigest:read:)`, as a compile reads it from its
    /// start) gives the answer the state read now gives: the tree as recorded, an edit seen, and a
    /// state replaced since it was read (or read for another digest) checked as it is now.
    func testAStateReadAheadAnswersAsTheStateReadNow() throws {
        let all = try settledTree(7)
        let m = Materializer(root: out)
        let ahead = m.loadPrevious(digesting: true)
        XCTAssertEqual(m.unchanged(stateDigest: try stateDigest(), read: ahead), 7)
        XCTAssertNil(m.unchanged(stateDigest: Digest.of([1]), read: ahead), "another state's digest")

        // Replaced since it was read: the state there now answers (its own files).
        _ = try apply(Array(all.dropLast(2)))
        ageState(old: false)
        XCTAssertEqual(m.unchanged(stateDigest: try stateDigest(), read: ahead), 5, "the state replaced since it was read")

        // Read ahead, then a file edited: a no.
        let fresh = m.loadPrevious(digesting: true)
        try Data("edited\n".utf8).write(to: URL(fileURLWithPath: out + "/" + all[2].path))
        XCTAssertNil(m.unchanged(stateDigest: try stateDigest(), read: fresh), "edited after the state was read")
        XCTAssertNil(m.unchanged(stateDigest: try stateDigest()), "as the plain check says")
    }

    /// Files as recent as the state are hashed: right bytes pass, up to the limit; bytes the
    /// stat facts cannot tell apart (recorded here by a state that names another digest with
    /// the file's own facts) do not. Older files are trusted on their facts, as `apply` trusts them.
    func testRacyFilesAreHashedUpToTheLimit() throws {
        _ = try apply(files(6))
        ageState(old: true)
        let m = Materializer(root: out)
        XCTAssertEqual(m.unchanged(stateDigest: try stateDigest()), 6, "every racy file hashed to its digest")
        XCTAssertNil(m.unchanged(stateDigest: try stateDigest(), racyLimit: 5), "more racy files than the limit")

        // The same facts, another digest: what an edit within the state's clock tick looks like.
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: statePath))
        var entries = try XCTUnwrap(OutputStateCodec.decode(Array(bytes)))
        entries[2].digest = Digest.of(Array("someone else's bytes".utf8))
        let forged = OutputStateCodec.encode(entries)
        try Data(forged).write(to: URL(fileURLWithPath: statePath))
        ageState(old: true)
        XCTAssertNil(m.unchanged(stateDigest: Digest.of(forged)), "a racy file's bytes were not hashed")
        ageState(old: false)
        XCTAssertEqual(m.unchanged(stateDigest: Digest.of(forged)), 6, "an older file is trusted on its stat facts")
    }

    func testAnyOtherTreeIsANo() throws {
        let m = Materializer(root: out)
        func no(_ what: String, _ change: () throws -> Void) throws {
            _ = try apply(files(5))
            ageState(old: false)
            XCTAssertEqual(m.unchanged(stateDigest: try stateDigest()), 5, what)
            try change()
            XCTAssertNil(m.unchanged(stateDigest: try stateDigest()), what)
        }
        try no("removed") { try FileManager.default.removeItem(atPath: out + "/d1/f1.txt") }
        try no("mode") { XCTAssertEqual(chmod(out + "/d0/f0.txt", 0o644), 0) }
        try no("touched") { XCTAssertEqual(utimensat(AT_FDCWD, out + "/d2/f2.txt", nil, 0), 0) }
        try no("a link in place") {
            try FileManager.default.removeItem(atPath: out + "/d1/f4.txt")
            try FileManager.default.createSymbolicLink(atPath: out + "/d1/f4.txt", withDestinationPath: out + "/d0/f3.txt")
        }
        try FileManager.default.removeItem(atPath: out + "/d1/f4.txt")
        try no("a journal") { try Data("x".utf8).write(to: URL(fileURLWithPath: out + "/.orchestrate/journal.json")) }
    }

    /// Files are made with their mode under the umask read once; a stricter umask set since
    /// still leaves every file with its mode.
    func testModesHoldUnderAUmaskChangedAfterStart() throws {
        _ = Materializer.umaskBits
        let old = umask(0o077)
        XCTAssertEqual(Materializer.readUmask(), 0o077, "read from /proc/self/status")
        defer { umask(old) }
        let written = files(4)
        _ = try apply(written)
        for f in written {
            var st = stat()
            XCTAssertEqual(stat(out + "/" + f.path, &st), 0)
            XCTAssertEqual(st.st_mode & 0o7777, mode_t(f.mode.rawValue), f.path)
        }
    }

    /// A state only the full JSON decoder reads (another writer's layout) is written again in the
    /// shape the memo's check reads, by the next run, even when nothing else changed.
    func testAStateInAnotherLayoutIsWrittenAgain() throws {
        let written = files(3)
        _ = try apply(written)
        let entries = try XCTUnwrap(OutputStateCodec.decode(Array(try XCTUnwrap(FileManager.default.contents(atPath: statePath)))))
        let object: [String: Any] = ["schema": OutputStateCodec.schema, "files": entries.map { e -> [String: Any] in
            ["path": e.path, "digest": e.digest.hex, "mode": Int(e.mode), "size": Int(e.size), "mtimeNs": e.mtimeNs,
             "inode": Int(e.inode), "ctimeNs": e.ctimeNs ?? 0]
        }]
        let pretty = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted])
        try pretty.write(to: URL(fileURLWithPath: statePath))
        ageState(old: false)
        XCTAssertNil(OutputStateCodec.decode(Array(pretty)), "the fast reader does not read it")
        XCTAssertNil(Materializer(root: out).unchanged(stateDigest: Digest.of(Array(pretty))))
        let report = try apply(written)
        XCTAssertEqual(report.unchanged, 3, "read by the full decoder: nothing written but the state")
        let again = Array(try XCTUnwrap(FileManager.default.contents(atPath: statePath)))
        XCTAssertEqual(OutputStateCodec.decode(again)?.count, 3)
        XCTAssertEqual(report.stateDigest, Digest.of(again))
    }

    func testTheMemoIsWrittenOnlyOverTheStateItNames() throws {
        _ = try apply(files(3))
        let m = Materializer(root: out)
        let d = try stateDigest()
        XCTAssertFalse(try m.writeMemo(Array("other".utf8), stateDigest: Digest.of([9])))
        XCTAssertNil(m.readMemo())
        XCTAssertTrue(try m.writeMemo(Array("memo".utf8), stateDigest: d))
        XCTAssertEqual(m.readMemo(), Array("memo".utf8))
        _ = try apply(files(2))
        XCTAssertFalse(try m.writeMemo(Array("late".utf8), stateDigest: d), "another run replaced the state since")
        XCTAssertEqual(m.readMemo(), Array("memo".utf8))
        XCTAssertFalse(try Materializer(root: dir + "/nowhere").writeMemo([1], stateDigest: d))
    }

    // MARK: applyChanges

    /// A tree of `n` files, applied, with the state aged past them (so the stat facts are trusted).
    private func settledTree(_ n: Int) throws -> [TreeFile] {
        let all = files(n)
        _ = try apply(all)
        ageState(old: false)
        return all
    }

    private func changedFile(_ f: TreeFile, _ text: String) -> TreeFile {
        let b = Array(text.utf8)
        objects[Digest.of(b)] = b
        return TreeFile(path: f.path, digest: Digest.of(b), mode: f.mode, size: UInt64(b.count))
    }

    private func stateEntries() throws -> [OutputState] {
        try XCTUnwrap(OutputStateCodec.decode(Array(try XCTUnwrap(FileManager.default.contents(atPath: statePath)))))
    }

    /// Only the given files are written; the others stay recorded as they were (entry for entry),
    /// the state names the new bytes, and `unchanged` finds the tree as that state records it.
    func testApplyingChangesWritesThemAndKeepsEveryOtherEntry() throws {
        let all = try settledTree(9)
        let before = try stateEntries()
        let m = Materializer(root: out)
        let changed = [changedFile(all[4], "four, changed\n"), changedFile(all[7], "seven\n")]
        let report = try m.applyChanges(changed, previous: m.loadPrevious(digesting: true), available: { _ in true }) { .bytes(self.objects[$0]!) }
        XCTAssertEqual(report.written, changed.map(\.path).sorted())
        XCTAssertEqual(report.unchanged, 7)
        let after = try stateEntries()
        XCTAssertEqual(after.map(\.path), before.map(\.path), "the same files, in the same order")
        for (a, b) in zip(before, after) where !changed.contains(where: { $0.path == a.path }) { XCTAssertEqual(a, b) }
        for c in changed { XCTAssertEqual(after.first { $0.path == c.path }?.digest, c.digest) }
        XCTAssertEqual(report.stateDigest, try stateDigest())
        XCTAssertEqual(try String(contentsOfFile: out + "/" + all[4].path, encoding: .utf8), "four, changed\n")
        ageState(old: false)
        XCTAssertEqual(m.unchanged(stateDigest: try stateDigest()), 9)
    }

    /// Another file edited, or missing, or the state replaced after it was read, or a journal
    /// left: nothing is written and the state is as it was.
    func testApplyingChangesRefusesATreeItCannotVouchFor() throws {
        let all = try settledTree(6)
        let m = Materializer(root: out)
        let changed = [changedFile(all[1], "one, changed\n")]
        func attempt(_ what: String, previous: Materializer.Previous? = nil, available: @escaping (Digest) -> Bool = { _ in true }) throws {
            let state = try XCTUnwrap(FileManager.default.contents(atPath: statePath))
            let read = previous ?? m.loadPrevious(digesting: true)
            XCTAssertThrowsError(try m.applyChanges(changed, previous: read, available: available) { .bytes(self.objects[$0]!) }, what) {
                XCTAssertTrue($0 is Materializer.Unavailable, "\(what): \($0)")
            }
            XCTAssertEqual(FileManager.default.contents(atPath: statePath), state, "\(what): the state is as it was")
            XCTAssertEqual(try String(contentsOfFile: out + "/" + all[1].path, encoding: .utf8), "file 1\n", "\(what): nothing written")
        }
        try attempt("its bytes are not at hand", available: { _ in false })
        let other = out + "/" + all[3].path
        try Data("edited\n".utf8).write(to: URL(fileURLWithPath: other))
        try attempt("another file edited")
        try FileManager.default.removeItem(atPath: other)
        try attempt("another file missing")
        _ = try apply(all)
        ageState(old: false)
        let read = m.loadPrevious(digesting: true)
        _ = try apply(all.dropLast())
        try attempt("the state replaced since it was read", previous: read)
        _ = try apply(all)
        ageState(old: false)
        try Data(OutputStateCodec.encode([], schema: OutputStateCodec.journalSchema))
            .write(to: URL(fileURLWithPath: out + "/" + Materializer.stateDirectory + "/" + Materializer.journalFileName))
        try attempt("a run was interrupted")
    }

    /// A check ahead (`checkingRecorded`) spares `applyChanges` the stat of what it found as
    /// recorded; a file edited after it is kept recorded as it was, so the next check finds it.
    /// What the check found changed is not trusted: the run is refused.
    func testACheckAheadIsTrustedOnlyForWhatItFoundAsRecorded() throws {
        let all = try settledTree(6)
        let m = Materializer(root: out)
        let checked = m.checkingRecorded(m.loadPrevious(digesting: true))
        XCTAssertEqual(checked.checked?.count, 6)
        XCTAssertEqual(checked.checked?.allSatisfy { $0 == .clean }, true)
        // Edited after the check (size kept, mtime moved on): not seen by this run.
        let edited = out + "/" + all[3].path
        try Data("file X\n".utf8).write(to: URL(fileURLWithPath: edited))
        let changed = [changedFile(all[1], "one, changed\n")]
        _ = try m.applyChanges(changed, previous: checked, available: { _ in true }) { .bytes(self.objects[$0]!) }
        ageState(old: false)
        XCTAssertNil(m.unchanged(stateDigest: try stateDigest()), "the next check finds the edit")
        XCTAssertEqual(try apply(all.enumerated().map { $0.offset == 1 ? changed[0] : $0.element }).keptEdited, [all[3].path])

        // Found changed by the check: refused, nothing written.
        let again = try settledTree(6)
        try Data("file Y\n".utf8).write(to: URL(fileURLWithPath: out + "/" + again[4].path))
        let seen = m.checkingRecorded(m.loadPrevious(digesting: true))
        XCTAssertTrue(seen.checked?.contains(.changed) ?? false)
        let state = FileManager.default.contents(atPath: statePath)
        XCTAssertThrowsError(try m.applyChanges([changedFile(again[1], "one, again\n")], previous: seen, available: { _ in true }) {
            .bytes(self.objects[$0]!)
        })
        XCTAssertEqual(FileManager.default.contents(atPath: statePath), state)
    }

    /// No check ahead while another run holds the lock, has left a journal, or replaced the state.
    func testNoCheckAheadBesideAnotherRun() throws {
        _ = try settledTree(4)
        let m = Materializer(root: out)
        let fd = open(out + "/" + Materializer.stateDirectory, O_RDONLY | O_DIRECTORY)
        XCTAssertEqual(flock(fd, LOCK_EX), 0)
        XCTAssertNil(m.checkingRecorded(m.loadPrevious(digesting: true)).checked, "the lock is held")
        close(fd)
        let read = m.loadPrevious(digesting: true)
        _ = try apply(files(3))
        XCTAssertNil(m.checkingRecorded(read).checked, "the state was replaced")
        ageState(old: false)
        try Data(OutputStateCodec.encode([], schema: OutputStateCodec.journalSchema))
            .write(to: URL(fileURLWithPath: out + "/" + Materializer.stateDirectory + "/" + Materializer.journalFileName))
        XCTAssertNil(m.checkingRecorded(m.loadPrevious(digesting: true)).checked, "a journal was left")
    }
}
