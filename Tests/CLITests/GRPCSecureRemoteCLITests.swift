import Foundation
import XCTest
@testable import CLI

/// `--remote grpcs://…` against BuildGrid over TLS (`scripts/buildgrid-cache.sh start PORT DIR
/// tls NAME_PORT`: a throwaway CA and server certificate made by openssl at test time, JWT bearer
/// tokens for the instance `auth`).
///
/// Tests that only read, or fail before anything is written, use the server scripts/test.sh
/// starts, from what it exports: `ORCHESTRATE_TEST_GRPCS_REMOTE` (grpcs://localhost:PORT),
/// `ORCHESTRATE_TEST_GRPCS_CA` (beside it: other-ca.pem, a CA that signed nothing we serve;
/// server.pem and server.key), `ORCHESTRATE_TEST_GRPCS_WRONG_NAME_REMOTE` (a certificate from that
/// CA for another host) and `ORCHESTRATE_TEST_GRPCS_TOKEN`, `_READ_TOKEN`, `_WRONG_TOKEN`. Tests
/// that count what runners upload start a private one, fresh, with `ORCHESTRATE_TEST_BGD`.
/// Without those variables these tests skip, saying so.
///
/// Failures that must print exactly one line run the built binary as a child process, whose
/// standard error holds whatever gRPC's C core prints too.
final class GRPCSecureRemoteCLITests: XCTestCase {
    private var h: CLIHarness!

    override func setUpWithError() throws {
        h = try CLIHarness()
    }

    override func tearDown() {
        for s in servers { s.stop() }
        h.cleanUp()
    }

    // MARK: TLS

    /// Runner A uploads over TLS, trusting the test CA through --remote-ca; runner B (empty store,
    /// empty --out) names the server by its address (the certificate's IP name) and renders nothing.
    func testRunnerBReusesWhatRunnerAUploadedOverTLS() throws {
        let s = try privateServer()
        XCTAssertEqual(h.run("compile", "--demo", "20", "--out", "a", "--store", "sa", "--remote", s.url, "--remote-ca", s.ca), 0, h.err)
        XCTAssertTrue(h.out.contains("20 rendered, 0 local, 0 seed, 0 remote"), h.out)
        XCTAssertTrue(h.out.contains("0 hits, 20 misses") && h.out.contains("20 objects and 20 entries up"), h.out)
        XCTAssertEqual(warnings(h.err), [], h.err)

        let byAddress = s.url.replacingOccurrences(of: "//localhost:", with: "//127.0.0.1:")
        XCTAssertEqual(h.run("compile", "--demo", "20", "--out", "b", "--store", "sb", "--remote", byAddress, "--remote-ca", s.ca), 0, h.err)
        XCTAssertTrue(h.out.contains("0 rendered, 0 local, 0 seed, 20 remote"), h.out)
        XCTAssertTrue(h.out.contains("20 hits") && h.out.contains("0 objects and 0 entries up"), h.out)
        XCTAssertEqual(warnings(h.err).count, 1, "only the unsigned entries taken on trust: \(h.err)")
        XCTAssertTrue(h.err.contains("used without a verified signature"), h.err)
        XCTAssertEqual(h.tree("b"), h.tree("a"))
    }

    /// A CA that did not sign the server's certificate: the handshake fails, one line on standard
    /// error (the warning naming the TLS failure, nothing from gRPC's core), nothing up, and the
    /// compile renders everything locally and succeeds.
    func testCertificateFromAnotherCAFailsClosed() throws {
        let s = try TLSServer.fromEnvironment()
        let r = try orchestrate(["compile", "--demo", "10", "--out", "a", "--store", "sa", "--remote", s.url, "--remote-ca", s.otherCA,
                                 "--remote-header", "Authorization: Bearer \(s.token)"])
        XCTAssertEqual(r.status, 0, r.err)
        assertFailedClosed(r, tasks: 10, naming: "certificate verify failed")
        // The control: asked for with gRPC's own switch, the core's line is there, so the check
        // above would see it.
        let verbose = try orchestrate(["compile", "--demo", "10", "--out", "b", "--store", "sb", "--remote", s.url, "--remote-ca", s.otherCA],
                                      environment: ["GRPC_VERBOSITY": "ERROR"])
        XCTAssertEqual(verbose.err.split(separator: "\n").count, 2, verbose.err)
        XCTAssertTrue(verbose.err.contains("Handshake failed with fatal error"), verbose.err)
    }

