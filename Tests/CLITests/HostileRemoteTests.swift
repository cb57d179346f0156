import Foundation
import XCTest
@testable import CLI

/// `compile --remote` against a server that misbehaves on purpose: `scripts/hostile-remote.py`,
/// started here on loopback (real TCP, not the transport closure). Its log says, per request,
/// which headers arrived and how many body bytes the client took before it hung up.
final class HostileRemoteTests: XCTestCase {
    private var h: CLIHarness!
    private var children: [Process] = []

    override func setUpWithError() throws { h = try CLIHarness() }

    override func tearDown() {
        for p in children where p.isRunning { kill(p.processIdentifier, SIGKILL); p.waitUntilExit() }
        h.cleanUp()
    }

    // MARK: Bodies (issue 12, item 2)

    /// The entry declares a 27-byte object; the server sends 256 MiB for it. Before: all of it was
    /// read into memory, hashed, and reported as a corrupt object.
    func testObjectBodyLongerThanDeclaredIsAbandoned() throws {
        let server = try start("big-object", String(256 << 20))
        XCTAssertEqual(compile("--demo", "3", "--out", "a", "--store", "sa", "--remote", server.url), 0, h.err)
        XCTAssertTrue(h.out.contains("3 rendered, 0 local, 0 seed, 0 remote"), h.out)
        let cas = server.log().filter { $0.path.contains("/cas/") && $0.method == "GET" }
        XCTAssertFalse(cas.isEmpty)
        for r in cas { XCTAssertLessThan(r.sent, 32 << 20, "the client hung up long before 256 MiB: \(r)") }
        XCTAssertEqual(warnings(), 1, h.err)
        XCTAssertTrue(h.err.contains("the entry declares 27 bytes but the body announced 268435456"), h.err)
    }

    /// The entry declares 27 bytes; the server sends 10. A miss with its reason, never a hit.
    func testObjectBodyShorterThanDeclaredIsAMiss() throws {
        let server = try start("big-object", "10", "27")
        XCTAssertEqual(compile("--demo", "3", "--out", "a", "--store", "sa", "--remote", server.url), 0, h.err)
        XCTAssertTrue(h.out.contains("3 rendered, 0 local, 0 seed, 0 remote"), h.out)
        XCTAssertEqual(warnings(), 1, h.err)
        // Every key's entry names the same object: the batch asks for it once, and not again per key.
        XCTAssertTrue(h.err.contains("the entry declares 27 bytes but the body had 10; treated as a miss"), h.err)
        XCTAssertEqual(server.log().filter { $0.path.contains("/cas/") && $0.method == "GET" }.count, 1)
    }

    /// A chunked `/cas/` body that never ends. Before: read until the timeout, gigabytes in memory.
    func testEndlessObjectBodyIsAbandoned() throws {
        let server = try start("endless-object")
        let started = Date()
        XCTAssertEqual(compile("--demo", "3", "--out", "a", "--store", "sa", "--remote", server.url, "--remote-timeout", "3"), 0, h.err)
        XCTAssertLessThan(Date().timeIntervalSince(started), 3, "abandoned at the cap, not at the timeout")
        XCTAssertTrue(h.out.contains("3 rendered"), h.out)
        for r in server.log() where r.path.contains("/cas/") {
            XCTAssertLessThan(r.sent, 32 << 20, "\(r)")
        }
        XCTAssertEqual(warnings(), 1, h.err)
    }

    /// A chunked `/ac/` body that never ends: an ActionResult is tiny, the cap is 1 MiB.
    func testEndlessEntryBodyIsAbandonedAtTheEntryCap() throws {
        let server = try start("endless-entry")
        let started = Date()
        XCTAssertEqual(compile("--demo", "3", "--out", "a", "--store", "sa", "--remote", server.url, "--remote-timeout", "3"), 0, h.err)
        XCTAssertLessThan(Date().timeIntervalSince(started), 3, "abandoned at the cap, not at the timeout")
        XCTAssertTrue(h.out.contains("3 rendered"), h.out)
        let ac = server.log().filter { $0.path.contains("/ac/") && $0.method == "GET" }
        XCTAssertEqual(ac.count, 3)
        for r in ac { XCTAssertLessThan(r.sent, 32 << 20, "\(r)") }
        XCTAssertEqual(warnings(), 1, h.err)
        XCTAssertTrue(h.err.contains("went on past 1048576 bytes"), h.err)
    }

