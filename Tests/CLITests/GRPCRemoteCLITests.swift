import Cache
import Foundation
import Tasks
import XCTest
@testable import CLI

/// `--remote grpc://…` against real BuildGrid servers (REAPI v2: ActionCache, CAS, ByteStream).
/// Each test starts a private one on loopback with the `bgd` that scripts/test.sh installs and
/// exports as `$ORCHESTRATE_TEST_BGD` (so a test may stop, freeze or damage its server); without
/// it these tests skip, saying so.
final class GRPCRemoteCLITests: XCTestCase {
    private var h: CLIHarness!
    private var servers: [BuildGridServer] = []

    override func setUpWithError() throws {
        h = try CLIHarness()
    }

    override func tearDown() {
        for s in servers { s.stop() }
        h.cleanUp()
    }

    // MARK: Sharing

    /// Runner A renders and uploads; runner B (empty store, empty --out) renders nothing, and in
    /// few calls; then only a changed task set renders.
    func testRunnerBReusesEverythingRunnerAUploaded() throws {
        let url = try server().url
        XCTAssertEqual(h.run("compile", "--demo", "60", "--out", "a", "--store", "sa", "--remote", url), 0, h.err)
        XCTAssertTrue(h.out.contains("60 rendered, 0 local, 0 seed, 0 remote"), h.out)
        XCTAssertTrue(h.out.contains("0 hits, 60 misses") && h.out.contains("60 objects and 60 entries up"), h.out)
        XCTAssertEqual(warnings(), 0, h.err)

        XCTAssertEqual(h.run("compile", "--demo", "60", "--out", "b", "--store", "sb", "--remote", url), 0, h.err)
        XCTAssertTrue(h.out.contains("0 rendered, 0 local, 0 seed, 60 remote"), h.out)
        XCTAssertTrue(h.out.contains("0 objects and 0 entries up"), h.out)
        XCTAssertEqual(warnings(), 1, "no key: the entries were taken on trust, said once: \(h.err)")
        XCTAssertEqual(tree("b"), tree("a"))
        // GetCapabilities, one GetActionResult per key (REAPI has no batch form; they are in
        // flight together), and the objects in one BatchReadBlobs per wave of the executor.
        let calls = try XCTUnwrap(requests())
        XCTAssertLessThanOrEqual(calls, 1 + 60 + 4, h.out)

        XCTAssertEqual(h.run("compile", "--demo", "60", "--demo-variant", "1", "--out", "b", "--store", "sb", "--remote", url), 0, h.err)
        XCTAssertTrue(h.out.contains("2 rendered, 58 local"), h.out)
        XCTAssertTrue(h.out.contains("2 objects and 2 entries up"), h.out)
        XCTAssertEqual(h.run("compile", "--demo", "60", "--demo-variant", "1", "--out", "c", "--store", "sc", "--remote", url), 0, h.err)
        XCTAssertTrue(h.out.contains("0 rendered, 0 local, 0 seed, 60 remote"), h.out)
        XCTAssertEqual(tree("c"), tree("b"))
    }

    /// A 6 MiB artifact is above BuildGrid's batch limit (4 MiB): it goes up through
    /// ByteStream.Write and comes back through ByteStream.Read, verified.
    func testArtifactAboveTheBatchLimitGoesThroughByteStream() throws {
        let url = try server().url
        var bytes = [UInt8](repeating: 0, count: 6 << 20)
        for i in bytes.indices { bytes[i] = UInt8(truncatingIfNeeded: i &* 2654435761 >> 13) }
        FileManager.default.createFile(atPath: h.root + "/app.apk", contents: Data(bytes))
        let d = Digest.of("native input").hex
        XCTAssertEqual(h.run("artifact", "put", "app.apk", "--platform", "android", "--digest", d, "--store", "sa", "--remote", url), 0, h.err)
        XCTAssertEqual(h.run("artifact", "get", "out.apk", "--platform", "android", "--digest", d, "--store", "sb", "--remote", url), 0, h.err)
        XCTAssertEqual(FileManager.default.contents(atPath: h.root + "/out.apk"), Data(bytes))
        XCTAssertEqual(warnings(), 1, "only the unsigned entry taken on trust: \(h.err)")
    }

    // MARK: Poison

