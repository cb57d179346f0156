import Cache
import Foundation
import Lowerings
import XCTest
@testable import CLI

final class IconsCommandTests: XCTestCase {
    private var h: CLIHarness!
    private var out = ""
    private var err = ""

    override func setUpWithError() throws { h = try CLIHarness() }
    override func tearDown() { h.cleanUp() }

    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `orchestrate icons …` in-process as `CLI.main` would (parse, help, validate, run, map
    /// errors), so the tests do not depend on the command list.
    private func icons(_ args: String...) -> Int32 {
        out = ""; err = ""
        let ctx = Context(environment: h.environment, currentDirectory: h.root, stdoutIsTerminal: false,
                          out: { self.out += $0 }, err: { self.err += $0 })
        return CLI.run(IconsCommand.self, args, context: ctx)
    }

    func testDrawWritesObjectsAndPrintsThePinTable() throws {
        XCTAssertEqual(icons("draw", "--seed", "seed", "--only", "A,7,fallback"), 0, err)
        for key in ["A", "7", "fallback"] {
            let d = Monogram(key: key)!.iosIconDigest
            let path = SeedStore.path(for: d, in: h.root + "/seed")
            let bytes = try XCTUnwrap(FileManager.default.contents(atPath: path), "\(key) not written to \(path)")
            XCTAssertEqual(Digest.of(Array(bytes)), d)
            XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int, 0o644)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: h.root + "/seed").count, 3)
        // The drawings reproduce the pins, so the printed table is the committed file.
        let committed = try String(contentsOf: Self.repo.appendingPathComponent("Sources/Lowerings/Monogram/MonogramPins.swift"), encoding: .utf8)
        XCTAssertEqual(out, committed)
        XCTAssertTrue(err.contains("drew 3 monograms"), err)

        XCTAssertEqual(icons("verify", "--seed", "seed", "--only", "A,7,fallback"), 0, out + err)
        XCTAssertTrue(out.contains("checked 3 monograms"), out)
    }

    func testVerifyReportsMissingAndCorruptObjects() throws {
        XCTAssertEqual(icons("draw", "--seed", "seed", "--only", "B"), 0, err)
        XCTAssertEqual(icons("verify", "--seed", "seed", "--only", "B,C"), 1)
        let c = Monogram("C")!.iosIconDigest
        XCTAssertTrue(out.contains("C: pinned object \(c.hex) is missing from cas/"), out)
        XCTAssertFalse(out.contains("B:"), out)

        let b = SeedStore.path(for: Monogram("B")!.iosIconDigest, in: h.root + "/seed")
        var bytes = Array(FileManager.default.contents(atPath: b)!)
        bytes[100] ^= 1
        chmod(b, 0o644)
        try Data(bytes).write(to: URL(fileURLWithPath: b))
        XCTAssertEqual(icons("verify", "--seed", "seed", "--only", "B"), 1)
        XCTAssertTrue(out.contains("does not hash to its name"), out)
        XCTAssertTrue(err.contains("warning"), err)
    }

    func testVerifyAgainstTheRepositorySeedByDefault() {
        // No --seed and no $ORCHESTRATE_SEED: the cas/ of the source tree.
        XCTAssertEqual(icons("verify", "--only", "Q"), 0, out + err)
        XCTAssertTrue(out.contains(Self.repo.appendingPathComponent("cas").path), out)
        h.environment["ORCHESTRATE_SEED"] = h.root + "/nowhere"
        XCTAssertEqual(icons("verify", "--only", "Q"), 66)
    }

    func testUsageErrors() {
        XCTAssertEqual(icons("paint"), 64)
        XCTAssertTrue(err.contains("unknown subcommand \"paint\""), err)
        XCTAssertEqual(icons(), 64)
        XCTAssertEqual(icons("verify", "--only", "a"), 64)
        XCTAssertTrue(err.contains("\"a\" is not a monogram"), err)
        XCTAssertEqual(icons("--help"), 0)
        XCTAssertTrue(out.hasPrefix("usage: orchestrate icons draw"))
    }
}