    /// Without --remote-ca the system's trust store is used: it does not hold a private CA, so the
    /// same failure. With `SSL_CERT_FILE` naming the test CA (the system store's override), the
    /// same command works: the default is that file, not a trust-everything.
    func testSystemRootsDoNotTrustAPrivateCA() throws {
        let s = try TLSServer.fromEnvironment()
        let args = ["compile", "--demo", "5", "--remote", s.url, "--remote-upload=false"]
        let r = try orchestrate(args + ["--out", "a", "--store", "sa"])
        XCTAssertEqual(r.status, 0, r.err)
        assertFailedClosed(r, tasks: 5, naming: "certificate verify failed")

        let trusted = try orchestrate(args + ["--out", "b", "--store", "sb"], environment: ["SSL_CERT_FILE": s.ca])
        XCTAssertEqual(trusted.status, 0, trusted.err)
        XCTAssertEqual(trusted.err, "", "no warning: the server answered over TLS")
        XCTAssertTrue(trusted.out.contains("5 misses; 6 requests") && !trusted.out.contains("disabled"), trusted.out)
    }

    /// A certificate the trusted CA issued for another host name: refused, the same way.
    func testCertificateForAnotherHostFailsClosed() throws {
        let s = try TLSServer.fromEnvironment()
        let r = try orchestrate(["compile", "--demo", "5", "--out", "a", "--store", "sa", "--remote", s.wrongNameURL, "--remote-ca", s.ca])
        XCTAssertEqual(r.status, 0, r.err)
        assertFailedClosed(r, tasks: 5, naming: "Peer name localhost is not in peer certificate")
    }

    /// grpcs:// to a server without TLS (the plaintext BuildGrid): the handshake fails, the same way.
    func testGRPCSToAPlaintextServerFailsClosed() throws {
        let s = try TLSServer.fromEnvironment()
        guard let plain = ProcessInfo.processInfo.environment["ORCHESTRATE_TEST_GRPC_REMOTE"], !plain.isEmpty else {
            throw XCTSkip("ORCHESTRATE_TEST_GRPC_REMOTE is not set: no plaintext BuildGrid (scripts/test.sh starts one)")
        }
        let url = plain.replacingOccurrences(of: "grpc://127.0.0.1:", with: "grpcs://localhost:")
        let r = try orchestrate(["compile", "--demo", "5", "--out", "a", "--store", "sa", "--remote", url, "--remote-ca", s.ca])
        XCTAssertEqual(r.status, 0, r.err)
        assertFailedClosed(r, tasks: 5, naming: "wrong version number")
    }

    /// What an untrusted server receives: nothing. `scripts/tls-recorder.py` serves the test
    /// server's own certificate and records every byte a client sends. Trusting its CA (the
    /// control), the recorder sees the HTTP/2 preface and the bearer token; trusting another CA,
    /// the client aborts the handshake and the recorder sees no byte.
    func testNothingReachesAServerWhoseCertificateIsNotTrusted() throws {
        let s = try TLSServer.fromEnvironment()
        let log = h.root + "/recorder.log"
        let script = Self.repository.appendingPathComponent("scripts/tls-recorder.py").path
        let (recorder, port) = try LoopbackPythonServer.start([script, s.serverCert, s.serverKey, log])
        defer { recorder.terminate(); recorder.waitUntilExit() }
        let canary = "canary-" + UUID().uuidString
        let url = "grpcs://localhost:\(port)"

        let control = try orchestrate(["compile", "--demo", "3", "--out", "a", "--store", "sa", "--remote", url, "--remote-ca", s.ca,
                                       "--remote-timeout", "1", "--remote-header", "Authorization: Bearer \(canary)"])
        XCTAssertEqual(control.status, 0, control.err)
        XCTAssertTrue(control.err.contains("gRPC DEADLINE_EXCEEDED: Capabilities.GetCapabilities"), "the recorder never answers: \(control.err)")
        let seen = try recorded(log, connections: 1)
        XCTAssertEqual(seen.first?.handshake, "ok")
        XCTAssertTrue(seen.first?.received.hasPrefix("PRI * HTTP/2.0") == true, "the recorder sees what a trusting client sends")
        XCTAssertTrue(seen.first?.received.contains(canary) == true, "the token travels in the call's headers (HPACK literal)")

        try FileManager.default.removeItem(atPath: log)
        let r = try orchestrate(["compile", "--demo", "3", "--out", "b", "--store", "sb", "--remote", url, "--remote-ca", s.otherCA,
                                 "--remote-timeout", "1", "--remote-header", "Authorization: Bearer \(canary)"])
        XCTAssertEqual(r.status, 0, r.err)
        assertFailedClosed(r, tasks: 3, naming: "certificate verify failed")
        let refused = try recorded(log, connections: 1)
        XCTAssertTrue(refused.allSatisfy { $0.handshake != "ok" && $0.received.isEmpty }, "\(refused)")
    }

