import Foundation
import Tasks
import XCTest
@testable import CLI

/// The files the CLI writes by name (`compile --summary/--slsa`, `artifact get FILE`): a regular
/// file is replaced atomically; a FIFO or character device is written into, never renamed over;
/// a directory is a clear error.
final class UserFileTests: XCTestCase {
    private var h: CLIHarness!
    private let digest = String(repeating: "ab", count: 32)

    override func setUpWithError() throws { h = try CLIHarness() }
    override func tearDown() { h.cleanUp() }

    /// A FIFO at `name` with a reader already attached; `finish()` returns what was written.
    private final class FIFOReader: @unchecked Sendable {
        private let fd: Int32
        private let done = DispatchSemaphore(value: 0)
        private var bytes: [UInt8] = []

        init(_ path: String) throws {
            guard mkfifo(path, 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno)!) }
            // Non-blocking so the open does not wait for a writer (and a writer never waits for us).
            fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno)!) }
            Thread.detachNewThread { [self] in
                var buf = [UInt8](repeating: 0, count: 65536)
                var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                // Until the writer closes after writing, or 5 s.
                for _ in 0..<50 {
                    guard poll(&pfd, 1, 100) > 0 else { continue }
                    let n = read(fd, &buf, buf.count)
                    if n > 0 { bytes += buf[0..<n]; continue }
                    if n == 0 && !bytes.isEmpty { break }
                    usleep(10_000)
                }
                close(fd)
                done.signal()
            }
        }

        func finish() -> [UInt8] {
            done.wait()
            return bytes
        }
    }

    private func type(_ path: String) -> mode_t {
        var st = stat()
        XCTAssertEqual(lstat(path, &st), 0, path)
        return st.st_mode & S_IFMT
    }

    func testTheSummaryGoesIntoAFIFOWhichStaysAFIFO() throws {
        let reader = try FIFOReader(h.root + "/summary.fifo")
        XCTAssertEqual(h.run("compile", "--demo", "3", "--out", "out", "--store", "s", "--summary", "summary.fifo"), 0, h.err)
        let got = reader.finish()
        XCTAssertEqual(type(h.root + "/summary.fifo"), S_IFIFO, "the FIFO was replaced")
        XCTAssertEqual(try RunSummary.decode(got, path: "fifo").totals.tasks, 3)
    }

    func testTheSLSAStatementGoesIntoAFIFOThroughASymlink() throws {
        // What `--slsa >(cat)` gives: /dev/fd/63, a link to a pipe.
        let reader = try FIFOReader(h.root + "/att.fifo")
        try FileManager.default.createSymbolicLink(atPath: h.root + "/att.link", withDestinationPath: h.root + "/att.fifo")
        XCTAssertEqual(h.run("compile", "--demo", "3", "--out", "out", "--store", "s", "--slsa", "att.link"), 0, h.err)
        let got = reader.finish()
        XCTAssertEqual(type(h.root + "/att.fifo"), S_IFIFO)
        XCTAssertEqual(type(h.root + "/att.link"), S_IFLNK, "the link was replaced")
        let json = try JSONSerialization.jsonObject(with: Data(got)) as? [String: Any]
        XCTAssertEqual(json?["_type"] as? String, "https://in-toto.io/Statement/v1")
    }

    func testAnArtifactGoesIntoAFIFO() throws {
        try Data("apk bytes".utf8).write(to: URL(fileURLWithPath: h.root + "/app.apk"))
        XCTAssertEqual(h.run("artifact", "put", "--platform", "android", "--digest", digest, "app.apk", "--store", "s"), 0, h.err)
        let reader = try FIFOReader(h.root + "/apk.fifo")
        XCTAssertEqual(h.run("artifact", "get", "--platform", "android", "--digest", digest, "apk.fifo", "--store", "s"), 0, h.err)
        XCTAssertEqual(reader.finish(), Array("apk bytes".utf8))
        XCTAssertEqual(type(h.root + "/apk.fifo"), S_IFIFO)
    }

    /// A character device of our own (the null device's numbers, made where the test owns the
    /// directory; needs root). It is written into and stays a device.
    func testACharacterDeviceIsWrittenIntoNotReplaced() throws {
        guard getuid() == 0 else { throw XCTSkip("making a device node needs root") }
        var null = stat()
        XCTAssertEqual(stat("/dev/null", &null), 0, "only read: the real /dev/null is never written")
        let node = h.root + "/null"
        XCTAssertEqual(mknod(node, S_IFCHR | 0o666, null.st_rdev), 0)
        XCTAssertEqual(h.run("compile", "--demo", "3", "--out", "out", "--store", "s", "--summary", "null", "--slsa", "null"), 0, h.err)
        var st = stat()
        XCTAssertEqual(lstat(node, &st), 0)
        XCTAssertEqual(st.st_mode & S_IFMT, S_IFCHR)
        XCTAssertEqual(st.st_rdev, null.st_rdev)
    }

    func testADirectoryIsAClearError() throws {
        try FileManager.default.createDirectory(atPath: h.root + "/dir", withIntermediateDirectories: true)
        XCTAssertEqual(h.run("compile", "--demo", "3", "--out", "out", "--store", "s", "--summary", "dir"), 74)
        XCTAssertTrue(h.err.contains("dir is a directory"), h.err)
        XCTAssertFalse(h.err.contains("512"), h.err)
        XCTAssertEqual(h.run("compile", "--demo", "3", "--out", "out", "--store", "s", "--slsa", "dir"), 74)
        XCTAssertTrue(h.err.contains("dir is a directory"), h.err)
        try Data("apk".utf8).write(to: URL(fileURLWithPath: h.root + "/app.apk"))
        XCTAssertEqual(h.run("artifact", "put", "--platform", "ios", "--digest", digest, "app.apk", "--store", "s"), 0, h.err)
        XCTAssertEqual(h.run("artifact", "get", "--platform", "ios", "--digest", digest, "dir", "--store", "s"), 74)
        XCTAssertTrue(h.err.contains("dir is a directory"), h.err)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: h.root + "/dir"), [])
    }

    func testARegularFileIsReplacedAtomically() throws {
        try Data("old".utf8).write(to: URL(fileURLWithPath: h.root + "/s.json"))
        var before = stat()
        XCTAssertEqual(lstat(h.root + "/s.json", &before), 0)
        XCTAssertEqual(h.run("compile", "--demo", "3", "--out", "out", "--store", "s", "--summary", "s.json"), 0, h.err)
        var after = stat()
        XCTAssertEqual(lstat(h.root + "/s.json", &after), 0)
        XCTAssertNotEqual(before.st_ino, after.st_ino, "a new file renamed into place, not the old one truncated")
        XCTAssertEqual(try RunSummary.decode(Array(h.read("s.json")!.utf8), path: "s.json").totals.tasks, 3)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: h.root).filter { $0.hasPrefix(".") }, [])
    }

    // MARK: Reading

    func testADirectoryGivenAsAFileSaysSo() throws {
        try FileManager.default.createDirectory(atPath: h.root + "/plan.json", withIntermediateDirectories: true)
        XCTAssertEqual(h.run("compile", "plan.json", "--out", "out", "--store", "s"), 66)
        XCTAssertTrue(h.err.contains("Plan plan.json is a directory"), h.err)
        XCTAssertFalse(h.err.contains("does not exist"), h.err)
        XCTAssertEqual(h.run("explain", "--base", "plan.json", "--head", "plan.json"), 66)
        XCTAssertTrue(h.err.contains("summary plan.json is a directory"), h.err)
        XCTAssertEqual(h.run("artifact", "put", "--platform", "ios", "--digest", digest, "plan.json", "--store", "s"), 66)
        XCTAssertTrue(h.err.contains("artifact plan.json is a directory"), h.err)
        XCTAssertEqual(h.run("compile", "missing.json", "--out", "out", "--store", "s"), 66)
        XCTAssertTrue(h.err.contains("Plan missing.json does not exist"), h.err)
    }

    /// `compile <(generate-plan)`: the Plan comes through a FIFO.
    func testAPlanReadFromAFIFOCompiles() throws {
        let fifo = h.root + "/plan.fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let plan = try Data(contentsOf: PlanCompileTests.examples.appendingPathComponent("notes.plan.json"))
        Thread.detachNewThread {
            let fd = open(fifo, O_WRONLY | O_CLOEXEC)
            _ = plan.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
            close(fd)
        }
        XCTAssertEqual(h.run("compile", "plan.fifo", "--out", "out", "--store", "s"), 0, h.err)
        XCTAssertNotNil(h.read("out/config/routes.rb"))
    }

    /// A device that never ends is cut off at the size limit with a message saying so.
    func testAnEndlessDeviceIsRefusedNotReadForever() throws {
        XCTAssertEqual(h.run("compile", "/dev/zero", "--out", "out", "--store", "s"), 65)
        XCTAssertTrue(h.err.contains("Plan /dev/zero is a character device that gave more than"), h.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: h.root + "/out"))
    }
}
