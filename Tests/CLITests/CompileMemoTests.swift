import Foundation
import Cache
@testable import Pipeline
import Tasks
import XCTest
@testable import CLI

/// The compile memo (`CompileMemo`): a run whose inputs and tree are those the last run left says
/// "up to date" without the store; every other run is a full one, and the tree it leaves is the
/// one the inputs give.
final class CompileMemoTests: XCTestCase {
    private var h: CLIHarness!

    override func setUpWithError() throws { h = try CLIHarness() }
    override func tearDown() { h.cleanUp() }

    private let upToDate = "up to date"

    /// Files written in the same clock tick as the state file are not trusted on their stat facts
    /// (the racily clean rule): a hit hashes up to 64 of them, and past that the run goes in full,
    /// once, to age the state. A run a tick later leaves it settled either way.
    private func settle(_ args: [String]) {
        usleep(30_000)
        XCTAssertEqual(h.run(args), 0, h.err)
    }
    private func path(_ p: String) -> String { h.root + "/" + p }

    private func copyFieldGuide() throws {
        try FileManager.default.copyItem(atPath: NativeExtensionCommandTests.example.path, toPath: path("app"))
    }

    private func compile(_ more: String...) -> Int32 {
        h.run(["compile", "app/field-guide.plan.json", "--out", "out", "--store", "store"] + more)
    }

