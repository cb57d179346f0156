import Cache
import Foundation
import XCTest
@testable import CLI
import Pipeline

final class ArtifactCommandTests: XCTestCase {
    private var h: CLIHarness!
    private let d1 = Digest.of("tree one").hex
    private let d2 = Digest.of("tree two").hex

    override func setUpWithError() throws { h = try CLIHarness() }
    override func tearDown() { h.cleanUp() }
    /// The nginx `testLargeArtifactsAreStreamedNotHeld` may have started (without `ORCHESTRATE_TEST_REMOTE`).
    override class func tearDown() { NginxServer.stopOwn() }

    func testPutThenGetByPlatformAndDigest() throws {
        let apk = [UInt8]((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try Data(apk).write(to: URL(fileURLWithPath: h.root + "/app-debug.apk"))
        XCTAssertEqual(h.run("artifact", "put", "--platform", "android", "--digest", d1, "app-debug.apk", "--store", "s"), 0, h.err)
        XCTAssertTrue(h.out.contains("stored android artifact app-debug.apk (5000 bytes"), h.out)
        XCTAssertEqual(h.run("artifact", "get", "--platform", "android", "--digest", d1, "fetched.apk", "--store", "s"), 0, h.err)
        XCTAssertEqual([UInt8](FileManager.default.contents(atPath: h.root + "/fetched.apk")!), apk)
        // Another digest, or the same digest on another platform: nothing.
        XCTAssertEqual(h.run("artifact", "get", "--platform", "android", "--digest", d2, "x.apk", "--store", "s"), 1)
        XCTAssertTrue(h.err.contains("no android artifact for native input digest \(d2)"), h.err)
        XCTAssertEqual(h.run("artifact", "get", "--platform", "ios", "--digest", d1, "x.zip", "--store", "s"), 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: h.root + "/x.zip"))
        // A newer build for the same digest replaces the mapping.
        try Data("v2".utf8).write(to: URL(fileURLWithPath: h.root + "/app-debug.apk"))
        XCTAssertEqual(h.run("artifact", "put", "--platform", "android", "--digest", d1, "app-debug.apk", "--store", "s"), 0)
        XCTAssertEqual(h.run("artifact", "get", "--platform", "android", "--digest", d1, "fetched.apk", "--store", "s"), 0)
        XCTAssertEqual(h.read("fetched.apk"), "v2")
    }

    func testACorruptStoredArtifactIsNeverHandedOut() throws {
        try Data("simulator app zip".utf8).write(to: URL(fileURLWithPath: h.root + "/App.zip"))
        XCTAssertEqual(h.run("artifact", "put", "--platform", "ios", "--digest", d1, "App.zip", "--store", "s"), 0)
        let objects = h.root + "/s/objects"
        for shard in try FileManager.default.contentsOfDirectory(atPath: objects) {
            for name in try FileManager.default.contentsOfDirectory(atPath: objects + "/" + shard) {
                let path = objects + "/" + shard + "/" + name
                var bytes = [UInt8](FileManager.default.contents(atPath: path)!)
                bytes[bytes.count - 1] ^= 0xff
                try Data(bytes).write(to: URL(fileURLWithPath: path))
            }
        }
        XCTAssertEqual(h.run("artifact", "get", "--platform", "ios", "--digest", d1, "App-out.zip", "--store", "s"), 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: h.root + "/App-out.zip"))
    }

