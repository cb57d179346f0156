import Cache
import Foundation
import XCTest
@testable import Lowerings

/// Checks the rendered Rails files with real Ruby: `ruby -c` for Ruby and `bin/*`, ERB compiled
/// through Action View's Erubi handler and then `ruby -c`, YAML through Psych, JSON through
/// JSONSerialization. Skips when `ruby` is missing.
final class RailsRubyToolTests: XCTestCase {
    private var workspace: URL!

    override func setUpWithError() throws {
        workspace = FileManager.default.temporaryDirectory.appendingPathComponent("rails-ruby-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: workspace)
    }

    func testEveryRenderedFilePassesItsRubyCheck() throws {
        let ruby = try Self.tool("ruby")
        var checked: [String: Int] = [:]
        for fixture in Fixture.names {
            let files = try LoweringHarness.files(RailsLowering.lower(try LoweringHarness.fixture(fixture)))
            let root = workspace.appendingPathComponent(fixture)
            for (path, bytes) in files {
                let url = root.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: url)
                let file = url.path
                if path.hasSuffix(".rb") || path.hasPrefix("bin/") {
                    let r = try ToolProcess.run(ruby, ["-c", file])
                    XCTAssertEqual(r.status, 0, "ruby -c \(fixture) \(path):\n\(r.output)")
                    checked["ruby", default: 0] += 1
                } else if path.hasSuffix(".erb") {
                    let script = "require 'action_view'; src = ActionView::Template::Handlers::ERB::Erubi.new(File.read(ARGV[0]), trim: true).src; " +
                        "RubyVM::InstructionSequence.compile(src); puts 'ok'"
                    let r = try ToolProcess.run(ruby, ["-e", script, file])
                    XCTAssertEqual(r.status, 0, "ERB \(fixture) \(path):\n\(r.output)")
                    checked["erb", default: 0] += 1
                } else if path.hasSuffix(".yml") {
                    let r = try ToolProcess.run(ruby, ["-ryaml", "-e", "YAML.safe_load(File.read(ARGV[0])) or abort 'empty'", file])
                    XCTAssertEqual(r.status, 0, "YAML \(fixture) \(path):\n\(r.output)")
                    checked["yaml", default: 0] += 1
                } else if path.hasSuffix(".json") {
                    XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(bytes)), "\(fixture) \(path)")
                }
            }
        }
        XCTAssertGreaterThanOrEqual(checked["ruby"] ?? 0, 40)
        XCTAssertGreaterThanOrEqual(checked["erb"] ?? 0, 40)
        XCTAssertGreaterThanOrEqual(checked["yaml"] ?? 0, 4)
    }

    /// `bin/ios digest`, the workflow's shell pipeline and `TreeDigest` agree on one tree that git
    /// tracks, and both leave out files the tree's `.gitignore` excludes.
    func testBinDigestAgreesWithTheWorkflowPipelineAndTreeDigest() throws {
        let ruby = try Self.tool("ruby")
        let bash = try Self.tool("bash")
        let git = try Self.tool("git")
        let lowering = RailsLowering.lower(try LoweringHarness.fixture("movie-catalog.plan.json"))
        let files = try LoweringHarness.files(lowering)
        let root = workspace.appendingPathComponent("app")
        let tree: [(String, String, Bool)] = [
            ("project.yml", "name: FoundationApp\n", false), ("App/Main.swift", "print(1)\n", false),
            ("scripts/run", "#!/bin/sh\n", true), (".hidden/a b.txt", "x", false), ("Z.txt", "z", false),
            ("FOUNDATION_PROVENANCE.json", "{}", false), (".gitignore", "build/\n", false),
        ]
        for client in ["ios", "android"] {
            for (path, text, executable) in tree {
                let url = root.appendingPathComponent(client).appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
                if executable { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path) }
            }
            let bin = root.appendingPathComponent("bin/\(client)")
            try FileManager.default.createDirectory(at: bin.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(files["bin/\(client)"]!).write(to: bin)
        }
        for args in [["init", "-q"], ["add", "-A"]] {
            XCTAssertEqual(try ToolProcess.run(git, ["-C", root.path] + args).status, 0)
        }
        for client in ["ios", "android"] {
            let expected = try TreeDigest.digest(ofDirectory: root.appendingPathComponent(client).path).hex
            // Build output the tree's .gitignore excludes: neither digest may see it.
            let ignored = root.appendingPathComponent(client).appendingPathComponent("build/output.bin")
            try FileManager.default.createDirectory(at: ignored.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("built".utf8).write(to: ignored)

            let fromBin = try ToolProcess.run(ruby, [root.appendingPathComponent("bin/\(client)").path, "digest"])
            XCTAssertEqual(fromBin.status, 0, fromBin.output)

            // The digest step of the generated workflow, run as written.
            let workflow = String(decoding: files[".github/workflows/\(client).yml"]!, as: UTF8.self)
            let lines = workflow.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let start = try XCTUnwrap(lines.firstIndex { $0.contains("digest=$(cd \(client)") })
            let end = try XCTUnwrap(lines[start...].firstIndex { $0.contains("done | sha256sum | cut -d' ' -f1)") })
            let script = "set -euo pipefail\ncd \(Self.quoted(root.path))\n" +
                lines[start...end].map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n") + "\necho \"$digest\"\n"
            let fromShell = try ToolProcess.run(bash, ["-c", script])
            XCTAssertEqual(fromShell.status, 0, fromShell.output)

            XCTAssertEqual(fromBin.output.trimmingCharacters(in: .whitespacesAndNewlines), expected, client)
            XCTAssertEqual(fromShell.output.trimmingCharacters(in: .whitespacesAndNewlines), expected, client)
            XCTAssertNotEqual(try TreeDigest.digest(ofDirectory: root.appendingPathComponent(client).path).hex, expected,
                              "the ignored file is in the directory, so a digest of every file moves")
        }
    }

    /// JavaScript: Stimulus controllers as modules, inline `<script>` bodies of ERB templates as scripts.
    func testJavaScriptParsesWithNode() throws {
        let node = try Self.tool("node")
        let toggle = try LoweringHarness.edited("movie-catalog.plan.json") { JSONEdit.set($0, "/application/appearance/theme", "toggle") }
        let files = try LoweringHarness.files(RailsLowering.lower(toggle))
        var checked = 0
        for (path, bytes) in files {
            let text = String(decoding: bytes, as: UTF8.self)
            var sources: [(String, String)] = []
            if path.hasSuffix(".js") { sources.append((text, "mjs")) }
            if path.hasSuffix(".erb") {
                var rest = Substring(text)
                while let open = rest.range(of: "<script>"), let close = rest.range(of: "</script>", range: open.upperBound..<rest.endIndex) {
                    sources.append((String(rest[open.upperBound..<close.lowerBound]), "js"))
                    rest = rest[close.upperBound...]
                }
            }
            for (index, (source, ext)) in sources.enumerated() {
                let url = workspace.appendingPathComponent("script-\(checked)-\(index).\(ext)")
                try Data(source.utf8).write(to: url)
                let r = try ToolProcess.run(node, ["--check", url.path])
                XCTAssertEqual(r.status, 0, "node --check \(path):\n\(r.output)")
                checked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 3, "theme controller, theme script, native session script")
    }

    static func quoted(_ path: String) -> String { "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    func testExecutableModeOnlyForBinScripts() throws {
        let lowering = RailsLowering.lower(try LoweringHarness.fixture("movie-catalog.plan.json"))
        for task in lowering.tasks {
            XCTAssertEqual(task.mode == .executable, task.path.hasPrefix("bin/"), task.path)
        }
    }

    static func tool(_ name: String) throws -> String {
        for dir in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
            return "\(dir)/\(name)"
        }
        throw XCTSkip("\(name) is not installed")
    }

}