    // MARK: Redirects (issue 12, item 3)

    /// Server A answers every request with 302 to server B, an honest cache that holds every
    /// entry. Before: B received the URL's Basic auth and the --remote-header on every request,
    /// and its entries counted as hits.
    func testRedirectToAnotherHostIsNotFollowed() throws {
        let b = try start("cache")
        XCTAssertEqual(compile("--demo", "20", "--out", "x", "--store", "sx", "--remote", b.url), 0, h.err)
        XCTAssertTrue(h.out.contains("20 entries up"), h.out)
        b.clearLog()

        let a = try start("redirect", "http://127.0.0.1:\(b.port)")
        let withUser = a.url.replacingOccurrences(of: "http://", with: "http://ci:hunter2@")
        XCTAssertEqual(compile("--demo", "20", "--out", "a", "--store", "sa", "--remote", withUser,
                               "--remote-header", "X-Cache-Token: t0ken"), 0, h.err)
        XCTAssertTrue(h.out.contains("20 rendered, 0 local, 0 seed, 0 remote"), "nothing B serves is a hit: \(h.out)")
        let atB = b.log()
        XCTAssertEqual(atB.filter { $0.headers["authorization"] != nil || $0.headers["x-cache-token"] != nil }.count, 0, "\(atB)")
        XCTAssertEqual(atB.count, 0, "no request is sent to B at all")
        XCTAssertTrue(a.log().allSatisfy { $0.headers["x-cache-token"] == "t0ken" }, "A, the URL given, gets the credentials")
        XCTAssertEqual(warnings(), 1, h.err)
        XCTAssertTrue(h.err.contains("HTTP 302") && h.err.contains("redirect"), h.err)
        XCTAssertFalse(h.err.contains("hunter2"), h.err)
    }

    /// A 302 whose body never ends. Before: FoundationNetworking buffered the body of a redirect
    /// itself (out of the delegate's reach) and `cancel()` at the timeout never returned: the
    /// compile hung for good.
    func testRedirectWithEndlessBodyDoesNotHang() throws {
        let a = try start("redirect-endless", "http://127.0.0.1:9")
        let done = DispatchSemaphore(value: 0)
        let status = ExitBox()
        let h = self.h!
        Thread.detachNewThread {
            status.value = h.run("compile", "--demo", "3", "--out", "a", "--store", "sa", "--remote", a.url, "--remote-timeout", "2")
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success, "the compile came back")
        XCTAssertEqual(status.value, 0, h.err)
        XCTAssertTrue(h.out.contains("3 rendered"), h.out)
        for r in a.log() { XCTAssertLessThan(r.sent, 32 << 20, "\(r)") }
    }

    // MARK: Helpers

    @discardableResult
    private func compile(_ args: String...) -> Int32 { h.run(["compile"] + args) }

    private func warnings() -> Int { h.err.split(separator: "\n").filter { $0.contains("warning:") }.count }

    /// Written by one thread before a semaphore signal, read after the wait.
    final class ExitBox: @unchecked Sendable { var value: Int32 = -1 }

    struct Request: CustomStringConvertible {
        var method: String
        var path: String
        var headers: [String: String]
        var status: Int
        var sent: Int
        var description: String { "\(method) \(path) → \(status), \(sent) body bytes taken" }
    }

    struct Server {
        let port: Int
        let logPath: String
        var url: String { "http://127.0.0.1:\(port)/c" }

        func log() -> [Request] {
            guard let text = try? String(contentsOfFile: logPath, encoding: .utf8) else { return [] }
            return text.split(separator: "\n").compactMap { line in
                guard let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
                return Request(method: o["method"] as? String ?? "", path: o["path"] as? String ?? "",
                               headers: o["headers"] as? [String: String] ?? [:], status: o["status"] as? Int ?? 0,
                               sent: o["sent"] as? Int ?? 0)
            }
        }

        func clearLog() { try? Data().write(to: URL(fileURLWithPath: logPath)) }
    }

    static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/hostile-remote.py").path
    }

    /// Starts `scripts/hostile-remote.py MODE ARGS` with a log; returns once it listens.
    private func start(_ mode: String, _ args: String...) throws -> Server {
        let log = h.root + "/server-\(children.count).log"
        let (p, port) = try LoopbackPythonServer.start([Self.script, "--log", log, mode] + args)
        children.append(p)
        return Server(port: port, logPath: log)
    }
}
