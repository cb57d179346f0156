import Cache
import Foundation
import Lowerings
import Tasks
import XCTest
@testable import CLI
@testable import Pipeline

/// The statement is checked against the published field names: in-toto `spec/v1/statement.md`,
/// `resource_descriptor.md`; SLSA `docs/spec/v1.0/provenance.md` (`schema/provenance.proto`).
final class SLSAProvenanceTests: XCTestCase {
    private var h: CLIHarness!

    override func setUpWithError() throws { h = try CLIHarness() }
    override func tearDown() { h.cleanUp() }

    func testCompileWritesAStatementWithTheRequiredFields() throws {
        XCTAssertEqual(h.run("compile", "--demo", "6", "--out", "out", "--store", "s", "--summary", "sum.json", "--slsa", "att.json"), 0, h.err)
        let json = try parse("att.json")
        try checkShape(json)
        let predicate = json["predicate"] as! [String: Any]
        let build = predicate["buildDefinition"] as! [String: Any]
        XCTAssertEqual((build["externalParameters"] as! [String: Any])["demo"] as? Int, 6)
        let run = predicate["runDetails"] as! [String: Any]
        XCTAssertEqual(((run["builder"] as! [String: Any])["version"] as! [String: String]), ["orchestrate": CLI.version])
        let byproducts = run["byproducts"] as! [[String: Any]]
        XCTAssertEqual(byproducts.first?["name"] as? String, "summary")
        XCTAssertEqual((byproducts.first?["digest"] as? [String: String])?["sha256"], try Digest.ofFile(at: h.root + "/sum.json").hex)
        // Each run is its own invocation.
        XCTAssertEqual(h.run("compile", "--demo", "6", "--out", "out", "--store", "s", "--slsa", "att2.json"), 0)
        let other = try parse("att2.json")
        XCTAssertNotEqual(((other["predicate"] as! [String: Any])["runDetails"] as! [String: Any])["metadata"] as? NSDictionary,
                          (run["metadata"] as? NSDictionary))
        h.environment["ORCHESTRATE_BUILDER_ID"] = "https://github.com/example/app/.github/workflows/ci.yml@refs/heads/main"
        XCTAssertEqual(h.run("compile", "--demo", "6", "--out", "out", "--store", "s", "--slsa", "att3.json"), 0)
        let builder = ((try parse("att3.json")["predicate"] as! [String: Any])["runDetails"] as! [String: Any])["builder"] as! [String: Any]
        XCTAssertEqual(builder["id"] as? String, h.environment["ORCHESTRATE_BUILDER_ID"])
    }

    func testSubjectsAreTheTreesAndDependenciesTheCoresAndPinnedObjects() throws {
        let icon = Array("\u{89}PNG stand-in".utf8)
        let local = try LocalStore(root: h.root + "/store")
        let iconDigest = try local.objects.put(icon)
        var plan = SyntheticPlan()
        plan.pinnedIcon = iconDigest
        // The statement is built from the compile's result in memory: the Plan's bytes as given,
        // the provenance the compile composed (compared below with the files it wrote).
        let chain = StoreChain(local: try LocalStore(root: h.root + "/store"), seed: SyntheticCompile.seed)
        let options = CompileOptions(outDirectory: h.root + "/out", jobs: 2,
                                     attestation: SLSAProvenance.Builder(id: SLSAProvenance.defaultBuilderID, version: ["orchestrate": CLI.version]))
        let result = try Compilation.compile(plan.taskSet(), from: .plan(PlanFile(bytes: Array("{}".utf8), name: "plan.json")),
                                             options: options, store: chain)
        let summary = result.summary
        let json = try JSONSerialization.jsonObject(with: Data(try XCTUnwrap(result.statement))) as! [String: Any]
        try checkShape(json)
        let subjects = json["subject"] as! [[String: Any]]
        for pin in CorePins.all {
            let s = subjects.first { $0["name"] as? String == pin.name }
            XCTAssertEqual((s?["digest"] as? [String: String])?["sha256"], summary.platforms[pin.platform]?.nativeInputDigest?.hex, pin.name)
            let provenance = mounted(pin.mount, TreeDigest.provenanceFile)
            XCTAssertEqual((subjects.first { $0["name"] as? String == provenance }?["digest"] as? [String: String])?["sha256"],
                           try Digest.ofFile(at: h.root + "/out/" + provenance).hex)
        }
        let build = (json["predicate"] as! [String: Any])["buildDefinition"] as! [String: Any]
        XCTAssertEqual(build["buildType"] as? String, SLSAProvenance.buildType)
        let external = build["externalParameters"] as! [String: Any]
        XCTAssertEqual(external["plan"] as? String, "plan.json")
        XCTAssertEqual(external["planDigest"] as? String, plan.digest.hex)
        let internalParameters = build["internalParameters"] as! [String: Any]
        XCTAssertEqual(internalParameters["loweringReleases"] as? [String: String],
                       ["ios": "synthetic-ios-1", "android": "synthetic-android-1", "rails": "synthetic-rails-1"])
        // The run's history, which provenance no longer records: how each output was obtained, and
        // which run (by Plan digest) first rendered it.
        let outputs = try XCTUnwrap(internalParameters["outputs"] as? [String: Any])
        XCTAssertEqual(outputs["rendered"] as? Int, summary.totals.rendered)
        XCTAssertEqual(outputs["reusedLocal"] as? Int, summary.totals.reusedLocal)
        XCTAssertEqual(outputs["reusedSeed"] as? Int, summary.totals.reusedSeed)
        XCTAssertEqual(outputs["reusedRemote"] as? Int, 0)
        XCTAssertGreaterThan(summary.totals.rendered, 0)
        XCTAssertEqual((outputs["renderedIn"] as? [String: Int])?[plan.digest.hex],
                       summary.tasks.filter { $0.renderedIn == plan.digest }.count)
        XCTAssertGreaterThanOrEqual(summary.tasks.filter { $0.renderedIn == plan.digest }.count, summary.totals.rendered)
        let deps = build["resolvedDependencies"] as! [[String: Any]]
        func dep(_ name: String) -> [String: Any]? { deps.first { $0["name"] as? String == name } }
        XCTAssertEqual((dep("plan")?["digest"] as? [String: String])?["sha256"], Digest.of("{}").hex)
        for pin in CorePins.all {
            XCTAssertEqual((dep("core:\(pin.name)")?["digest"] as? [String: String])?["sha256"], pin.digest.hex)
            XCTAssertEqual(dep("core:\(pin.name)")?["uri"] as? String, "orchestrate:cas/sha256/\(pin.digest.hex)")
        }
        let iconDep = dep("ios/Resources/Assets.xcassets/AppIcon.appiconset/AppIcon.png")
        XCTAssertEqual((iconDep?["digest"] as? [String: String])?["sha256"], iconDigest.hex)
    }

