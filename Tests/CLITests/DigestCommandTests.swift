import Cache
import Foundation
import Lowerings
import Pipeline
import Tasks
import XCTest
@testable import CLI

final class DigestCommandTests: XCTestCase {
    private var h: CLIHarness!
    private var summary: CompileSummary!

    override func setUpWithError() throws {
        h = try CLIHarness()
        summary = try SyntheticCompile.run(SyntheticPlan(), out: h.root + "/out", store: h.root + "/store")
    }

    override func tearDown() { h.cleanUp() }

    func testPrintsTheRecordedDigestForEveryTree() throws {
        for platform in ["ios", "android", "rails"] {
            XCTAssertEqual(h.run("digest", "out", "--platform", platform), 0, h.err)
            XCTAssertEqual(h.out, summary.platforms[Platform(rawValue: platform)!]!.nativeInputDigest!.hex + "\n", platform)
        }
        XCTAssertEqual(h.run("digest", "out", "--platform", "ios", "--json"), 0)
        let json = try JSONSerialization.jsonObject(with: Data(h.out.utf8)) as! [String: Any]
        XCTAssertEqual(json["platform"] as? String, "ios")
        XCTAssertEqual(json["digest"] as? String, summary.platforms[.ios]!.nativeInputDigest!.hex)
        XCTAssertEqual(json["recorded"] as? String, json["digest"] as? String)
        XCTAssertEqual(json["matches"] as? Bool, true)
        XCTAssertEqual(json["files"] as? Int, summary.platforms[.ios]!.files)
    }

    func testAgreesWithTheShellPipeline() throws {
        for platform in ["ios", "android"] {
            XCTAssertEqual(h.run("digest", "out", "--platform", platform), 0)
            XCTAssertEqual(h.out, try shellDigest(h.root + "/out/" + platform) + "\n", platform)
        }
    }

    func testTheRailsTreeIgnoresTheNativeTreesAndOrchestrateState() throws {
        XCTAssertEqual(h.run("digest", "out", "--platform", "rails"), 0)
        let before = h.out
        XCTAssertTrue(FileManager.default.fileExists(atPath: h.root + "/out/.orchestrate/outputs.json"))
        try Tamper.append(h.root + "/out/ios/Resources/ios_v1.json", "x")
        try Tamper.write(h.root + "/out/.orchestrate/extra", "state")
        XCTAssertEqual(h.run("digest", "out", "--platform", "rails"), 0)
        XCTAssertEqual(h.out, before)
    }

    func testDisagreementWithProvenanceExitsOne() throws {
        try Tamper.append(h.root + "/out/ios/Resources/ios_v1.json", "x")
        XCTAssertEqual(h.run("digest", "out", "--platform", "ios"), 1)
        XCTAssertEqual(h.out, try shellDigest(h.root + "/out/ios") + "\n", "the recomputed digest is still printed")
        XCTAssertTrue(h.err.contains("records native input digest \(summary.platforms[.ios]!.nativeInputDigest!.hex)"), h.err)
        // Without provenance there is nothing to disagree with.
        try FileManager.default.removeItem(atPath: h.root + "/out/ios/FOUNDATION_PROVENANCE.json")
        XCTAssertEqual(h.run("digest", "out", "--platform", "ios", "--json"), 0)
        let json = try JSONSerialization.jsonObject(with: Data(h.out.utf8)) as! [String: Any]
        XCTAssertTrue(json["recorded"] is NSNull)
    }

    func testUsageMissingAndInvalid() throws {
        XCTAssertEqual(h.run("digest", "out"), 64)
        XCTAssertTrue(h.err.contains("--platform"), h.err)
        XCTAssertEqual(h.run("digest", "out", "--platform", "windows"), 64)
        XCTAssertEqual(h.run("digest", "nowhere", "--platform", "ios"), 66)
        try FileManager.default.createDirectory(atPath: h.root + "/empty", withIntermediateDirectories: true)
        XCTAssertEqual(h.run("digest", "empty", "--platform", "android"), 66)
        XCTAssertTrue(h.err.contains("empty/android"), h.err)
        try Tamper.write(h.root + "/out/ios/FOUNDATION_PROVENANCE.json", "{ not json")
        XCTAssertEqual(h.run("digest", "out", "--platform", "ios"), 65)
        XCTAssertTrue(h.err.contains("out/ios/FOUNDATION_PROVENANCE.json: not valid provenance"), h.err)
    }

    /// The pipeline of DESIGN.md, "Native input digest".
    private func shellDigest(_ dir: String) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", """
            find . -type f ! -path ./FOUNDATION_PROVENANCE.json -printf '%P\\n' | LC_ALL=C sort |
              while IFS= read -r f; do m=100644; [ -x "$f" ] && m=100755
                printf '%s %s  %s\\n' "$m" "$(sha256sum < "$f" | cut -d' ' -f1)" "$f"; done |
              sha256sum | cut -d' ' -f1
            """]
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return out.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