    // MARK: Bearer tokens as call metadata (BuildGrid's JWT check, instance `auth`)

    /// A writer's token uploads; a reader's token (the server's ACL allows it GetCapabilities,
    /// GetActionResult, BatchReadBlobs and ByteStream Read) reads all of it; with a changed task
    /// the reader's upload is refused, UNAUTHENTICATED in one warning, and reads go on (the
    /// breaker stays closed).
    func testBearerTokenReachesTheServer() throws {
        let s = try privateServer()
        let remote = ["--remote", s.url, "--remote-ca", s.ca, "--remote-instance", "auth"]
        XCTAssertEqual(h.run(["compile", "--demo", "20", "--out", "a", "--store", "sa", "--remote-header", "Authorization: Bearer \(try s.token("writer"))"] + remote), 0, h.err)
        XCTAssertTrue(h.out.contains("20 rendered, 0 local, 0 seed, 0 remote"), h.out)
        XCTAssertTrue(h.out.contains("20 objects and 20 entries up"), h.out)
        XCTAssertEqual(warnings(h.err), [], h.err)

        // The header's name as the user typed it, in either case (metadata keys are lower case).
        let reader = ["--remote-header", "authorization: Bearer \(try s.token("reader"))"]
        XCTAssertEqual(h.run(["compile", "--demo", "20", "--out", "b", "--store", "sb"] + reader + remote), 0, h.err)
        XCTAssertTrue(h.out.contains("0 rendered, 0 local, 0 seed, 20 remote"), h.out)
        XCTAssertEqual(warnings(h.err).count, 1, "only the unsigned entries taken on trust: \(h.err)")
        XCTAssertEqual(h.tree("b"), h.tree("a"))

        // Variant 1 changes task 0 and task 3, which depends on it.
        XCTAssertEqual(h.run(["compile", "--demo", "20", "--demo-variant", "1", "--out", "c", "--store", "sc"] + reader + remote), 0, h.err)
        XCTAssertTrue(h.out.contains("2 rendered, 0 local, 0 seed, 18 remote"), h.out)
        XCTAssertTrue(h.out.contains("18 hits") && h.out.contains("0 objects and 0 entries up") && !h.out.contains("disabled"), h.out)
        let lines = warnings(h.err)
        XCTAssertEqual(lines.count, 2, h.err)
        let refused = lines.first { $0.contains("refused an upload") } ?? ""
        XCTAssertTrue(refused.contains("gRPC UNAUTHENTICATED: ContentAddressableStorage.FindMissingBlobs"), h.err)
        XCTAssertTrue(refused.contains("reads go on"), h.err)

        // The reader that knows it may not write asks for nothing but reads: no warning of it.
        XCTAssertEqual(h.run(["compile", "--demo", "20", "--demo-variant", "1", "--out", "d", "--store", "sd", "--remote-upload=false"] + reader + remote), 0, h.err)
        XCTAssertTrue(h.out.contains("2 rendered, 0 local, 0 seed, 18 remote"), h.out)
        XCTAssertEqual(warnings(h.err).count, 1, "only the unsigned entries taken on trust: \(h.err)")
    }

    /// No token, or one signed with another secret: the first call (GetCapabilities) is refused,
    /// UNAUTHENTICATED named in one warning with the option to check; nothing else is asked or
    /// sent, and the compile renders everything.
    func testMissingOrWrongTokenIsOneUnauthenticatedWarning() throws {
        let s = try TLSServer.fromEnvironment()
        for (label, header) in [("no token", [String]()), ("wrong token", ["--remote-header", "Authorization: Bearer \(s.wrongToken)"]),
                                ("a reader's token without Bearer", ["--remote-header", "Authorization: \(s.readToken)"])] {
            XCTAssertEqual(h.run(["compile", "--demo", "10", "--out", "o-\(label)", "--store", "s-\(label)", "--remote", s.url, "--remote-ca", s.ca,
                                  "--remote-instance", "auth"] + header), 0, "\(label): \(h.err)")
            XCTAssertTrue(h.out.contains("10 rendered"), "\(label): \(h.out)")
            XCTAssertTrue(h.out.contains("1 requests") && h.out.contains("0 objects and 0 entries up") && h.out.contains("disabled after a failure"), "\(label): \(h.out)")
            let lines = warnings(h.err)
            XCTAssertEqual(lines.count, 1, "\(label): \(h.err)")
            XCTAssertTrue(lines.first?.contains("gRPC UNAUTHENTICATED: Capabilities.GetCapabilities") == true, "\(label): \(h.err)")
            XCTAssertTrue(lines.first?.contains("check --remote-header") == true, "\(label): \(h.err)")
        }
    }

