import Cache
import Foundation
import XCTest
@testable import CLI

/// The whole composed output of each example Plan, as a committed manifest (mode, SHA-256, path
/// of every file, tree digest v1 style). `ORCHESTRATE_RECORD_GOLDEN=1` rewrites the manifests and
/// fails, so a baseline is never replaced silently; review the diff.
final class GoldenTreeTests: XCTestCase {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    func testExampleTreesMatchTheirManifests() throws {
        let record = ProcessInfo.processInfo.environment["ORCHESTRATE_RECORD_GOLDEN"] == "1"
        for name in ["movie-catalog", "notes", "studio-ops", "field-guide"] {
            let h = try CLIHarness()
            defer { h.cleanUp() }
            // field-guide lives in its own folder, with the native/ directory its compile reads.
            let folder = PlanCompileTests.examples.appendingPathComponent(name)
            let plan = (FileManager.default.fileExists(atPath: folder.path) ? folder : PlanCompileTests.examples)
                .appendingPathComponent("\(name).plan.json").path
            XCTAssertEqual(h.run("compile", plan, "--out", "out", "--store", "store"), 0, h.err)
            var entries = try TreeDigest.entries(ofDirectory: h.root + "/out").filter { !$0.path.hasPrefix(".orchestrate/") }
            entries.sort { Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) }
            let manifest = entries.map(\.line).joined()
            let file = Self.golden.appendingPathComponent("\(name).tree")
            if record {
                try Data(manifest.utf8).write(to: file)
                XCTFail("recorded \(file.lastPathComponent); unset ORCHESTRATE_RECORD_GOLDEN and review the diff")
                continue
            }
            let expected = try String(contentsOf: file, encoding: .utf8)
            if manifest != expected {
                let got = Set(manifest.split(separator: "\n")), want = Set(expected.split(separator: "\n"))
                XCTFail("\(name): tree differs from Golden/\(name).tree\nunexpected:\n  " + got.subtracting(want).sorted().joined(separator: "\n  ")
                        + "\nmissing:\n  " + want.subtracting(got).sorted().joined(separator: "\n  "))
            }
            // Rendering is deterministic: a second, independent compile gives the same bytes.
            let h2 = try CLIHarness()
            defer { h2.cleanUp() }
            XCTAssertEqual(h2.run("compile", plan, "--out", "out", "--store", "store", "--jobs", "1"), 0)
            XCTAssertEqual(try TreeDigest.entries(ofDirectory: h2.root + "/out").filter { !$0.path.hasPrefix(".orchestrate/") }
                .sorted { Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) }.map(\.line).joined(), manifest)
        }
    }
}
