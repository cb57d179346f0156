import Cache
import Foundation
import XCTest
@testable import CLI

final class ArtifactCommandTests: XCTestCase {
    private var h: CLIHarness!
    private let d1 = Digest.of("tree one").hex
    private let d2 = Digest.of("tree two").hex

    override func setUpWithError() throws { h = try CLIHarness() }
    override func tearDown() { h.cleanUp() }

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

    /// The literal was computed independently (Python: the DigestBuilder encoding by hand).
    func testTheKeyIsDomainSeparatedAndPinned() {
        let k = ArtifactCommand.key(platform: "ios", nativeInputDigest: Digest.of("tree one"))
        XCTAssertEqual(k.hex, "5e18dfadd33a97e0b7af76b00768ba709da29de9c44881c9ce9bab67f31d3166")
        XCTAssertNotEqual(k, ArtifactCommand.key(platform: "android", nativeInputDigest: Digest.of("tree one")))
        XCTAssertNotEqual(k, ArtifactCommand.key(platform: "ios", nativeInputDigest: Digest.of("tree two")))
    }

    func testUsageAndMissingInput() {
        XCTAssertEqual(h.run("artifact", "put", "--platform", "ios", "--digest", d1, "nope.zip", "--store", "s"), 66)
        XCTAssertEqual(h.run("artifact", "put", "--platform", "ios", "--digest", "abc", "nope.zip"), 64)
        XCTAssertEqual(h.run("artifact", "put", "--digest", d1, "nope.zip"), 64)
        XCTAssertEqual(h.run("artifact", "fetch", "--platform", "ios", "--digest", d1, "f", "--store", "s"), 64)
        XCTAssertEqual(h.run("artifact", "get", "--platform", "ios", "--digest", d1), 64)
    }
}
