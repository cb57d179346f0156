import Foundation
import Tasks
import XCTest
@testable import CLI

/// Generated files a person edited: kept with a warning naming them (whether or not the Plan still
/// produces them) and listed in the summary, unless `--force`.
final class EditedOutputTests: XCTestCase {
    private var h: CLIHarness!

    override func setUpWithError() throws { h = try CLIHarness() }
    override func tearDown() { h.cleanUp() }

    private func summary(_ path: String) throws -> RunSummary { try RunSummary.decode(Array(h.read(path)!.utf8), path: path) }

    func testAnEditedFileIsKeptSaidAndListedUnlessForced() throws {
        XCTAssertEqual(h.run("compile", "--demo", "6", "--out", "out", "--store", "s"), 0, h.err)
        let edited = h.root + "/out/ios/d0/f0.txt"
        try "a person's change\n".write(toFile: edited, atomically: false, encoding: .utf8)

        XCTAssertEqual(h.run("compile", "--demo", "6", "--out", "out", "--store", "s", "--summary", "s.json"), 0, h.err)
        XCTAssertEqual(try String(contentsOfFile: edited, encoding: .utf8), "a person's change\n")
        XCTAssertTrue(h.err.contains("warning: ios/d0/f0.txt was edited since orchestrate wrote it; kept"), h.err)
        XCTAssertTrue(h.out.contains("1 kept (edited)"), h.out)
        XCTAssertEqual(try summary("s.json").kept, [RunSummary.KeptFile(path: "ios/d0/f0.txt", reason: .edited)])

        // Said again on every run while it stays edited.
        XCTAssertEqual(h.run("compile", "--demo", "6", "--out", "out", "--store", "s"), 0, h.err)
        XCTAssertTrue(h.err.contains("ios/d0/f0.txt was edited"), h.err)

        XCTAssertEqual(h.run("compile", "--demo", "6", "--out", "out", "--store", "s", "--force", "--summary", "f.json"), 0, h.err)
        XCTAssertNotEqual(try String(contentsOfFile: edited, encoding: .utf8), "a person's change\n")
        XCTAssertTrue(h.err.contains("ios/d0/f0.txt was edited since orchestrate wrote it; overwritten (--force)"), h.err)
        XCTAssertEqual(try summary("f.json").kept, [])
        XCTAssertEqual(h.run("compile", "--demo", "6", "--out", "out", "--store", "s"), 0, h.err)
        XCTAssertEqual(h.err, "")
    }

    func testAnEditedFileThePlanDroppedIsListedToo() throws {
        XCTAssertEqual(h.run("compile", "--demo", "6", "--out", "out", "--store", "s"), 0, h.err)
        let files = try FileManager.default.subpathsOfDirectory(atPath: h.root + "/out").filter { $0.hasSuffix(".txt") }.sorted()
        XCTAssertEqual(h.run("compile", "--demo", "3", "--out", "out", "--store", "s"), 0, h.err)
        let dropped = try XCTUnwrap(files.first { !FileManager.default.fileExists(atPath: h.root + "/out/" + $0) })
        XCTAssertEqual(h.run("compile", "--demo", "6", "--out", "out", "--store", "s"), 0, h.err)
        try "kept\n".write(toFile: h.root + "/out/" + dropped, atomically: false, encoding: .utf8)
        XCTAssertEqual(h.run("compile", "--demo", "3", "--out", "out", "--store", "s", "--summary", "s.json"), 0, h.err)
        XCTAssertTrue(h.err.contains("warning: \(dropped) was produced by an earlier run and edited since; left in place"), h.err)
        XCTAssertEqual(try summary("s.json").kept, [RunSummary.KeptFile(path: dropped, reason: .editedNoLongerProduced)])
    }

    /// The help is generated from the options `compile` declares: every one is in the first usage
    /// line (wrapped) and described below it.
    func testCompileHelpNamesEveryOptionItParses() {
        XCTAssertEqual(h.run("compile", "--help"), 0)
        let usage = h.out.components(separatedBy: "\n\n").first ?? ""
        for name in CompileCommand.spec.valued.union(CompileCommand.spec.flags).subtracting(["help"]) {
            XCTAssertTrue(h.out.contains("--\(name)"), "--\(name) is not in the help")
        }
        for name in ["out", "store", "jobs", "summary", "slsa", "force", "progress"] {
            XCTAssertTrue(usage.components(separatedBy: "\n       orchestrate").first!.contains("--\(name)"), "--\(name) is not in the usage line: \(usage)")
        }
        XCTAssertTrue(h.out.contains("--force "), h.out)
    }
}
