import Foundation
import XCTest
@testable import CLI

/// Every command's `--help`, and the overview, as committed snapshots in `Help/`: a change to what
/// a command declares shows as a diff to review. `ORCHESTRATE_RECORD_GOLDEN=1` rewrites them and
/// fails, so a snapshot is never replaced silently.
final class HelpSnapshotTests: XCTestCase {
    static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Help")

    private var h: CLIHarness!

    override func setUpWithError() throws { h = try CLIHarness() }
    override func tearDown() { h.cleanUp() }

    func testEveryHelpMatchesItsSnapshot() throws {
        let record = ProcessInfo.processInfo.environment["ORCHESTRATE_RECORD_GOLDEN"] == "1"
        var helps: [String: String] = [:]
        XCTAssertEqual(h.run("--help"), 0)
        helps["orchestrate"] = h.out
        for c in CLI.commands {
            XCTAssertEqual(h.run(c.name, "--help"), 0, c.name)
            helps[c.name] = h.out
        }
        for (name, text) in helps.sorted(by: { $0.key < $1.key }) {
            let file = Self.snapshots.appendingPathComponent("\(name).txt")
            if record {
                try Data(text.utf8).write(to: file)
                continue
            }
            let committed = try? String(contentsOf: file, encoding: .utf8)
            XCTAssertEqual(text, committed, "\(name) --help differs from Help/\(name).txt; record with ORCHESTRATE_RECORD_GOLDEN=1 and review the diff")
        }
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: Self.snapshots.path))
        XCTAssertEqual(files, Set(helps.keys.map { $0 + ".txt" }), "a snapshot without a command, or a command without one")
        if record { XCTFail("recorded Help/*.txt; review the diff and run again without ORCHESTRATE_RECORD_GOLDEN") }
    }

    /// The help comes from the declarations: every option the parser accepts is described, every
    /// one is in a usage line, and `help <command>` is `<command> --help`.
    func testEveryHelpDescribesEveryOptionItParses() {
        for c in CLI.commands {
            XCTAssertEqual(h.run(c.name, "--help"), 0, c.name)
            let help = h.out
            let options = help.components(separatedBy: "\noptions:\n").last ?? ""
            let usage = help.components(separatedBy: "\n\n").first ?? ""
            for name in c.spec.valued.union(c.spec.flags).subtracting(["help"]) {
                XCTAssertTrue(options.contains("  --\(name)"), "\(c.name): --\(name) is not described")
                XCTAssertTrue(usage.contains("--\(name)"), "\(c.name): --\(name) is in no usage line")
            }
            XCTAssertEqual(h.run("help", c.name), 0)
            XCTAssertEqual(h.out, help, c.name)
        }
    }

    /// Options are checked before a command runs: a bad value is a usage error before any file is
    /// read or made.
    func testOptionsAreValidatedBeforeTheCommandRuns() {
        XCTAssertEqual(h.run("compile", "nope.json", "--out", "o", "--store", "s", "--remote", "http://cache/", "--remote-header", "nocolon"), 64)
        XCTAssertTrue(h.err.contains("--remote-header takes 'Name: value'"), h.err)
        XCTAssertEqual(h.run("compile", "nope.json", "--out", "o", "--store", "s", "--jobs", "0"), 64)
        XCTAssertTrue(h.err.contains("--jobs must be a whole number ≥ 1"), h.err)
        XCTAssertEqual(h.run("store", "stats", "--store", "s", "--max-size", "lots"), 64)
        XCTAssertEqual(h.run("artifact", "put", "f", "--platform", "ios", "--digest", String(repeating: "0", count: 64), "--remote-timeout", "5"), 64)
        XCTAssertTrue(h.err.contains("--remote-timeout needs --remote URL"), h.err)
        XCTAssertEqual(h.run("digest", "out", "--platform", "windows"), 64)
        XCTAssertTrue(h.err.contains("unknown platform \"windows\""), h.err)
        for path in ["o", "s"] { XCTAssertFalse(FileManager.default.fileExists(atPath: h.root + "/" + path), path) }
    }
}
