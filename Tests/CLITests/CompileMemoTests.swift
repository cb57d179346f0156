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

    /// A hit reads nothing from the store: with the store deleted it still answers, and the tree is
    /// untouched. `--full` runs every stage (and, the store gone, renders everything again).
    func testAHitNeedsNeitherTheStoreNorAnyRenderAndFullRunsEveryStage() throws {
        try copyFieldGuide()
        XCTAssertEqual(compile(), 0, h.err)
        XCTAssertFalse(h.out.contains(upToDate), h.out)
        let tree = h.tree("out")
        XCTAssertNotNil(h.read("out/" + Materializer.memoFile))
        settle(["compile", "app/field-guide.plan.json", "--out", "out", "--store", "store"])
        try FileManager.default.removeItem(atPath: path("store"))

        XCTAssertEqual(compile(), 0, h.err)
        XCTAssertTrue(h.out.contains(upToDate), h.out)
        XCTAssertTrue(h.out.contains("\(tree.count) unchanged"), h.out)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("store")), "a hit opened the store")
        XCTAssertEqual(h.tree("out"), tree)

        // A mistake in the remote options is said on a hit too (nothing is contacted either way).
        XCTAssertEqual(compile("--remote", "http://127.0.0.1:9/c", "--remote-key-file", "missing.key"), 66, h.err)
        XCTAssertTrue(h.err.contains("missing.key"), h.err)
        XCTAssertEqual(compile("--remote", "http://127.0.0.1:9/c"), 0, h.err)
        XCTAssertTrue(h.out.contains(upToDate), h.out)

        XCTAssertEqual(compile("--full"), 0, h.err)
        XCTAssertFalse(h.out.contains(upToDate), h.out)
        XCTAssertFalse(h.out.contains(" 0 rendered"), h.out)
        XCTAssertTrue(h.out.contains("0 written"), h.out)
        XCTAssertEqual(h.tree("out"), tree)
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

        XCTAssertEqual(h.run("compile", "--demo", "4", "--out", "out", "--store", "s"), 0, h.err)
        settle(["compile", "--demo", "4", "--out", "out", "--store", "s"])
        XCTAssertNotNil(CompileMemo.hit(try XCTUnwrap(CompileMemo.fingerprint(source)), out: path("out")))
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

    /// The tool identity is the executable's GNU build ID, as `readelf -n` prints it.
    func testTheToolIdentityIsTheBuildID() throws {
        let id = try XCTUnwrap(ToolIdentity.buildID(), "this test binary has no build ID")
        XCTAssertEqual(ToolIdentity.current, Array("build-id:".utf8) + id)
        XCTAssertNil(ToolIdentity.buildID(path: #filePath), "a Swift source is no ELF file")
        guard let readelf = ["/usr/bin/readelf", "/usr/local/bin/readelf"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("readelf is not installed")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: readelf)
        p.arguments = ["-n", "/proc/\(getpid())/exe"]
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertTrue(text.contains("Build ID: " + Digest.hex(id)), text)
    }
}
