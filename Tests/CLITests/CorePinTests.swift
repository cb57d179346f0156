import Archive
import Cache
import Foundation
import Lowerings
import XCTest
@testable import CLI
import Pipeline

/// Source and pin cannot drift: packing `Cores/<name>` must reproduce the pinned object.
final class CorePinTests: XCTestCase {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testEveryCoreSourceReproducesItsPin() throws {
        for pin in CorePins.all {
            let packed = try CoreArchives.pack(directory: Self.repo.appendingPathComponent("Cores/\(pin.name)").path)
            XCTAssertEqual(Digest.of(packed.bytes), pin.digest,
                           "Cores/\(pin.name) changed without a re-pin: run `swift run orchestrate core pack Cores/\(pin.name)` and put the printed digest in Sources/Lowerings/CorePins.swift")
            XCTAssertEqual(packed.revision, pin.revision)
        }
    }

    func testCoreVerifyPassesAndCatchesATamperedObject() throws {
        let h = try CLIHarness()
        defer { h.cleanUp() }
        XCTAssertEqual(h.run("core", "verify"), 0, h.out + h.err)
        XCTAssertEqual(h.out.split(separator: "\n").filter { $0.hasPrefix("ok") }.count, 3, h.out)
        // A copy of the seed store with one byte of the iOS Core flipped.
        let seed = h.root + "/seed"
        let source = Self.repo.appendingPathComponent("cas").path
        try FileManager.default.copyItem(atPath: source, toPath: seed)
        let object = SeedStore.path(for: CorePins.ios.digest, in: seed)
        var bytes = [UInt8](FileManager.default.contents(atPath: object)!)
        bytes[bytes.count / 2] ^= 1
        try Data(bytes).write(to: URL(fileURLWithPath: object))
        XCTAssertEqual(h.run("core", "verify", "--seed", seed), 1)
        XCTAssertTrue(h.out.contains("FAIL ios"), h.out)
    }

    func testPackIsDeterministicAndReadable() throws {
        let h = try CLIHarness()
        defer { h.cleanUp() }
        XCTAssertEqual(h.run("core", "pack", Self.repo.appendingPathComponent("Cores/rails").path, "--seed", h.root + "/s1"), 0, h.err)
        let first = h.out
        XCTAssertEqual(h.run("core", "pack", Self.repo.appendingPathComponent("Cores/rails").path, "--seed", h.root + "/s2"), 0)
        XCTAssertEqual(h.out, first)
        XCTAssertTrue(first.hasPrefix(CorePins.rails.digest.hex))
        XCTAssertEqual(h.run("core", "pack", "missing-dir"), 66)
    }

    /// cas/ holds exactly the pinned objects: nothing stale, nothing missing.
    func testSeedStoreHoldsExactlyThePinnedObjects() throws {
        let cas = Self.repo.appendingPathComponent("cas").path
        var present: Set<String> = []
        for shard in try FileManager.default.contentsOfDirectory(atPath: cas) where shard.count == 2 {
            for name in try FileManager.default.contentsOfDirectory(atPath: cas + "/" + shard) { present.insert(name) }
        }
        let pinned = Set(CorePins.all.map(\.digest.hex) + Monogram.all.map(\.iosIconDigest.hex))
        XCTAssertEqual(present.subtracting(pinned).sorted(), [], "objects in cas/ that nothing pins; remove them")
        XCTAssertEqual(pinned.subtracting(present).sorted(), [], "pinned objects missing from cas/")
    }
}
