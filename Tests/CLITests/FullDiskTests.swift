import Foundation
import XCTest
@testable import CLI

/// A full disk (issue 12, item 9), on a real one: a small tmpfs mounted for the test (root only,
/// as CI runs; skipped with the reason otherwise). A fully cached compile needs no write, store
/// stats and verify still answer, `store gc` frees space, and a compile that must write fails
/// with exit 74 and a few lines, not one per task.
final class FullDiskTests: XCTestCase {
    private var h: CLIHarness!
    private var disk: String!

    override func setUpWithError() throws {
        h = try CLIHarness()
        disk = h.root + "/disk"
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        let mount = try ExternalTool.find("mount").run(["-t", "tmpfs", "-o", "size=8m", "tmpfs", disk])
        if mount.status != 0 { throw XCTSkip("mounting a tmpfs needs root (\(mount.err.trimmingCharacters(in: .whitespacesAndNewlines)))") }
    }

    override func tearDown() {
        _ = try? ExternalTool.find("umount").run([disk])
        h.cleanUp()
    }

    private func fill() {
        let fd = open(disk + "/filler", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { return XCTFail("open filler") }
        defer { close(fd) }
        let block = [UInt8](repeating: 0, count: 64 * 1024)
        while block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
        XCTAssertEqual(errno, ENOSPC)
        // Fill the last partial block too.
        while block.withUnsafeBytes({ write(fd, $0.baseAddress, 512) }) > 0 {}
    }

    private func available() -> UInt64 {
        var info = statvfs()
        XCTAssertEqual(statvfs(disk, &info), 0)
        return UInt64(info.f_bavail) * UInt64(info.f_frsize)
    }

    func testAFullDiskStillServesCachedCompilesAndGCFreesIt() throws {
        let plan = PlanCompileTests.examples.appendingPathComponent("movie-catalog.plan.json").path
        let other = PlanCompileTests.examples.appendingPathComponent("notes.plan.json").path
        let store = disk + "/store", out = disk + "/out"
        XCTAssertEqual(h.run("compile", plan, "--out", out, "--store", store), 0, h.err)
        fill()
        XCTAssertLessThan(available(), 64 * 1024)

        // Fully cached: nothing to write, so it succeeds, with one warning about the index.
        XCTAssertEqual(h.run("compile", plan, "--out", out, "--store", store, "--full"), 0, h.err)
        XCTAssertTrue(h.out.contains("0 rendered") && h.out.contains("0 written"), h.out)
        XCTAssertTrue(h.err.contains("is read-only for this run"), h.err)
        XCTAssertEqual(h.run("store", "stats", "--store", store), 0, h.err)
        XCTAssertEqual(h.run("store", "verify", "--store", store), 0, h.err)
        // Without --full the same compile is the memo's (it writes nothing either), when the
        // state has aged past the tree (the racily clean rule; `--full` above re-aged it).
        usleep(30_000)
        XCTAssertEqual(h.run("compile", plan, "--out", out, "--store", store), 0, h.err)
        XCTAssertEqual(h.run("compile", plan, "--out", out, "--store", store), 0, h.err)
        XCTAssertTrue(h.out.contains("up to date"), h.out)

        // A compile that must store its outputs fails, in a few lines.
        XCTAssertEqual(h.run("compile", other, "--out", disk + "/notes", "--store", store), 74, h.err)
        let errorLines = h.err.split(separator: "\n").filter { !$0.contains("warning") }
        XCTAssertLessThanOrEqual(errorLines.count, 4, h.err)
        XCTAssertTrue(h.err.contains("No space left on device"), h.err)

        // gc runs on the full disk and frees space.
        XCTAssertEqual(h.run("store", "gc", "--store", store, "--max-size", "0", "--grace", "0"), 0, h.err)
        XCTAssertGreaterThan(available(), 256 * 1024)
        XCTAssertEqual(h.run("store", "verify", "--store", store), 0, h.err)
        try FileManager.default.removeItem(atPath: disk + "/filler")
        XCTAssertEqual(h.run("compile", other, "--out", disk + "/notes", "--store", store), 0, h.err)
    }
}
