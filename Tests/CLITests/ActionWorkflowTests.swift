import Foundation
import Lowerings
import Pipeline
import XCTest

/// The repository's GitHub Action (`action.yml`), the documented example workflow
/// (`docs/ci-example.yml`) and the workflow that publishes the tarball the action installs
/// (`.github/workflows/release.yml`): GitHub's schemas, zizmor and shellcheck on every `run:` block, as
/// for the generated apps' workflows; then the action's compile and reuse-check steps run as
/// GitHub runs them (bash -eo pipefail, the step's env, $GITHUB_OUTPUT) over three commits.
final class ActionWorkflowTests: XCTestCase {
    static let repository = PlanCompileTests.examples.deletingLastPathComponent()
    static let action = repository.appendingPathComponent("action.yml")
    static let example = repository.appendingPathComponent("docs/ci-example.yml")
    static let release = repository.appendingPathComponent(".github/workflows/release.yml")

    private var root = ""

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("action-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: root) }

    func testTheActionAndTheExampleValidateAgainstGitHubsSchemas() throws {
        let checker = try ExternalTool.find("check-jsonschema")
        let a = try checker.run(["--builtin-schema", "vendor.github-actions", Self.action.path])
        XCTAssertEqual(a.status, 0, a.out + a.err)
        let w = try checker.run(["--builtin-schema", "vendor.github-workflows", Self.example.path, Self.release.path])
        XCTAssertEqual(w.status, 0, w.out + w.err)
    }

    func testZizmorReportsNoFinding() throws {
        let zizmor = try ExternalTool.find("zizmor")
        let r = try zizmor.run(["--offline", "--no-config", "--no-ignores", "--strict-collection", "--persona", "regular", "--format", "json",
                                Self.action.path, Self.example.path, Self.release.path])
        let findings = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [[String: Any]],
                                     "zizmor printed no JSON list (status \(r.status)):\n\(r.err)")
        XCTAssertEqual(findings.map { $0["ident"] as? String ?? "?" }, [])
        XCTAssertEqual(r.status, 0, r.err)
    }