    /// A blob the server holds damaged (its bytes no longer hash to its digest): that task is a
    /// miss, named once in a warning, and renders locally; the tree is the same.
    func testDamagedBlobOnTheServerIsAMiss() throws {
        let s = try server(disk: true)
        XCTAssertEqual(h.run("compile", "--demo", "20", "--out", "a", "--store", "sa", "--remote", s.url), 0, h.err)
        // The stored bytes of one output file (the storage holds the action results too).
        let objects = s.dir + "/storage/cas/objects"
        let hex = try XCTUnwrap(tree("a").values.map { Digest.of([UInt8]($0)).hex }.sorted().first {
            FileManager.default.fileExists(atPath: objects + "/" + $0.prefix(2) + "/" + $0.dropFirst(2))
        })
        let (shard, name) = (String(hex.prefix(2)), String(hex.dropFirst(2)))
        let file = objects + "/" + shard + "/" + name
        var damaged = try XCTUnwrap(FileManager.default.contents(atPath: file))
        damaged[0] ^= 0xff
        try damaged.write(to: URL(fileURLWithPath: file))

        XCTAssertEqual(h.run("compile", "--demo", "20", "--out", "b", "--store", "sb", "--remote", s.url), 0, h.err)
        XCTAssertTrue(h.err.contains("remote object \(shard + name)") && h.err.contains("is corrupt"), h.err)
        XCTAssertTrue(h.out.contains("rendered") && !h.out.contains(" 0 rendered"), h.out)
        XCTAssertEqual(tree("b"), tree("a"))
    }

    /// With a key, entries an unkeyed runner uploaded (unsigned) are rejected, once, and render.
    func testUnsignedEntriesAreRejectedWhenAKeyIsSet() throws {
        let url = try server().url
        XCTAssertEqual(h.run("compile", "--demo", "10", "--out", "a", "--store", "sa", "--remote", url), 0, h.err)
        h.environment["ORCHESTRATE_REMOTE_KEY"] = "a key of trusted CI, 32 bytes or so"
        XCTAssertEqual(h.run("compile", "--demo", "10", "--out", "b", "--store", "sb", "--remote", url), 0, h.err)
        XCTAssertTrue(h.out.contains("10 rendered, 0 local, 0 seed, 0 remote"), h.out)
        XCTAssertEqual(warnings(), 1, h.err)
        XCTAssertTrue(h.err.contains("has no signature (and 9 more)"), h.err)
        // It replaced them by signed ones: a third keyed runner takes them.
        XCTAssertEqual(h.run("compile", "--demo", "10", "--out", "c", "--store", "sc", "--remote", url), 0, h.err)
        XCTAssertTrue(h.out.contains("0 rendered, 0 local, 0 seed, 10 remote"), h.out)
        XCTAssertEqual(warnings(), 0, h.err)
    }

    // MARK: Failures: one warning naming the gRPC status, then local only

    /// The server dies mid-run (killed when the run draws its first progress line, after the
    /// first wave of lookups):
    /// the uploads fail with UNAVAILABLE, one warning, and the compile succeeds.
    func testServerStoppedMidRunOpensTheBreaker() throws {
        let s = try server()
        XCTAssertEqual(h.run("compile", "--demo", "30", "--out", "a", "--store", "sa", "--remote", s.url), 0, h.err)
        var out = ""
        var err = ""
        let lock = NSLock()
        let ctx = Context(environment: h.environment, currentDirectory: h.root, stdoutIsTerminal: false,
                          out: { text in lock.lock(); out += text; lock.unlock() },
                          err: { text in
                              lock.lock(); err += text; lock.unlock()
                              if text.hasPrefix("\r[") { s.stop() }
                          })
        let code = CLI.main(["compile", "--demo", "30", "--demo-variant", "2", "--out", "b", "--store", "sa", "--remote", s.url, "--progress"], context: ctx)
        XCTAssertEqual(code, 0, err)
        XCTAssertTrue(err.contains("\r["), "a progress line was drawn (and the server killed then): \(err)")
        let lines = err.split(separator: "\n").filter { $0.contains("warning:") }
        XCTAssertEqual(lines.count, 1, err)
        XCTAssertTrue(lines.first?.contains("UNAVAILABLE") == true, err)
        XCTAssertTrue(lines.first?.contains("remote cache disabled for the rest of this run") == true, err)
        XCTAssertTrue(out.contains("30 tasks:"), out)
        // The next run, with the server gone from the start: the same, from GetCapabilities.
        XCTAssertEqual(h.run("compile", "--demo", "30", "--out", "c", "--store", "sc", "--remote", s.url), 0, h.err)
        XCTAssertTrue(h.out.contains("30 rendered") && h.out.contains("disabled after a failure"), h.out)
        XCTAssertEqual(warnings(), 1, h.err)
        XCTAssertTrue(h.err.contains("gRPC UNAVAILABLE: Capabilities.GetCapabilities"), h.err)
        XCTAssertEqual(tree("c"), tree("a"))
    }