    /// A 128 MiB artifact through `put` and `get` (and through the remote, to a fresh store) is
    /// streamed: the process's peak RSS grows by far less than the artifact. Before: the file was
    /// read whole, stored, uploaded and fetched as arrays (a 200 MB artifact took 617 MB RSS).
    func testLargeArtifactsAreStreamedNotHeld() throws {
        guard Self.resetPeakRSS() else { throw XCTSkip("/proc/self/clear_refs is not writable here") }
        let size = 128 << 20
        let path = h.root + "/App.zip"
        guard FileManager.default.createFile(atPath: path, contents: nil), let out = FileHandle(forWritingAtPath: path) else { return XCTFail() }
        var x: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<(size >> 20) {
            var chunk = [UInt8](repeating: 0, count: 1 << 20)
            for i in stride(from: 0, to: chunk.count, by: 8) {
                x ^= x << 13; x ^= x >> 7; x ^= x << 17
                withUnsafeBytes(of: x) { chunk.replaceSubrange(i..<i + 8, with: $0) }
            }
            out.write(Data(chunk))
        }
        try out.close()
        let remote = try NginxServer.shared().url + "/" + UUID().uuidString.lowercased()

        let before = Self.currentRSS()
        XCTAssertTrue(Self.resetPeakRSS())
        XCTAssertEqual(h.run("artifact", "put", "--platform", "ios", "--digest", d1, "App.zip", "--store", "s", "--remote", remote), 0, h.err)
        XCTAssertEqual(h.run("artifact", "get", "--platform", "ios", "--digest", d1, "local.zip", "--store", "s"), 0, h.err)
        XCTAssertEqual(h.run("artifact", "get", "--platform", "ios", "--digest", d1, "remote.zip", "--store", "s2", "--remote", remote), 0, h.err)
        let growth = Self.peakRSS() - before
        XCTAssertLessThan(growth, 48 << 20, "peak RSS grew by \(growth >> 20) MiB for a \(size >> 20) MiB artifact")

        let digest = try XCTUnwrap(h.out.range(of: #"sha256 [0-9a-f]{64}"#, options: .regularExpression)).map { String(h.out[$0].dropFirst(7)) }
        for name in ["local.zip", "remote.zip"] {
            let hasher = SHA256Hasher()
            try hasher.updateFromFile(at: h.root + "/" + name)
            XCTAssertEqual(hasher.finalize().hex, digest, name)
        }
        XCTAssertTrue(h.err.isEmpty || !h.err.contains("failed"), h.err)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: h.root + "/s2/tmp"), [], "the download's spool file is gone")
    }

    /// Resets the process's peak RSS (VmHWM) to its current RSS; false where Linux does not allow it.
    static func resetPeakRSS() -> Bool {
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return write(fd, "5", 1) == 1
    }

    static func currentRSS() -> Int { status("VmRSS") }
    static func peakRSS() -> Int { status("VmHWM") }

    private static func status(_ field: String) -> Int {
        let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return 0 }
        return (Int(line.split(separator: " ").dropFirst().first { Int($0) != nil } ?? "") ?? 0) * 1024
    }

    /// The literal was computed independently (Python: the DigestBuilder encoding by hand).
    func testTheKeyIsDomainSeparatedAndPinned() {
        let k = Artifacts.key(platform: "ios", nativeInputDigest: Digest.of("tree one"))
        XCTAssertEqual(k.hex, "5e18dfadd33a97e0b7af76b00768ba709da29de9c44881c9ce9bab67f31d3166")
        XCTAssertNotEqual(k, Artifacts.key(platform: "android", nativeInputDigest: Digest.of("tree one")))
        XCTAssertNotEqual(k, Artifacts.key(platform: "ios", nativeInputDigest: Digest.of("tree two")))
    }

    func testUsageAndMissingInput() {
        XCTAssertEqual(h.run("artifact", "put", "--platform", "ios", "--digest", d1, "nope.zip", "--store", "s"), 66)
        XCTAssertEqual(h.run("artifact", "put", "--platform", "ios", "--digest", "abc", "nope.zip"), 64)
        XCTAssertEqual(h.run("artifact", "put", "--digest", d1, "nope.zip"), 64)
        XCTAssertEqual(h.run("artifact", "fetch", "--platform", "ios", "--digest", d1, "f", "--store", "s"), 64)
        XCTAssertEqual(h.run("artifact", "get", "--platform", "ios", "--digest", d1), 64)
    }
}