    func testTimestampsAreRFC3339UTC() {
        XCTAssertEqual(SLSAProvenance.timestamp(Date(timeIntervalSince1970: 1_796_000_000)), "2026-11-30T00:53:20Z")
    }

    // MARK: Shape

    private func parse(_ path: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(h.read(path)!.utf8)) as! [String: Any]
    }

    /// Required fields and their types, by the published names.
    private func checkShape(_ json: [String: Any], file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(Set(json.keys), ["_type", "subject", "predicateType", "predicate"], file: file, line: line)
        XCTAssertEqual(json["_type"] as? String, "https://in-toto.io/Statement/v1", file: file, line: line)
        XCTAssertEqual(json["predicateType"] as? String, "https://slsa.dev/provenance/v1", file: file, line: line)
        let subjects = try XCTUnwrap(json["subject"] as? [[String: Any]], file: file, line: line)
        for s in subjects { checkDigestSet(s["digest"], required: true, file: file, line: line) }
        XCTAssertEqual(Set(subjects.compactMap { $0["name"] as? String }).count, subjects.count, "subject names are unique", file: file, line: line)
        let predicate = try XCTUnwrap(json["predicate"] as? [String: Any], file: file, line: line)
        XCTAssertEqual(Set(predicate.keys), ["buildDefinition", "runDetails"], file: file, line: line)
        let build = try XCTUnwrap(predicate["buildDefinition"] as? [String: Any], file: file, line: line)
        XCTAssertTrue(Set(build.keys).isSubset(of: ["buildType", "externalParameters", "internalParameters", "resolvedDependencies"]), file: file, line: line)
        XCTAssertTrue(isURI(build["buildType"]), file: file, line: line)
        XCTAssertNotNil(build["externalParameters"] as? [String: Any], file: file, line: line)
        XCTAssertNotNil(build["internalParameters"] as? [String: Any], file: file, line: line)
        for d in try XCTUnwrap(build["resolvedDependencies"] as? [[String: Any]], file: file, line: line) {
            XCTAssertTrue(d["uri"] != nil || d["digest"] != nil || d["content"] != nil, "a ResourceDescriptor sets uri, digest or content", file: file, line: line)
            if let uri = d["uri"] { XCTAssertTrue(isURI(uri), "\(uri)", file: file, line: line) }
            checkDigestSet(d["digest"], required: false, file: file, line: line)
        }
        let run = try XCTUnwrap(predicate["runDetails"] as? [String: Any], file: file, line: line)
        let builder = try XCTUnwrap(run["builder"] as? [String: Any], file: file, line: line)
        XCTAssertTrue(isURI(builder["id"]), file: file, line: line)
        XCTAssertNotNil(builder["version"] as? [String: String], "version is map<string, string>", file: file, line: line)
        let metadata = try XCTUnwrap(run["metadata"] as? [String: Any], file: file, line: line)
        XCTAssertNotNil(UUID(uuidString: metadata["invocationId"] as? String ?? ""), file: file, line: line)
        let stamp = try NSRegularExpression(pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$")
        for key in ["startedOn", "finishedOn"] {
            let s = metadata[key] as? String ?? ""
            XCTAssertNotNil(stamp.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)), "\(key) \(s)", file: file, line: line)
        }
        XCTAssertLessThanOrEqual(metadata["startedOn"] as? String ?? "", metadata["finishedOn"] as? String ?? "", file: file, line: line)
    }

    private func checkDigestSet(_ value: Any?, required: Bool, file: StaticString, line: UInt) {
        guard let value else { XCTAssertFalse(required, "digest is required", file: file, line: line); return }
        let set = value as? [String: String]
        XCTAssertFalse(set?.isEmpty ?? true, file: file, line: line)
        let hex = set?["sha256"] ?? ""
        XCTAssertTrue(hex.count == 64 && hex.allSatisfy { "0123456789abcdef".contains($0) }, "lowercase hex sha256: \(hex)", file: file, line: line)
    }

    /// RFC 3986: a scheme, then a colon.
    private func isURI(_ value: Any?) -> Bool {
        guard let s = value as? String, let colon = s.firstIndex(of: ":"), colon > s.startIndex else { return false }
        let scheme = s[..<colon]
        return scheme.first!.isLetter && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
    }
}