    /// A hit reads nothing from the store: with its contents moved away it still answers, and
    /// neither the store nor the tree is touched. A store that is gone (or not a directory), another
    /// store, another remote or read-only uploads are full runs (which fill the store or say
    /// what is wrong with it). `--full` runs every stage.
    func testAHitNeedsNoStoreContentsAndAnotherStoreOrRemoteRunsInFull() throws {
        try copyFieldGuide()
        XCTAssertEqual(compile(), 0, h.err)
        XCTAssertFalse(h.out.contains(upToDate), h.out)
        let tree = h.tree("out")
        XCTAssertNotNil(h.read("out/" + Materializer.memoFile))
        settle(["compile", "app/field-guide.plan.json", "--out", "out", "--store", "store"])
        try FileManager.default.moveItem(atPath: path("store"), toPath: path("store-away"))
        try FileManager.default.createDirectory(atPath: path("store"), withIntermediateDirectories: false)

        XCTAssertEqual(compile(), 0, h.err)
        XCTAssertTrue(h.out.contains(upToDate), h.out)
        XCTAssertTrue(h.out.contains("\(tree.count) unchanged"), h.out)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("store")), [], "a hit opened the store")
        XCTAssertEqual(h.tree("out"), tree)

        // A mistake in the remote options is said on a hit too (nothing is contacted either way).
        XCTAssertEqual(compile("--remote", "http://127.0.0.1:9/c", "--remote-key-file", "missing.key"), 66, h.err)
        XCTAssertTrue(h.err.contains("missing.key"), h.err)

        try FileManager.default.removeItem(atPath: path("store"))
        XCTAssertEqual(compile(), 0, h.err)
        XCTAssertFalse(h.out.contains(upToDate), "the store is gone: \(h.out)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("store/ac.sqlite")), "the full run made it again")
        XCTAssertEqual(h.tree("out"), tree)

        try FileManager.default.moveItem(atPath: path("store"), toPath: path("store-2"))
        try Data("a file".utf8).write(to: URL(fileURLWithPath: path("store")))
        XCTAssertEqual(compile(), 74, "a file where the store should be is said, memo or not: \(h.out)")
        try FileManager.default.removeItem(atPath: path("store"))
        try FileManager.default.moveItem(atPath: path("store-2"), toPath: path("store"))

        for (what, more) in [("another store", ["--store", "other"]), ("a remote", ["--store", "store", "--remote", "http://127.0.0.1:9/c"]),
                             ("read-only uploads", ["--store", "store", "--remote", "http://127.0.0.1:9/c", "--remote-upload=false"])] {
            settle(["compile", "app/field-guide.plan.json", "--out", "out", "--store", "store"])
            XCTAssertEqual(h.run(["compile", "app/field-guide.plan.json", "--out", "out"] + more), 0, h.err)
            XCTAssertFalse(h.out.contains(upToDate), "\(what): \(h.out)")
        }

        settle(["compile", "app/field-guide.plan.json", "--out", "out", "--store", "store"])
        XCTAssertEqual(compile(), 0, h.err)
        XCTAssertTrue(h.out.contains(upToDate), h.out)
        XCTAssertEqual(compile("--full"), 0, h.err)
        XCTAssertFalse(h.out.contains(upToDate), h.out)
        XCTAssertTrue(h.out.contains(" 0 rendered") && h.out.contains("0 written"), h.out)
        XCTAssertEqual(h.tree("out"), tree)
    }

    /// A memo answers for an hour after its run; then one full run (which marks the store's
    /// entries as used) records a new one.
    func testAMemoAnswersForAnHour() throws {
        XCTAssertEqual(h.run("compile", "--demo", "4", "--out", "out", "--store", "s"), 0, h.err)
        settle(["compile", "--demo", "4", "--out", "out", "--store", "s"])
        let record = try JSONDecoder().decode(CompileMemo.Record.self, from: Data(contentsOf: URL(fileURLWithPath: path("out/" + Materializer.memoFile))))
        let recorded = Date(timeIntervalSince1970: Double(record.recordedMs) / 1000)
        XCTAssertNotNil(CompileMemo.hit(record.fingerprint, out: path("out"), now: recorded.addingTimeInterval(60)))
        XCTAssertNotNil(CompileMemo.hit(record.fingerprint, out: path("out"), now: recorded.addingTimeInterval(CompileMemo.maxAge - 1)))
        XCTAssertNil(CompileMemo.hit(record.fingerprint, out: path("out"), now: recorded.addingTimeInterval(CompileMemo.maxAge + 1)))
        XCTAssertNil(CompileMemo.hit(record.fingerprint, out: path("out"), now: recorded.addingTimeInterval(-3600)), "a clock set back")
    }

    /// Each input is in the fingerprint: a changed Plan byte, an added native file or a changed one
    /// is a full run, and the tree is the one a first compile of the new inputs gives.
    func testEveryInputChangeRunsInFull() throws {
        try copyFieldGuide()
        XCTAssertEqual(compile(), 0, h.err)
        let native = path("app/native/ios/Extensions")
        try FileManager.default.createDirectory(atPath: native, withIntermediateDirectories: true)

        func expectFull(_ what: String) throws {
            XCTAssertEqual(compile(), 0, h.err)
            XCTAssertFalse(h.out.contains(upToDate), "\(what): \(h.out)")
            XCTAssertEqual(h.run("compile", "app/field-guide.plan.json", "--out", "fresh-\(what)", "--store", "store"), 0, h.err)
            XCTAssertEqual(h.tree("out"), h.tree("fresh-\(what)"), what)
            settle(["compile", "app/field-guide.plan.json", "--out", "out", "--store", "store"])
            XCTAssertEqual(compile(), 0, h.err)
            XCTAssertTrue(h.out.contains(upToDate), "\(what), again: \(h.out)")
        }
        let plan = try XCTUnwrap(h.read("app/field-guide.plan.json"))
        try Data(plan.replacingOccurrences(of: "\"Field Guide\"", with: "\"Field Guide 2\"").utf8).write(to: URL(fileURLWithPath: path("app/field-guide.plan.json")))
        XCTAssertNotEqual(h.read("app/field-guide.plan.json"), plan, "the example's title changed")
        try expectFull("plan")
        try Data("import UIKit\n".utf8).write(to: URL(fileURLWithPath: native + "/Added.swift"))
        try expectFull("native-added")
        try Data("import UIKit\n// changed\n".utf8).write(to: URL(fileURLWithPath: native + "/Added.swift"))
        try expectFull("native-changed")
    }

    /// The fingerprint covers the tool: another build's identity, the same inputs, is another
    /// fingerprint, so its memo is never this build's hit.
    func testTheToolIsInTheFingerprint() throws {
        let source = CompileSource.demo(count: 4, variant: 0)
        let a = try XCTUnwrap(CompileMemo.fingerprint(source, tool: Array("build-id:a".utf8)))
        XCTAssertEqual(CompileMemo.fingerprint(source, tool: Array("build-id:a".utf8)), a)
        XCTAssertNotEqual(CompileMemo.fingerprint(source, tool: Array("build-id:b".utf8)), a)
        XCTAssertNil(CompileMemo.fingerprint(source, tool: nil), "no identity, no memo")
        XCTAssertNotEqual(CompileMemo.fingerprint(.demo(count: 4, variant: 1), tool: Array("build-id:a".utf8)), a)

        XCTAssertNotEqual(CompileMemo.fingerprint(source, tool: Array("build-id:a".utf8), context: ["store s"]), a, "the run's context too")

        XCTAssertEqual(h.run("compile", "--demo", "4", "--out", "out", "--store", "s"), 0, h.err)
        settle(["compile", "--demo", "4", "--out", "out", "--store", "s"])
        let context = ["store " + path("s"), "remote ", "uploads"]
        XCTAssertNotNil(CompileMemo.hit(try XCTUnwrap(CompileMemo.fingerprint(source, context: context)), out: path("out")))
        XCTAssertNil(CompileMemo.hit(try XCTUnwrap(CompileMemo.fingerprint(source)), out: path("out")))
        XCTAssertNil(CompileMemo.hit(a, out: path("out")))
    }

    /// Anything in the tree other than as the state records it is a full run: an edit that keeps
    /// size and mtime (the ctime moves), a deleted file, a mode change, a journal (an interrupted
    /// run). Files as recent as the state file (the racily clean rule) are hashed
    /// (`MaterializerMemoTests` has the forged-state case).
    func testATreeNotAsLeftRunsInFull() throws {
        XCTAssertEqual(h.run("compile", "--demo", "8", "--out", "out", "--store", "s"), 0, h.err)
        let file = path("out/ios/d0/f0.txt")
        let args = ["compile", "--demo", "8", "--out", "out", "--store", "s"]
        func noop() -> Bool {
            XCTAssertEqual(h.run(args), 0, h.err)
            return h.out.contains(upToDate)
        }
        /// A no-op after the state settled is a hit.
        func hit() -> Bool {
            settle(args)
            return noop()
        }
        XCTAssertTrue(hit(), h.out)

        // Same size, mtime set back: only the ctime tells.
        var before = stat()
        XCTAssertEqual(stat(file, &before), 0)
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: file))
        try Data(bytes.map { $0 == UInt8(ascii: "a") ? UInt8(ascii: "b") : $0 }).write(to: URL(fileURLWithPath: file))
        var times = [before.st_atim, before.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, file, &times, 0), 0)
        XCTAssertFalse(noop(), "a same-size edit with its mtime restored was trusted: \(h.out)")
        XCTAssertTrue(h.err.contains("ios/d0/f0.txt was edited"), h.err)
        XCTAssertEqual(h.run("compile", "--demo", "8", "--out", "out", "--store", "s", "--force"), 0, h.err)
        XCTAssertTrue(hit(), h.out)

        try FileManager.default.removeItem(atPath: file)
        XCTAssertFalse(noop(), h.out)
        XCTAssertTrue(h.out.contains("1 written"), h.out)
        XCTAssertTrue(hit(), h.out)

        var now = stat()
        XCTAssertEqual(stat(file, &now), 0)
        XCTAssertEqual(chmod(file, now.st_mode & 0o111 != 0 ? 0o644 : 0o755), 0)
        XCTAssertFalse(noop(), h.out)
        XCTAssertTrue(h.out.contains("1 mode changed"), h.out)
        XCTAssertTrue(hit(), h.out)

        try Data("{}".utf8).write(to: URL(fileURLWithPath: path("out/.orchestrate/journal.json")))
        XCTAssertFalse(noop(), h.out)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out/.orchestrate/journal.json")))
        XCTAssertTrue(hit(), h.out)

        // The state file made older than every file: none of them is trusted on its stat facts;
        // each is hashed (8 are within the limit), and an edit the facts cannot show is found.
        var old = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, path("out/" + Materializer.stateFile), &old, 0), 0)
        XCTAssertTrue(noop(), "racy files with their bytes: \(h.out)")
        XCTAssertEqual(try h.tree("out").count, 8)
    }

    /// The memo is bound to the state its run left: a memo put back after another run replaced
    /// the state (an older orchestrate, a run killed between the two writes) is no hit, and the
    /// tree becomes the inputs' again.
    func testAMemoFromBeforeAnotherRunIsNoHit() throws {
        XCTAssertEqual(h.run("compile", "--demo", "6", "--out", "out", "--store", "s"), 0, h.err)
        let six = h.tree("out")
        let memo = try XCTUnwrap(FileManager.default.contents(atPath: path("out/" + Materializer.memoFile)))
        XCTAssertEqual(h.run("compile", "--demo", "3", "--out", "out", "--store", "s"), 0, h.err)
        XCTAssertNotEqual(h.tree("out"), six)
        try memo.write(to: URL(fileURLWithPath: path("out/" + Materializer.memoFile)))
        XCTAssertEqual(h.run("compile", "--demo", "6", "--out", "out", "--store", "s"), 0, h.err)
        XCTAssertFalse(h.out.contains(upToDate), h.out)
        XCTAssertEqual(h.tree("out"), six)

        // A memo that is not one (truncated, another program's) is no hit either.
        try Data("{\"schema\":".utf8).write(to: URL(fileURLWithPath: path("out/" + Materializer.memoFile)))
        XCTAssertEqual(h.run("compile", "--demo", "6", "--out", "out", "--store", "s"), 0, h.err)
        XCTAssertFalse(h.out.contains(upToDate), h.out)
        settle(["compile", "--demo", "6", "--out", "out", "--store", "s"])
        XCTAssertEqual(h.run("compile", "--demo", "6", "--out", "out", "--store", "s"), 0, h.err)
        XCTAssertTrue(h.out.contains(upToDate), h.out)
    }

    /// A hit says what the full run said about the Plan (its warnings and gaps), and a run asked
    /// for a summary or an SLSA statement runs in full and writes it.
    func testAHitSaysTheWarningsAgainAndSummaryOrSLSARunInFull() throws {
        try copyFieldGuide()
        try Data("notes".utf8).write(to: URL(fileURLWithPath: path("app/native/ios/notes.txt")))
        XCTAssertEqual(compile(), 0, h.err)
        let said = h.err
        XCTAssertTrue(said.contains("warning[native.file.ignored]"), said)
        settle(["compile", "app/field-guide.plan.json", "--out", "out", "--store", "store"])
        XCTAssertEqual(compile(), 0, h.err)
        XCTAssertTrue(h.out.contains(upToDate), h.out)
        XCTAssertEqual(h.err, said)

        XCTAssertEqual(compile("--summary", "s.json"), 0, h.err)
        XCTAssertFalse(h.out.contains(upToDate), h.out)
        XCTAssertNotNil(h.read("s.json"))
        XCTAssertEqual(compile("--slsa", "p.json"), 0, h.err)
        XCTAssertFalse(h.out.contains(upToDate), h.out)
        XCTAssertNotNil(h.read("p.json"))
    }

    /// The tool identity is the executable's GNU build ID, as `readelf -n` prints it, then the
    /// shared objects mapped into the process, each by path and build ID.
    func testTheToolIdentityIsTheBuildIDAndTheSharedObjects() throws {
        let id = try XCTUnwrap(ToolIdentity.buildID(), "this test binary has no build ID")
        let current = try XCTUnwrap(ToolIdentity.current)
        XCTAssertTrue(current.starts(with: Array("build-id:".utf8) + id))
        let text = String(decoding: current, as: UTF8.self)
        XCTAssertTrue(text.contains("/libswiftCore.so="), "the Swift runtime this test runs on")
        XCTAssertNil(ToolIdentity.buildID(path: #filePath), "a Swift source is no ELF file")

        // A map names each object once, sorted by path; one without a build ID by its stat facts.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("maps-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let core = try XCTUnwrap(text.components(separatedBy: "\nso:").first { $0.contains("/libswiftCore.so=") })
        let corePath = String(core.prefix { $0 != "=" })
        let fake = scratch + "/libfake.so"
        try "not an ELF file".write(toFile: fake, atomically: true, encoding: .utf8)
        try """
        7f00-7f01 r--p 00000000 08:01 1 \(fake)
        7f01-7f02 r--p 00000000 08:01 2 \(corePath)
        7f02-7f03 r-xp 00001000 08:01 2 \(corePath)
        7f05-7f06 rw-p 00000000 00:00 0 [heap]
        """.write(toFile: scratch + "/maps", atomically: true, encoding: .utf8)
        let objects = String(decoding: ToolIdentity.sharedObjects(maps: scratch + "/maps"), as: UTF8.self)
        let names = objects.components(separatedBy: "\nso:").dropFirst().map { String($0.prefix { $0 != "=" }) }
        XCTAssertEqual(names, [corePath, fake].sorted())
        XCTAssertTrue(objects.contains("\nso:\(fake)=exe-stat:"), objects)
        XCTAssertTrue(objects.contains("\nso:\(corePath)=") && !objects.contains("\(corePath)=exe-stat:"), "by its build ID")

        guard let readelf = ["/usr/bin/readelf", "/usr/local/bin/readelf"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("readelf is not installed")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: readelf)
        p.arguments = ["-n", "/proc/\(getpid())/exe"]
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let notes = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertTrue(notes.contains("Build ID: " + Digest.hex(id)), notes)
    }
}