    /// A server that accepts the connection and never answers (frozen with SIGSTOP): each call
    /// ends at the deadline, DEADLINE_EXCEEDED, one warning, and the run goes on locally.
    func testFrozenServerEndsAtTheDeadline() throws {
        let s = try server()
        s.freeze()
        let started = Date()
        XCTAssertEqual(h.run("compile", "--demo", "10", "--out", "a", "--store", "sa", "--remote", s.url, "--remote-timeout", "0.5"), 0, h.err)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "one call waits 0.5 s, then the breaker is open")
        XCTAssertTrue(h.out.contains("10 rendered"), h.out)
        XCTAssertEqual(warnings(), 1, h.err)
        XCTAssertTrue(h.err.contains("gRPC DEADLINE_EXCEEDED"), h.err)
    }

    /// An instance the server does not serve: INVALID_ARGUMENT, named, with the option to check.
    func testWrongInstanceNameIsOneWarning() throws {
        let url = try server().url
        XCTAssertEqual(h.run("compile", "--demo", "10", "--out", "a", "--store", "sa", "--remote", url, "--remote-instance", "nope"), 0, h.err)
        XCTAssertTrue(h.out.contains("10 rendered"), h.out)
        XCTAssertEqual(warnings(), 1, h.err)
        XCTAssertTrue(h.err.contains("gRPC INVALID_ARGUMENT: Capabilities.GetCapabilities"), h.err)
        XCTAssertTrue(h.err.contains("check --remote-instance"), h.err)
    }

    /// Without gRPC's library (here: a name that does not exist), a grpc:// remote is one warning
    /// naming the package to install; the compile goes on locally.
    func testMissingLibraryNamesThePackage() throws {
        h.environment["ORCHESTRATE_LIBGRPC"] = "libgrpc-not-installed.so.0"
        XCTAssertEqual(h.run("compile", "--demo", "5", "--out", "a", "--store", "sa", "--remote", "grpc://127.0.0.1:\(NginxServer.freePort())"), 0, h.err)
        XCTAssertTrue(h.out.contains("5 rendered"), h.out)
        XCTAssertEqual(warnings(), 1, h.err)
        XCTAssertTrue(h.err.contains("gRPC's C core could not be loaded") && h.err.contains("libgrpc-not-installed.so.0")
                      && h.err.contains("apt-get install libgrpc29"), h.err)
    }

    /// The release binary does not link libgrpc: it runs where the library is not installed.
    func testBinaryDoesNotLinkLibgrpc() throws {
        let ldd = try ExternalTool.find("ldd", installedBy: "libc-bin")
        let r = try ldd.run([try BuiltBinary.path()])
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertTrue(r.out.contains("libsqlite3"), "ldd listed the binary's libraries: \(r.out)")
        XCTAssertFalse(r.out.contains("libgrpc"), r.out)
    }

    // MARK: Bad input: usage errors, nothing written

    func testBadRemoteOptionsAreUsageErrors() throws {
        let cases: [([String], Int32, String)] = [
            (["--remote", "grpc://cache.example"], 64, "a gRPC remote needs a port"),
            (["--remote", "grpc://cache.example:9092/prefix"], 64, "takes no path"),
            (["--remote", "ftp://cache.example/"], 64, "not an http://, https://, grpc:// or grpcs:// URL"),
            (["--remote", "http://cache.example/", "--remote-instance", "main"], 64, "--remote-instance applies to a grpc:// or grpcs:// remote"),
            (["--remote", "grpc://cache.example:9092", "--remote-ca", "ca.pem"], 64, "--remote-ca applies to a grpcs:// remote"),
            (["--remote", "grpcs://cache.example:9092", "--remote-ca", "missing.pem"], 66, "remote CA file missing.pem does not exist"),
            (["--remote-instance", "main"], 64, "--remote-instance needs --remote URL"),
            // gRPC metadata: a name of a-z 0-9 - _ . (sent lower-cased), a value of printable ASCII.
            (["--remote", "grpcs://cache.example:9092", "--remote-header", "X@Y: v"], 64,
             "--remote-header X@Y: cannot be sent as gRPC metadata: a name takes only letters, digits, '-', '_' and '.'"),
            (["--remote", "grpc://cache.example:9092", "--remote-header", "X-Team: café"], 64,
             "--remote-header X-Team: cannot be sent as gRPC metadata: a value takes only printable ASCII"),
        ]
        for (args, code, text) in cases {
            XCTAssertEqual(h.run(["compile", "--demo", "3", "--out", "out", "--store", "s"] + args), code, "\(args): \(h.err)")
            XCTAssertTrue(h.err.contains(text), "\(args): \(h.err)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: h.root + "/out"), "\(args): nothing written")
        }
    }

    // MARK: Helpers

    private func server(disk: Bool = false) throws -> BuildGridServer {
        let s = try BuildGridServer.start(disk: disk)
        servers.append(s)
        return s
    }

    private func warnings() -> Int { h.err.split(separator: "\n").filter { $0.contains("warning:") }.count }

    /// The call count from the remote summary line.
    private func requests() -> Int? {
        guard let r = h.out.range(of: #"; (\d+) requests"#, options: .regularExpression) else { return nil }
        return Int(h.out[r].dropFirst(2).prefix { $0.isNumber })
    }

    private func tree(_ dir: String) -> [String: Data] { h.tree(dir) }
}

/// A private BuildGrid on loopback (scripts/buildgrid-cache.sh), stopped by the test.
final class BuildGridServer: @unchecked Sendable {
    let url: String
    let dir: String
    let port: Int
    private let lock = NSLock()
    private var stopped = false

    private init(url: String, dir: String, port: Int) {
        self.url = url
        self.dir = dir
        self.port = port
    }

    static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/buildgrid-cache.sh").path
    }

    /// `disk`: blobs in files under `dir`; `tls`: over TLS (`grpcs://localhost:PORT`) with a
    /// throwaway CA and JWTs in `dir` (`ca`, `token(_:)`; see scripts/buildgrid-cache.sh).
    static func start(disk: Bool = false, tls: Bool = false) throws -> BuildGridServer {
        guard let bgd = ProcessInfo.processInfo.environment["ORCHESTRATE_TEST_BGD"], !bgd.isEmpty else {
            throw XCTSkip("ORCHESTRATE_TEST_BGD is not set: no BuildGrid to start (scripts/test.sh installs one and sets it)")
        }
        let port = NginxServer.freePort()
        let dir = NSTemporaryDirectory() + "orchestrate-bgd-" + UUID().uuidString
        let mode = tls ? ["tls", String(NginxServer.freePort())] : disk ? ["disk"] : []
        let status = run(["start", String(port), dir] + mode, bgd: bgd)
        guard status == 0 else {
            let log = (try? String(contentsOfFile: dir + "/bgd.log", encoding: .utf8)) ?? ""
            XCTFail("could not start BuildGrid (\(status)): \(log)")
            throw XCTSkip("no BuildGrid")
        }
        return BuildGridServer(url: tls ? "grpcs://localhost:\(port)" : "grpc://127.0.0.1:\(port)", dir: dir, port: port)
    }

    /// TLS: the CA that signed the server's certificate.
    var ca: String { dir + "/tls/ca.pem" }

    /// TLS: the JWT `writer`, `reader` or `wrong` (for the instance `auth`).
    func token(_ name: String) throws -> String {
        try String(contentsOfFile: dir + "/auth/\(name).jwt", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private var pid: pid_t? {
        (try? String(contentsOfFile: dir + "/bgd.pid", encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// SIGSTOP: the listening socket stays open, nothing answers.
    func freeze() { if let pid { kill(pid, SIGSTOP) } }

    /// Kills the server (and waits until it is gone); then removes its folder.
    func stop() {
        lock.lock(); defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        if let pid {
            kill(pid, SIGKILL)
            kill(pid, SIGCONT)
            for _ in 0..<200 where kill(pid, 0) == 0 {
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid { break }
                usleep(10_000)
            }
        }
        try? FileManager.default.removeItem(atPath: dir)
    }

    private static func run(_ args: [String], bgd: String) -> Int32 {
        // Through posix_spawn with output to a file: the daemon must not hold a pipe of ours.
        NginxServer.run(["/usr/bin/env", "ORCHESTRATE_BGD=\(bgd)", "/bin/bash", script] + args, log: NSTemporaryDirectory() + "orchestrate-bgd-start.log")
    }
}
