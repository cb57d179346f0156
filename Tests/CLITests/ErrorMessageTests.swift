import Cache
import Foundation
import XCTest
@testable import CLI

/// The advice the CLI gives in terms of its options (`--store`, `--remote-header`,
/// `--remote-upload=false`), which the libraries leave out of their own messages: pinned byte for
/// byte, as users saw it before the libraries stopped naming flags.
final class ErrorMessageTests: XCTestCase {
    private var h: CLIHarness!

    override func setUpWithError() throws { h = try CLIHarness() }
    override func tearDown() { h.cleanUp() }

    private var plan: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/notes.plan.json").path
    }

    func testAnIndexThatCannotBeOpenedSuggestsAnotherStore() throws {
        try FileManager.default.createDirectory(atPath: h.root + "/store/ac.sqlite", withIntermediateDirectories: true)
        XCTAssertEqual(h.run("compile", plan, "--out", "out", "--store", "store"), 74)
        XCTAssertEqual(h.err, "orchestrate compile: error: action cache \(h.root)/store/ac.sqlite: SQLite error 14: unable to open database file;"
            + " check that its folder exists and is writable, or pass another --store\n")
    }

    func testANewerIndexSuggestsAnotherStore() throws {
        _ = try LocalStore(root: h.root + "/store")
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        sqlite.arguments = ["python3", "-c", "import sqlite3; c = sqlite3.connect('\(h.root)/store/ac.sqlite'); c.execute('PRAGMA user_version = 9'); c.commit()"]
        try sqlite.run()
        sqlite.waitUntilExit()
        XCTAssertEqual(sqlite.terminationStatus, 0)
        XCTAssertEqual(h.run("compile", plan, "--out", "out", "--store", "store"), 74)
        XCTAssertEqual(h.err, "orchestrate compile: error: action cache \(h.root)/store/ac.sqlite has schema version 9 but this orchestrate reads"
            + " version \(SQLiteActionCache.schemaVersion); upgrade orchestrate or use another --store\n")
    }

    /// A chain whose remote answers every request with `status(method)`, its warnings as the CLI prints them.
    private func warnings(_ status: @escaping @Sendable (String) -> Int, upload: Bool) throws -> String {
        let remote = HTTPRemoteCache(options: try RemoteOptions(url: "http://cache.example/c")) { r in .init(status: status(r.method)) }
        let chain = StoreChain(local: try LocalStore(root: h.root + "/store"), remote: remote)
        XCTAssertNil(chain.lookup(Digest.of("key")))
        if upload { _ = try chain.store(key: Digest.of("key"), outputs: [("f", Array("bytes".utf8), false)], release: "r") }
        var err = ""
        StoreOptions.report(chain, Context(environment: [:], currentDirectory: h.root, stdoutIsTerminal: false, out: { _ in }, err: { err += $0 }))
        return err
    }

    func testRefusedCredentialsSuggestTheRemoteHeader() throws {
        let err = try warnings({ _ in 401 }, upload: false)
        XCTAssertEqual(err, "orchestrate: warning: remote store read failed: remote cache http://cache.example/c/ac/\(Digest.of("key").hex): HTTP 401: GET:"
            + " check --remote-header or the URL's user:password; remote cache disabled for the rest of this run; treated as a miss\n")
    }

    func testARefusedUploadSuggestsReadOnlyRunners() throws {
        let err = try warnings({ $0 == "PUT" ? 403 : 404 }, upload: true)
        let object = Digest.of(Array("bytes".utf8)).hex
        XCTAssertEqual(err, "orchestrate: warning: remote store write failed: http://cache.example/c refused an upload:"
            + " remote cache http://cache.example/c/cas/\(object): HTTP 403: PUT: check --remote-header or the URL's user:password;"
            + " uploads are off for the rest of this run, reads go on (give read-only runners --remote-upload=false); continuing\n")
    }

    /// A failed TLS handshake names the options that decide it: the CA, the host, the scheme.
    func testATLSHandshakeFailureSuggestsTheRemoteCA() {
        let e = CacheError.remoteCall(url: "grpcs://cache:443", method: "Capabilities.GetCapabilities", status: .unavailable,
                                      details: "failed to connect to all addresses; last error: UNKNOWN: ipv4:10.0.0.1:443: Peer name cache is not in peer certificate")
        XCTAssertEqual(ErrorMessage.of(e), "\(e); check --remote-ca (the PEM file of the CA that signed the server's certificate),"
            + " the host name in --remote, or grpc:// for a server without TLS")
        let noAnswer = CacheError.remoteCall(url: "grpcs://cache:443", method: "Capabilities.GetCapabilities", status: .unavailable, details: "Connection refused")
        XCTAssertEqual(ErrorMessage.of(noAnswer), "\(noAnswer)")
    }

    /// No command opens a store read-only today; the advice is pinned all the same.
    func testAReadOnlyStoreSuggestsAWritableStore() {
        XCTAssertEqual(ErrorMessage.of(CacheError.readOnlyStore(path: "/s") as Error),
                       "store /s is read-only; pass a writable --store DIR or set ORCHESTRATE_STORE")
        XCTAssertEqual(ErrorMessage.of(CacheError.remoteStatus(url: "http://c/ac/k", method: "GET", status: 404) as Error),
                       "remote cache http://c/ac/k: HTTP 404: GET: unexpected answer", "other statuses as the library says them")
    }
}