    func testEveryRunBlockPassesShellcheck() throws {
        let shellcheck = try ExternalTool.find("shellcheck")
        let ruby = try ExternalTool.find("ruby")
        var blocks = 0
        for file in [Self.action, Self.example, Self.release] {
            for (index, step) in try GeneratedWorkflowTests.runSteps(file, ruby: ruby).enumerated() {
                let script = root + "/\(file.deletingPathExtension().lastPathComponent)-\(index).sh"
                try Data(("#!/usr/bin/env bash\n" + GeneratedWorkflowTests.withoutExpressions(step.run)).utf8).write(to: URL(fileURLWithPath: script))
                let r = try shellcheck.run(["--norc", "--format", "json1", script])
                let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any], r.err)
                let comments = (report["comments"] as? [[String: Any]] ?? []).map { c in "SC\(c["code"] ?? "?") line \(c["line"] ?? "?"): \(c["message"] ?? "")" }
                XCTAssertEqual(comments, [], "\(file.lastPathComponent) step \"\(step.name)\":\n\(step.run)")
                blocks += 1
            }
        }
        XCTAssertEqual(blocks, 10, "3 in the action, 4 in the example, 3 in the release")
    }

    /// Every action either workflow uses is pinned by a full commit SHA (the example's own
    /// placeholder too, so a copy that forgets to replace it fails instead of following a branch).
    func testEveryUsesIsPinnedByCommit() throws {
        let ruby = try ExternalTool.find("ruby")
        var uses: [String] = []
        let action = try GeneratedWorkflowTests.workflow(Self.action, ruby: ruby)
        for step in ((action["runs"] as? [String: Any])?["steps"] as? [[String: Any]]) ?? [] { if let u = step["uses"] as? String { uses.append(u) } }
        for step in try Self.exampleSteps(ruby) { if let u = step["uses"] as? String { uses.append(u) } }
        let release = try XCTUnwrap(GeneratedWorkflowTests.workflow(Self.release, ruby: ruby)["jobs"] as? [String: [String: Any]])
        for step in release["tarball"]?["steps"] as? [[String: Any]] ?? [] { if let u = step["uses"] as? String { uses.append(u) } }
        XCTAssertEqual(uses.count, 5)
        for u in uses { XCTAssertNotNil(u.range(of: "^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+@[0-9a-f]{40}$", options: .regularExpression), u) }
    }

    /// The release workflow publishes what the action downloads: on a tag `v<version>` it uploads the
    /// tarball `scripts/build-static.sh` names `orchestrate-<version>-linux-<arch>.tar.gz`, the name
    /// in the action's default URL, and refuses a tag that is not the binary's version. Its build
    /// step runs here as GitHub runs it, against a stand-in for the build script.
    func testTheReleaseUploadsWhatTheActionDownloads() throws {
        let ruby = try ExternalTool.find("ruby")
        let bash = try ExternalTool.find("bash")
        let document = try GeneratedWorkflowTests.workflow(Self.release, ruby: ruby)
        // YAML 1.1 (Ruby's parser) reads the key `on` as true.
        let on = try XCTUnwrap((document["on"] ?? document["true"]) as? [String: Any])
        XCTAssertEqual((on["push"] as? [String: Any])?["tags"] as? [String], ["v*"])
        let job = try XCTUnwrap((document["jobs"] as? [String: [String: Any]])?["tarball"])
        XCTAssertEqual(job["permissions"] as? [String: String], ["contents": "write"])
        XCTAssertEqual(document["permissions"] as? [String: String], [:])
        let actionText = try String(contentsOf: Self.action, encoding: .utf8)
        XCTAssertTrue(actionText.contains("/releases/download/v$VERSION/orchestrate-$VERSION-linux-$(uname -m).tar.gz"))
        let build = try XCTUnwrap((job["steps"] as? [[String: Any]])?.first { $0["id"] as? String == "build" }?["run"] as? String)
        try FileManager.default.createDirectory(atPath: root + "/scripts", withIntermediateDirectories: true)
        let stub = root + "/scripts/build-static.sh"
        try Data("#!/usr/bin/env bash\necho 'build-static.sh: log line' >&2\necho \"$PWD/.build/dist/orchestrate-0.1.0-linux-x86_64.tar.gz\"\n".utf8)
            .write(to: URL(fileURLWithPath: stub))
        XCTAssertEqual(chmod(stub, 0o755), 0)
        func run(tag: String) throws -> (status: Int32, output: String, log: String) {
            let output = root + "/output-\(tag)"
            FileManager.default.createFile(atPath: output, contents: nil)
            let r = try bash.run(["--noprofile", "--norc", "-eo", "pipefail", "-c", build], in: root,
                                 environment: ["PATH": "/usr/bin:/bin", "TAG": tag, "GITHUB_OUTPUT": output])
            return (r.status, try String(contentsOfFile: output, encoding: .utf8), r.out + r.err)
        }
        let good = try run(tag: "v0.1.0")
        XCTAssertEqual(good.status, 0, good.log)
        XCTAssertEqual(good.output, "tarball=\(root)/.build/dist/orchestrate-0.1.0-linux-x86_64.tar.gz\n")
        let wrong = try run(tag: "v0.2.0")
        XCTAssertNotEqual(wrong.status, 0)
        XCTAssertEqual(wrong.output, "")
        XCTAssertTrue(wrong.log.contains("tag v0.2.0 does not name the version the binary reports (0.1.0)"), wrong.log)
    }

    /// The example's steps, in order: checkout, the action, then what it does with the outputs.
    static func exampleSteps(_ ruby: ExternalTool) throws -> [[String: Any]] {
        let jobs = try XCTUnwrap(GeneratedWorkflowTests.workflow(example, ruby: ruby)["jobs"] as? [String: [String: Any]])
        return try XCTUnwrap(jobs["app"]?["steps"] as? [[String: Any]])
    }

    func testTheExampleUsesTheActionsOutputsAndRunsReuseArtifactAndAudit() throws {
        let ruby = try ExternalTool.find("ruby")
        let steps = try Self.exampleSteps(ruby)
        let action = try GeneratedWorkflowTests.workflow(Self.action, ruby: ruby)
        let outputs = Set((action["outputs"] as? [String: Any] ?? [:]).keys)
        let text = try String(contentsOf: Self.example, encoding: .utf8)
        let used = try NSRegularExpression(pattern: "steps\\.orchestrate\\.outputs\\.([a-z-]+)")
            .matches(in: text, range: NSRange(text.startIndex..., in: text)).map { String(text[Range($0.range(at: 1), in: text)!]) }
        XCTAssertFalse(used.isEmpty)
        XCTAssertEqual(Set(used).subtracting(outputs), [], "the example reads outputs the action does not declare")
        let with = try XCTUnwrap(steps.first { $0["id"] as? String == "orchestrate" }?["with"] as? [String: Any])
        let inputs = Set((action["inputs"] as? [String: Any] ?? [:]).keys)
        XCTAssertEqual(Set(with.keys).subtracting(inputs), [], "the example passes inputs the action does not declare")
        let runs = steps.compactMap { $0["run"] as? String }.joined(separator: "\n")
        for command in ["orchestrate artifact get", "orchestrate artifact put", "orchestrate audit app --plan app.plan.json"] {
            XCTAssertTrue(runs.contains(command), command)
        }
        XCTAssertEqual(with["base-ref"] as? String, "${{ github.event.pull_request.base.sha }}")
    }

    // MARK: the action's steps, run

    /// The step `id` of action.yml: its script and the names of its env.
    private func step(_ id: String) throws -> (run: String, env: Set<String>) {
        let ruby = try ExternalTool.find("ruby")
        let action = try GeneratedWorkflowTests.workflow(Self.action, ruby: ruby)
        let steps = try XCTUnwrap((action["runs"] as? [String: Any])?["steps"] as? [[String: Any]])
        let step = try XCTUnwrap(steps.first { $0["id"] as? String == id }, id)
        return (try XCTUnwrap(step["run"] as? String), Set((step["env"] as? [String: Any] ?? [:]).keys))
    }

    /// Runs a step as GitHub does (`bash --noprofile --norc -eo pipefail`), in `repo`, with the
    /// runner's variables and `env` (which must be exactly the step's env); returns its outputs.
    private func runStep(_ id: String, env: [String: String], repo: String) throws -> [String: String] {
        let (script, declared) = try step(id)
        XCTAssertEqual(Set(env.keys), declared, "the test gives \(id) what the step declares")
        let output = root + "/output-\(id)-\(UUID().uuidString)"
        FileManager.default.createFile(atPath: output, contents: nil)
        let scriptFile = root + "/\(id).sh"
        try Data(script.utf8).write(to: URL(fileURLWithPath: scriptFile))
        let bin = URL(fileURLWithPath: try BuiltBinary.path()).deletingLastPathComponent().path
        var environment = env
        environment["PATH"] = "\(bin):/usr/bin:/bin"
        environment["HOME"] = root + "/home"
        environment["RUNNER_TEMP"] = root + "/runner-temp"
        environment["GITHUB_OUTPUT"] = output
        try FileManager.default.createDirectory(atPath: root + "/runner-temp", withIntermediateDirectories: true)
        let r = try ExternalTool.find("bash").run(["--noprofile", "--norc", "-eo", "pipefail", scriptFile], in: repo, environment: environment)
        XCTAssertEqual(r.status, 0, "\(id):\n\(r.out)\n\(r.err)")
        var outputs: [String: String] = [:]
        for line in try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            outputs[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return outputs
    }

    private func git(_ args: [String], in repo: String) throws {
        let env = ["PATH": "/usr/bin:/bin", "HOME": root + "/home", "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
                   "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid", "GIT_CONFIG_NOSYSTEM": "1"]
        let r = try ExternalTool.find("git").run(args, in: repo, environment: env)
        XCTAssertEqual(r.status, 0, "git \(args.joined(separator: " ")): \(r.err)")
    }

    /// Three commits of one Plan: the first compiled; a Rails-only change (a field renamed), whose
    /// reuse-check against the first says reuse for both clients; an accent colour change, which
    /// says rebuild for both. The outputs agree with the summary file the step wrote.
    func testTheCompileAndReuseStepsOverThreeCommits() throws {
        _ = try ExternalTool.find("git")
        _ = try ExternalTool.find("python3")
        let repo = root + "/repo"
        try FileManager.default.createDirectory(atPath: repo, withIntermediateDirectories: true)
        let original = try String(contentsOf: PlanCompileTests.examples.appendingPathComponent("movie-catalog.plan.json"), encoding: .utf8)
        let commits = [
            original,
            original.replacingOccurrences(of: "\"born_on\"", with: "\"birth_date\""),
            original.replacingOccurrences(of: "\"born_on\"", with: "\"birth_date\"").replacingOccurrences(of: "\"accent\": \"#E4572E\"", with: "\"accent\": \"#2E86E4\""),
        ]
        XCTAssertEqual(Set(commits).count, 3, "each commit changes the Plan")
        try git(["init", "-q", "-b", "main"], in: repo)
        let store = root + "/store"
        let compileEnv = ["PLAN": "app.plan.json", "OUT": "app", "NATIVE_DIR": "", "JOBS": "", "REMOTE": "", "REMOTE_INSTANCE": "",
                          "REMOTE_UPLOAD": "true", "REMOTE_TOKEN": "", "ORCHESTRATE_REMOTE_KEY": "", "ORCHESTRATE_STORE": store,
                          "ORCHESTRATE_BUILDER_ID": "https://github.com/o/r/actions/runs/1", "STORE_MAX_SIZE": "2G"]
        var expectedReuse: [String: String] = [:]
        for (n, plan) in commits.enumerated() {
            try Data(plan.utf8).write(to: URL(fileURLWithPath: repo + "/app.plan.json"))
            try git(["add", "app.plan.json"], in: repo)
            try git(["commit", "-q", "-m", "commit \(n + 1)"], in: repo)
            let out = try runStep("compile", env: compileEnv, repo: repo)
            let summary = try CompileSummary.decode(Array(try Data(contentsOf: URL(fileURLWithPath: try XCTUnwrap(out["summary"])))), path: "summary")
            XCTAssertEqual(out["tasks"], "\(summary.totals.tasks)")
            XCTAssertEqual(out["rendered"], "\(summary.totals.rendered)")
            XCTAssertEqual(out["reused-local"], "\(summary.totals.reusedLocal)")
            XCTAssertEqual(out["reused-seed"], "\(summary.totals.reusedSeed)")
            XCTAssertEqual(out["reused-remote"], "0")
            for p in [Platform.rails, .ios, .android] {
                XCTAssertEqual(out["\(p.rawValue)-digest"], summary.platforms[p]?.nativeInputDigest?.hex, p.rawValue)
                XCTAssertEqual(out["\(p.rawValue)-digest"]?.count, 64, p.rawValue)
            }
            guard n > 0 else { continue }
            let reuse = try runStep("reuse", env: [
                "BASE_REF": "HEAD~1", "PLAN": "app.plan.json", "OUT": "app", "NATIVE_DIR": "",
                "IOS_DIGEST": out["ios-digest"]!, "ANDROID_DIGEST": out["android-digest"]!, "ORCHESTRATE_STORE": store,
            ], repo: repo)
            expectedReuse = n == 1 ? ["ios-reuse": "true", "android-reuse": "true"] : ["ios-reuse": "false", "android-reuse": "false"]
            XCTAssertEqual(reuse, expectedReuse, "commit \(n + 1)")
        }
        // The base worktree was removed again.
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/runner-temp/orchestrate-base"))
    }
}
