import Foundation
import XCTest
@testable import CLI

/// The GitHub workflows of each compiled example, checked by the tools GitHub users run on theirs:
/// GitHub's workflow schema (check-jsonschema), zizmor's security audits and shellcheck on every
/// `run:` block. Any finding fails. scripts/test.sh installs the three checkers.
final class GeneratedWorkflowTests: XCTestCase {
    static let examples = ["movie-catalog", "notes", "studio-ops"]

    private var harnesses: [CLIHarness] = []

    override func tearDown() {
        for h in harnesses { h.cleanUp() }
        harnesses = []
    }

    /// Compiles every example and returns the workflow files of each, by example name.
    private func workflows() throws -> [(example: String, files: [URL])] {
        try Self.examples.map { name in
            let h = try CLIHarness()
            harnesses.append(h)
            let plan = PlanCompileTests.examples.appendingPathComponent("\(name).plan.json").path
            XCTAssertEqual(h.run("compile", plan, "--out", "out", "--store", "store"), 0, h.err)
            let dir = URL(fileURLWithPath: h.root + "/out/.github/workflows")
            let files = try FileManager.default.contentsOfDirectory(at: dir, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "yml" }.sorted { $0.path < $1.path }
            return (name, files)
        }
    }

    func testEveryExampleHasTheRailsWorkflowAndOneWorkflowPerClient() throws {
        let expected = ["movie-catalog": ["android.yml", "ios.yml", "rails.yml"], "notes": ["ios.yml", "rails.yml"],
                        "studio-ops": ["android.yml", "ios.yml", "rails.yml"]]
        for (example, files) in try workflows() {
            XCTAssertEqual(files.map(\.lastPathComponent), expected[example], example)
        }
    }

    func testWorkflowsValidateAgainstGitHubsSchema() throws {
        let checker = try ExternalTool.find("check-jsonschema")
        var checked = 0
        for (example, files) in try workflows() {
            let r = try checker.run(["--builtin-schema", "vendor.github-workflows"] + files.map(\.path))
            XCTAssertEqual(r.status, 0, "\(example):\n\(r.out)\(r.err)")
            checked += files.count
        }
        XCTAssertEqual(checked, 8)
    }

