import Cache
import Foundation
import Tasks
import XCTest
@testable import CLI

final class CLITests: XCTestCase {
    private var h: CLIHarness!

    override func setUpWithError() throws { h = try CLIHarness() }
    override func tearDown() { h.cleanUp() }

    func testHelpVersionAndUnknownCommand() {
        XCTAssertEqual(h.run("--help"), 0)
        for c in CLI.commands { XCTAssertTrue(h.out.contains(c.name), c.name) }
        XCTAssertEqual(h.run("--version"), 0)
        XCTAssertEqual(h.out, "orchestrate \(CLI.version)\n")
        XCTAssertEqual(h.run("help", "compile"), 0)
        XCTAssertTrue(h.out.hasPrefix("usage: orchestrate compile"))
        XCTAssertEqual(h.run("compile", "--help"), 0)
        XCTAssertTrue(h.out.hasPrefix("usage: orchestrate compile"))
        XCTAssertEqual(h.run("frobnicate"), 64)
        XCTAssertTrue(h.err.contains("unknown command \"frobnicate\""))
        XCTAssertEqual(h.run(), 64)
    }

    func testUsageErrorsAreOneMessageWithAHint() {
        XCTAssertEqual(h.run("compile", "--demo", "3"), 64)
        XCTAssertTrue(h.err.contains("--out DIR is required"), h.err)
        XCTAssertEqual(h.run("compile", "--demo", "3", "--out", "o", "--bogus"), 64)
        XCTAssertTrue(h.err.contains("unknown option --bogus") && h.err.contains("hint:"), h.err)
        XCTAssertEqual(h.run("compile", "--demo", "zero", "--out", "o"), 64)
        // Issue 12: a billion demo tasks aborted (SIGABRT) allocating them; the count is bounded.
        XCTAssertEqual(h.run("compile", "--demo", "1000000000", "--out", "o"), 64)
        XCTAssertTrue(h.err.contains("--demo must be a whole number from 1 to 1000000"), h.err)
        XCTAssertEqual(h.run("compile", "--demo", "1e9", "--out", "o"), 64)
        XCTAssertFalse(FileManager.default.fileExists(atPath: h.root + "/o"))
        XCTAssertEqual(h.run("store", "gc", "--store", "s", "--max-size", "lots"), 64)
        XCTAssertFalse(h.err.contains("Fatal"))
    }

    func testMissingPlanIs66() {
        XCTAssertEqual(h.run("compile", "nope.json", "--out", "o", "--store", "s"), 66)
        XCTAssertTrue(h.err.contains("nope.json"), h.err)
        XCTAssertNil(h.read("o"), "nothing written to --out")
    }

    func testSecondCompileRendersAndRewritesNothing() throws {
        XCTAssertEqual(h.run("compile", "--demo", "40", "--out", "out", "--store", "store", "--summary", "s1.json"), 0, h.err)
        let s1 = try RunSummary.decode(Array(h.read("s1.json")!.utf8), path: "s1.json")
        XCTAssertEqual(s1.totals.rendered, 40)
        let file = h.root + "/out/ios/d0/f0.txt"
        let m1 = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as! Date
        usleep(20_000)
        XCTAssertEqual(h.run("compile", "--demo", "40", "--out", "out", "--store", "store", "--summary", "s2.json"), 0, h.err)
        let s2 = try RunSummary.decode(Array(h.read("s2.json")!.utf8), path: "s2.json")
        XCTAssertEqual(s2.totals.rendered, 0)
        XCTAssertEqual(s2.totals.reusedLocal, 40)
        XCTAssertTrue(h.out.contains("0 written, 40 unchanged"), h.out)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as! Date, m1)
        XCTAssertEqual(s1.tasks.map(\.key), s2.tasks.map(\.key))

