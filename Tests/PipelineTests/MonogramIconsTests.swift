import Cache
import Foundation
import Lowerings
import Pipeline
import XCTest

/// `icons draw` and `icons verify` as the library calls the command makes. The objects `icons
/// draw` wrote are the ones committed in `cas/`, and `MonogramPins.swift` is the table it printed:
/// drawing again, twice, must give exactly those bytes.
final class MonogramIconsTests: XCTestCase {
    let monograms = [Monogram("A")!, Monogram("7")!, Monogram.fallback]

    /// Every file below `root`, by path relative to it, with its bytes and permission bits.
    private func files(_ root: String) throws -> [String: (bytes: [UInt8], mode: Int)] {
        var out: [String: (bytes: [UInt8], mode: Int)] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: root)! {
            let full = root + "/" + path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            let mode = try FileManager.default.attributesOfItem(atPath: full)[.posixPermissions] as? Int ?? -1
            out[path] = (Array(try Data(contentsOf: URL(fileURLWithPath: full))), mode)
        }
        return out
    }

    func testDrawWritesTheCommittedObjectsAndPrintsTheCommittedPinTable() throws {
        let committed = try String(contentsOf: Repository.root.appendingPathComponent("Sources/Lowerings/Monogram/MonogramPins.swift"),
                                   encoding: .utf8)
        var runs: [[String: [UInt8]]] = []
        for _ in 0..<2 {
            let seed = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: seed) }
            let drawn = try MonogramIcons.draw(monograms, into: seed)
            XCTAssertEqual(drawn.pinSource, committed)
            XCTAssertEqual(drawn.digests, Dictionary(uniqueKeysWithValues: monograms.map { ($0, $0.iosIconDigest) }))
            // Drawing into a folder that already holds the objects leaves them as they are.
            XCTAssertEqual(try MonogramIcons.draw(monograms, into: seed).digests, drawn.digests)
            let written = try files(seed)
            XCTAssertEqual(Set(written.keys), Set(monograms.map { "\($0.iosIconDigest.hex.prefix(2))/\($0.iosIconDigest.hex)" }))
            for (path, file) in written {
                XCTAssertEqual(file.bytes, Array(try Data(contentsOf: Repository.root.appendingPathComponent("cas/" + path))), path)
                XCTAssertEqual(file.mode, 0o644, path)
            }
            XCTAssertEqual(drawn.bytes, written.values.map(\.bytes.count).reduce(0, +))
            runs.append(written.mapValues(\.bytes))
        }
        XCTAssertEqual(runs[0], runs[1])
    }

    func testVerifyReportsMissingAndCorruptObjects() throws {
        XCTAssertEqual(MonogramIcons.verify([Monogram("Q")!], seed: Repository.seed), [])
        let seed = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: seed) }
        let (b, c) = (Monogram("B")!, Monogram("C")!)
        _ = try MonogramIcons.draw([b], into: seed)
        XCTAssertEqual(MonogramIcons.verify([b, c], seed: SeedStore(root: seed)), [.missingObject(c, c.iosIconDigest)])
        let object = SeedStore.path(for: b.iosIconDigest, in: seed)
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: object)))
        bytes[100] ^= 1
        try Data(bytes).write(to: URL(fileURLWithPath: object))
        XCTAssertEqual(MonogramIcons.verify([b], seed: SeedStore(root: seed)), [.corruptObject(b, b.iosIconDigest)])
    }
}
