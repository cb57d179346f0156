import Foundation
import XCTest
@testable import Cache

/// The socket transport against `scripts/hostile-remote.py` on loopback (its honest `cache`
/// mode here; the hostile modes are driven through the CLI in `HostileRemoteTests`).
final class SocketTransportTests: XCTestCase {
    private var children: [Process] = []

    override func tearDown() {
        for p in children where p.isRunning { kill(p.processIdentifier, SIGKILL); p.waitUntilExit() }
    }

    func testLargeBodiesGoToTheSpoolFolderAndAreRemovedWithTheirBody() throws {
        let dir = try TemporaryDirectory(self)
        let url = try start(["cache"])
        var options = try RemoteOptions(url: url)
        options.memoryBodyBytes = 64 * 1024
        let c = HTTPRemoteCache(options: options)
        let big = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let small = Array("small object\n".utf8)
        try c.putObject(big, digest: Digest.of(big))
        try c.putObject(small, digest: Digest.of(small))
        let spool = dir.sub("tmp")

        guard case let .found(.file(file)) = try c.object(Digest.of(big), size: UInt64(big.count), spoolDirectory: spool) else {
            return XCTFail("a body past memoryBodyBytes is spooled")
        }
        XCTAssertTrue(file.path.hasPrefix(spool + "/"), file.path)
        XCTAssertEqual(FileManager.default.contents(atPath: file.path).map { [UInt8]($0) }, big)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: spool).count, 1)
        guard case .found(.bytes(small)) = try c.object(Digest.of(small), size: UInt64(small.count), spoolDirectory: spool) else {
            return XCTFail("a small body stays in memory")
        }
        // Declared shorter than it is: abandoned, and the spool file it had started is gone.
        guard case .refused(.tooLong(limit: 100_000, announced: 300_000)) = try c.object(Digest.of(big), size: 100_000, spoolDirectory: spool) else {
            return XCTFail()
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: spool).count, 1, "only the body still referenced")
        _ = file  // released here
    }

    func testSpoolFilesAreRemovedWhenTheBodyGoesAway() throws {
        let dir = try TemporaryDirectory(self)
        var options = try RemoteOptions(url: try start(["cache"]))
        options.memoryBodyBytes = 1024
        let c = HTTPRemoteCache(options: options)
        let big = [UInt8](repeating: 42, count: 10_000)
        try c.putObject(big, digest: Digest.of(big))
        do {
            let answer = try c.object(Digest.of(big), size: 10_000, spoolDirectory: dir.sub("tmp"))
            XCTAssertEqual(answer.bytes, big)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.sub("tmp")), [])
    }

    /// Through the chain: runner B's lookup of a 3 MiB output arrives in B's `tmp/`, is verified
    /// and stored, and leaves nothing in `tmp/`.
    func testALargeRemoteObjectIsSpooledVerifiedAndStored() throws {
        let dir = try TemporaryDirectory(self)
        let url = try start(["cache"])
        let big = (0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 / 3) }
        let a = StoreChain(local: try LocalStore(root: dir.sub("a")), remote: HTTPRemoteCache(options: try RemoteOptions(url: url)))
        let entry = try a.store(key: Digest.of("k"), outputs: [("app.apk", big, false)], release: "r", renderedIn: nil)
        let b = StoreChain(local: try LocalStore(root: dir.sub("b")), remote: HTTPRemoteCache(options: try RemoteOptions(url: url)))
        XCTAssertEqual(b.lookup(Digest.of("k"))?.layer, .remote)
        XCTAssertEqual(try b.local.objects.get(entry.outputs[0].digest), big)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: b.local.objects.tmpPath), [])
        XCTAssertEqual(b.events, [.unverifiedRemoteEntries(location: url, count: 1, unsigned: 1)])
    }

    /// HTTPS through OpenSSL: a certificate the system trusts (here through `SSL_CERT_FILE`) and
    /// that names the host works; an untrusted one, or one for another name, is a failure (no
    /// answer: the breaker opens), never a fallback to plain HTTP.
    func testHTTPSChecksTheCertificateAndItsName() throws {
        let dir = try TemporaryDirectory(self)
        let good = try certificate(in: dir, name: "good", san: "IP:127.0.0.1,DNS:localhost")
        let other = try certificate(in: dir, name: "other", san: "DNS:other.example")
        let trusted = try start(["--tls", good.cert, good.key, "cache"]).replacingOccurrences(of: "http://", with: "https://")
        let wrongName = try start(["--tls", other.cert, other.key, "cache"]).replacingOccurrences(of: "http://", with: "https://")
        let bytes = Array("over TLS\n".utf8)

        setenv("SSL_CERT_FILE", good.cert, 1)
        defer { unsetenv("SSL_CERT_FILE") }
        let c = HTTPRemoteCache(options: try RemoteOptions(url: trusted))
        try c.putObject(bytes, digest: Digest.of(bytes))
        XCTAssertEqual(try c.object(Digest.of(bytes), size: UInt64(bytes.count), spoolDirectory: nil).bytes, bytes)
        XCTAssertEqual(c.traffic.requests, 2)

        setenv("SSL_CERT_FILE", other.cert, 1)
        XCTAssertThrowsError(try HTTPRemoteCache(options: try RemoteOptions(url: wrongName)).containsObject(Digest.of(bytes))) { e in
            guard case let .remote(_, reason)? = e as? CacheError else { return XCTFail("\(e)") }
            XCTAssertTrue(reason.contains("certificate not trusted") && reason.contains("mismatch"), reason)
        }
        unsetenv("SSL_CERT_FILE")
        XCTAssertThrowsError(try HTTPRemoteCache(options: try RemoteOptions(url: trusted)).containsObject(Digest.of(bytes))) { e in
            guard case let .remote(_, reason)? = e as? CacheError else { return XCTFail("\(e)") }
            XCTAssertTrue(reason.contains("certificate not trusted"), reason)
        }
    }

    // MARK: Helpers

    /// A self-signed certificate (CA:TRUE, so it can be its own trust anchor) made with openssl(1).
    private func certificate(in dir: TemporaryDirectory, name: String, san: String) throws -> (cert: String, key: String) {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") else { throw XCTSkip("openssl(1) not installed") }
        let cert = dir.sub(name + ".pem"), key = dir.sub(name + ".key")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        p.arguments = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=orchestrate test",
                       "-addext", "subjectAltName=" + san, "-addext", "basicConstraints=critical,CA:TRUE",
                       "-keyout", key, "-out", cert]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw XCTSkip("openssl req failed") }
        return (cert, key)
    }

    static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/hostile-remote.py").path
    }

    /// Starts the test server with `args`; its base URL.
    private func start(_ args: [String]) throws -> String {
        guard let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("python3 not installed")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: python)
        p.arguments = [Self.script] + args
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        children.append(p)
        var line = Data()
        while !line.contains(0x0a) {
            let chunk = out.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw XCTSkip("the test server did not start") }
            line += chunk
        }
        return "http://127.0.0.1:\(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))/c"
    }
}