        XCTAssertEqual(h.run("compile", "--demo", "40", "--demo-variant", "2", "--out", "out", "--store", "store", "--summary", "s3.json"), 0)
        XCTAssertEqual(h.run("explain", "--base", "s2.json", "--head", "s3.json"), 0)
        // Task 0 changed; task 3 reads task 0's output, so it moved through its `previous` input.
        XCTAssertTrue(h.out.hasPrefix("2 rendered, 38 reused"), h.out)
        XCTAssertTrue(h.out.contains("inputs text changed: 1 task\n  demo.ios.0"), h.out)
        XCTAssertTrue(h.out.contains("inputs previous changed: 1 task\n  demo.ios.3"), h.out)
        XCTAssertEqual(h.run("explain", "--base", "s2.json", "--head", "s3.json", "--json"), 0)
        let json = try JSONSerialization.jsonObject(with: Data(h.out.utf8)) as! [String: Any]
        XCTAssertEqual((json["reused"] as! [String]).count, 38)
    }

    /// A corrupt record of what earlier runs wrote is said (naming it), never silently ignored.
    func testACorruptOutputStateIsSaid() throws {
        XCTAssertEqual(h.run("compile", "--demo", "6", "--out", "out", "--store", "store"), 0, h.err)
        try "{\"files\":[".write(toFile: h.root + "/out/.orchestrate/outputs.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(h.run("compile", "--demo", "3", "--out", "out", "--store", "store"), 0, h.err)
        XCTAssertTrue(h.err.contains("warning: out/.orchestrate/outputs.json (what earlier runs wrote) is not a valid record"), h.err)
        XCTAssertTrue(h.err.contains("left in place"), h.err)
        XCTAssertTrue(h.out.contains("0 removed"), h.out)
        XCTAssertEqual(h.run("compile", "--demo", "3", "--out", "out", "--store", "store"), 0, h.err)
        XCTAssertEqual(h.err, "", "said once: the run wrote a good record")
    }

    func testStoreVerifyFindsCorruptionAndExitsOne() throws {
        XCTAssertEqual(h.run("compile", "--demo", "5", "--out", "out", "--store", "store"), 0, h.err)
        XCTAssertEqual(h.run("store", "verify", "--store", "store"), 0, h.out)
        XCTAssertEqual(h.run("store", "stats", "--store", "store", "--json"), 0)
        let stats = try JSONSerialization.jsonObject(with: Data(h.out.utf8)) as! [String: Any]
        XCTAssertEqual(stats["objectCount"] as? Int, 5)
        // Flip a byte in one object file.
        let objects = h.root + "/store/objects"
        let shard = try FileManager.default.contentsOfDirectory(atPath: objects).sorted().first!
        let name = try FileManager.default.contentsOfDirectory(atPath: objects + "/" + shard).first!
        let path = objects + "/" + shard + "/" + name
        var bytes = [UInt8](FileManager.default.contents(atPath: path)!)
        bytes[bytes.count - 1] ^= 0xff
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(h.run("store", "verify", "--store", "store"), 1)
        XCTAssertTrue(h.out.contains("corrupt \(name)"), h.out)
        XCTAssertEqual(h.run("store", "verify", "--store", "store"), 0, "quarantined: the store is clean again")
        // The next full compile re-renders the lost output and rewrites nothing that was fine (a
        // compile without --full may be the memo's, which stats the tree and reads no store).
        XCTAssertEqual(h.run("compile", "--demo", "5", "--out", "out", "--store", "store", "--full"), 0, h.err)
        XCTAssertTrue(h.out.contains("1 rendered"), h.out)
    }

    func testStoreGCBoundsTheStore() throws {
        XCTAssertEqual(h.run("compile", "--demo", "50", "--out", "out", "--store", "store"), 0)
        // By default gc keeps what the last ten minutes used: a compile may be running beside it.
        XCTAssertEqual(h.run("store", "gc", "--store", "store", "--max-size", "0", "--json"), 0, h.err)
        let kept = try JSONSerialization.jsonObject(with: Data(h.out.utf8)) as! [String: Any]
        XCTAssertEqual(kept["entriesRemoved"] as? Int, 0)
        XCTAssertGreaterThan(kept["bytesAfter"] as? Int ?? 0, 0)
        XCTAssertEqual(h.run("store", "gc", "--store", "store", "--max-size", "0", "--grace", "soon"), 64)
        XCTAssertEqual(h.run("store", "gc", "--store", "store", "--max-size", "0", "--grace", "0", "--json"), 0, h.err)
        let r = try JSONSerialization.jsonObject(with: Data(h.out.utf8)) as! [String: Any]
        XCTAssertEqual(r["bytesAfter"] as? Int, 0)
        XCTAssertEqual(h.run("store", "verify", "--store", "store"), 0)
        XCTAssertEqual(h.run("compile", "--demo", "50", "--out", "out", "--store", "store", "--full"), 0)
        XCTAssertTrue(h.out.contains("50 rendered"), h.out)
        XCTAssertTrue(h.out.contains("0 written, 50 unchanged"), h.out)
    }

    func testDefaultStoreLocationFollowsTheEnvironment() {
        h.environment["ORCHESTRATE_STORE"] = h.root + "/envstore"
        XCTAssertEqual(h.run("compile", "--demo", "3", "--out", "out"), 0, h.err)
        XCTAssertTrue(FileManager.default.fileExists(atPath: h.root + "/envstore/ac.sqlite"))
        h.environment["ORCHESTRATE_STORE"] = nil
        h.environment["XDG_CACHE_HOME"] = h.root + "/xdg"
        XCTAssertEqual(h.run("compile", "--demo", "3", "--out", "out2"), 0, h.err)
        XCTAssertTrue(FileManager.default.fileExists(atPath: h.root + "/xdg/orchestrate/ac.sqlite"))
    }

    func testGraphFormats() throws {
        XCTAssertEqual(h.run("graph", "--demo", "20", "--format", "dot"), 0)
        XCTAssertTrue(h.out.hasPrefix("digraph orchestrate {"))
        XCTAssertTrue(h.out.contains("\"demo.ios.0\" -> \"demo.ios.3\""), h.out)
        XCTAssertEqual(h.run("graph", "--demo", "20"), 0)
        let json = try JSONSerialization.jsonObject(with: Data(h.out.utf8)) as! [String: Any]
        XCTAssertEqual((json["nodes"] as! [Any]).count, 20)
        XCTAssertEqual(h.run("graph", "--demo", "2", "--format", "svg"), 64)
    }

    func testStoreIOFailureIs74() throws {
        // A regular file where the store directory should be.
        FileManager.default.createFile(atPath: h.root + "/blocked", contents: Data("x".utf8))
        XCTAssertEqual(h.run("compile", "--demo", "3", "--out", "out", "--store", "blocked/store"), 74, h.err)
        XCTAssertTrue(h.err.contains("blocked"), h.err)
    }

    func testProgressLineOnlyWhenAskedOffATerminal() {
        XCTAssertEqual(h.run("compile", "--demo", "30", "--out", "out", "--store", "store"), 0)
        XCTAssertFalse(h.err.contains("tasks,"), "silent when not a terminal")
        XCTAssertEqual(h.run("compile", "--demo", "30", "--out", "out", "--store", "store", "--progress", "--full"), 0)
        XCTAssertTrue(h.err.contains("[30/30] tasks, 30 reused"), h.err)
        XCTAssertFalse(h.err.contains("\u{1B}["), "no color escapes")
    }
}