    func testZizmorReportsNoFinding() throws {
        let zizmor = try ExternalTool.find("zizmor")
        for (example, files) in try workflows() {
            let r = try zizmor.run(["--offline", "--no-config", "--no-ignores", "--strict-collection",
                                    "--persona", "regular", "--format", "json"] + files.map(\.path))
            let findings = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [[String: Any]],
                                         "\(example): zizmor printed no JSON list (status \(r.status)):\n\(r.err)")
            let summary = findings.map { f in
                let severity = (f["determinations"] as? [String: Any])?["severity"] as? String ?? "?"
                return "\(f["ident"] as? String ?? "?") (\(severity))"
            }
            XCTAssertEqual(summary, [], "\(example): zizmor findings")
            XCTAssertEqual(r.status, 0, "\(example): zizmor exit status\n\(r.err)")
        }
    }

    func testEveryRunBlockPassesShellcheck() throws {
        let shellcheck = try ExternalTool.find("shellcheck")
        let ruby = try ExternalTool.find("ruby")
        var blocks = 0
        for (example, files) in try workflows() {
            for file in files {
                for (index, step) in try Self.runSteps(file, ruby: ruby).enumerated() {
                    let script = harnesses.last!.root + "/\(file.deletingPathExtension().lastPathComponent)-\(index).sh"
                    try Data(("#!/usr/bin/env bash\n" + Self.withoutExpressions(step.run)).utf8).write(to: URL(fileURLWithPath: script))
                    let r = try shellcheck.run(["--norc", "--format", "json1", script])
                    let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any],
                                               "shellcheck printed no JSON (status \(r.status)): \(r.err)")
                    let comments = (report["comments"] as? [[String: Any]] ?? []).map { c in
                        "SC\(c["code"] ?? "?") line \(c["line"] ?? "?"): \(c["message"] ?? "")"
                    }
                    XCTAssertEqual(comments, [], "\(example) \(file.lastPathComponent) step \"\(step.name)\":\n\(step.run)")
                    XCTAssertEqual(r.status, 0, "\(example) \(file.lastPathComponent) step \"\(step.name)\"")
                    blocks += 1
                }
            }
        }
        XCTAssertGreaterThanOrEqual(blocks, 16, "every workflow has run blocks")
    }

    /// In `ios.yml` and `android.yml`, the native tests run in the job that builds and uploads the
    /// artifact, which runs only when the digest job found no reusable ancestor build: a reused build
    /// skips its tests too, and nothing else depends on that condition.
    func testNativeTestsAreSkippedExactlyWhenTheBuildIsReused() throws {
        let ruby = try ExternalTool.find("ruby")
        var checked = 0
        for (example, files) in try workflows() {
            for file in files where file.lastPathComponent != "rails.yml" {
                let jobs = try XCTUnwrap(Self.workflow(file, ruby: ruby)["jobs"] as? [String: [String: Any]])
                let testJobs = jobs.filter { _, job in
                    ((job["steps"] as? [[String: Any]]) ?? []).contains { step in
                        let run = step["run"] as? String ?? ""
                        return run.contains("xcodebuild test") || run.contains("testDebugUnitTest")
                    }
                }
                let uploadJobs = jobs.filter { _, job in
                    ((job["steps"] as? [[String: Any]]) ?? []).contains { ($0["uses"] as? String)?.hasPrefix("actions/upload-artifact@") == true }
                }
                XCTAssertEqual(testJobs.keys.sorted(), ["build"], "\(example) \(file.lastPathComponent)")
                XCTAssertEqual(uploadJobs.keys.sorted(), ["build"], "\(example) \(file.lastPathComponent)")
                XCTAssertEqual(jobs["build"]?["if"] as? String, "needs.digest.outputs.reuse != 'true'")
                XCTAssertEqual(jobs["build"]?["needs"] as? String, "digest")
                XCTAssertEqual(jobs.keys.sorted(), ["build", "digest"])
                checked += 1
            }
        }
        XCTAssertEqual(checked, 5)
    }

    /// A workflow file as GitHub reads it, through Ruby's YAML parser.
    static func workflow(_ file: URL, ruby: ExternalTool) throws -> [String: Any] {
        let script = "require 'yaml'; require 'json'; puts JSON.generate(YAML.safe_load(File.read(ARGV[0])))"
        let r = try ruby.run(["-e", script, file.path])
        XCTAssertEqual(r.status, 0, "\(file.lastPathComponent) is not YAML:\n\(r.err)")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    }

    /// Each `run:` step of a workflow (every job's steps) or of a composite action (`runs.steps`).
    static func runSteps(_ file: URL, ruby: ExternalTool) throws -> [(name: String, run: String)] {
        let document = try workflow(file, ruby: ruby)
        var lists: [[[String: Any]]] = []
        if let runs = document["runs"] as? [String: Any] {
            lists = [runs["steps"] as? [[String: Any]] ?? []]
        } else {
            let jobs = try XCTUnwrap(document["jobs"] as? [String: Any], "\(file.lastPathComponent) has no jobs")
            lists = jobs.sorted(by: { $0.key < $1.key }).map { ($0.value as? [String: Any])?["steps"] as? [[String: Any]] ?? [] }
        }
        var steps: [(String, String)] = []
        for step in lists.joined() {
            if let run = step["run"] as? String { steps.append((step["name"] as? String ?? "", run)) }
        }
        return steps
    }

    /// `${{ … }}` replaced by underscores of the same length, as actionlint does before shellcheck,
    /// so the script keeps its shape and an expression reads as a plain word.
    static func withoutExpressions(_ script: String) -> String {
        var out = ""
        var rest = Substring(script)
        while let open = rest.range(of: "${{") {
            out += rest[..<open.lowerBound]
            guard let close = rest.range(of: "}}", range: open.upperBound..<rest.endIndex) else {
                out += rest[open.lowerBound...]
                return out
            }
            out += String(repeating: "_", count: rest.distance(from: open.lowerBound, to: close.upperBound))
            rest = rest[close.upperBound...]
        }
        return out + rest
    }
}