    // MARK: Helpers

    private var servers: [BuildGridServer] = []

    /// A fresh BuildGrid over TLS of this test's own, stopped at tear-down.
    private func privateServer() throws -> BuildGridServer {
        let s = try BuildGridServer.start(tls: true)
        servers.append(s)
        return s
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func warnings(_ err: String) -> [Substring] { err.split(separator: "\n").filter { $0.contains("warning:") } }

    /// A TLS failure at the first call: exactly one line on standard error, the warning naming
    /// UNAVAILABLE, the handshake and `detail`, with the options to check; everything rendered,
    /// nothing sent after the failed call.
    private func assertFailedClosed(_ r: (status: Int32, out: String, err: String), tasks: Int, naming detail: String,
                                    file: StaticString = #filePath, line: UInt = #line) {
        let lines = r.err.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        XCTAssertEqual(lines.count, 1, "one line on standard error, nothing from gRPC's core: \(r.err)", file: file, line: line)
        let w = String(lines.first ?? "")
        XCTAssertTrue(w.contains("warning: remote store read failed") && w.contains("gRPC UNAVAILABLE: Capabilities.GetCapabilities"), w, file: file, line: line)
        XCTAssertTrue(w.contains(detail), "names \(detail): \(w)", file: file, line: line)
        XCTAssertTrue(w.contains("the TLS handshake failed") && w.contains("check --remote-ca"), w, file: file, line: line)
        XCTAssertTrue(w.contains("remote cache disabled for the rest of this run"), w, file: file, line: line)
        XCTAssertTrue(r.out.contains("\(tasks) tasks: \(tasks) rendered"), r.out, file: file, line: line)
        XCTAssertTrue(r.out.contains("; 1 requests") && r.out.contains("0 objects and 0 entries up (0 bytes); disabled after a failure"), r.out, file: file, line: line)
    }

    /// The built binary as a child process in the harness folder, with a plain environment (no
    /// `SSL_CERT_FILE` unless given).
    private func orchestrate(_ args: [String], environment extra: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        var env = ["HOME": h.root + "/home", "NO_COLOR": "1", "PATH": "/usr/bin:/bin"]
        if let ld = ProcessInfo.processInfo.environment["LD_LIBRARY_PATH"] { env["LD_LIBRARY_PATH"] = ld }
        env.merge(extra) { $1 }
        return try ExternalTool(path: try BuiltBinary.path()).run(args, in: h.root, environment: env)
    }

    /// The recorder's log, once it holds `connections` lines (it writes one when a connection ends).
    private func recorded(_ log: String, connections: Int) throws -> [(handshake: String, received: String)] {
        var lines: [Substring] = []
        for _ in 0..<100 {
            lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
            if lines.count >= connections { break }
            usleep(50_000)
        }
        return try lines.map { l in
            let o = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(l.utf8)) as? [String: String])
            return (o["handshake"] ?? "", o["received"] ?? "")
        }
    }
}

/// The BuildGrid over TLS that scripts/test.sh started, from its environment.
struct TLSServer {
    let url: String
    let ca: String
    let wrongNameURL: String
    let token: String
    let readToken: String
    let wrongToken: String

    var otherCA: String { sibling("other-ca.pem") }
    var serverCert: String { sibling("server.pem") }
    var serverKey: String { sibling("server.key") }

    private func sibling(_ name: String) -> String { URL(fileURLWithPath: ca).deletingLastPathComponent().appendingPathComponent(name).path }

    static func fromEnvironment() throws -> TLSServer {
        let env = ProcessInfo.processInfo.environment
        guard let url = env["ORCHESTRATE_TEST_GRPCS_REMOTE"], !url.isEmpty else {
            throw XCTSkip("ORCHESTRATE_TEST_GRPCS_REMOTE is not set: no BuildGrid over TLS to test against (scripts/test.sh starts one)")
        }
        func value(_ name: String) throws -> String {
            guard let v = env[name], !v.isEmpty else {
                XCTFail("ORCHESTRATE_TEST_GRPCS_REMOTE is set but \(name) is not (scripts/test.sh exports both)")
                throw XCTSkip("incomplete test environment")
            }
            return v
        }
        return TLSServer(url: url, ca: try value("ORCHESTRATE_TEST_GRPCS_CA"), wrongNameURL: try value("ORCHESTRATE_TEST_GRPCS_WRONG_NAME_REMOTE"),
                         token: try value("ORCHESTRATE_TEST_GRPCS_TOKEN"), readToken: try value("ORCHESTRATE_TEST_GRPCS_READ_TOKEN"),
                         wrongToken: try value("ORCHESTRATE_TEST_GRPCS_WRONG_TOKEN"))
    }
}
