import Foundation
import XCTest
@testable import CLI
@testable import Lowerings

/// `bin/ios` and `bin/android` of a compiled example, run with real Ruby and git: the digest covers
/// the files git lists, so what XcodeGen and Gradle write leaves it equal to `orchestrate digest` of
/// the compiled tree (and to the workflow's); `preview revyl` checks the Revyl CLI and Rails before it
/// asks GitHub for a build, each failure with its own exit status (`RailsNativeRenderer.CommandExit`).
final class PreviewHelperTests: XCTestCase {
    typealias Exit = RailsNativeRenderer.CommandExit
    private var h: CLIHarness!
    private var app: String { h.root + "/out" }

    override func setUpWithError() throws {
        h = try CLIHarness()
        let plan = PlanCompileTests.examples.appendingPathComponent("movie-catalog.plan.json").path
        XCTAssertEqual(h.run("compile", plan, "--out", "out", "--store", "store"), 0, h.err)
    }

    override func tearDown() { h.cleanUp() }

    private func write(_ text: String, to path: String, executable: Bool = false) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        if executable { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path) }
    }

    func testTheDigestIgnoresWhatXcodeGenAndGradleWrite() throws {
        let ruby = try ExternalTool.find("ruby")
        let git = try ExternalTool.find("git")
        for args in [["init", "-q"], ["add", "-A"], ["-c", "user.name=Test", "-c", "user.email=test@example.invalid", "commit", "-q", "-m", "compiled"]] {
            let r = try git.run(["-C", app] + args)
            XCTAssertEqual(r.status, 0, r.err)
        }
        var recorded: [String: String] = [:]
        for client in ["ios", "android"] {
            XCTAssertEqual(h.run("digest", "out", "--platform", client), 0, h.err)
            recorded[client] = h.out.trimmingCharacters(in: .whitespacesAndNewlines)
            let before = try ruby.run([app + "/bin/\(client)", "digest"])
            XCTAssertEqual(before.status, 0, before.err)
            XCTAssertEqual(before.out.trimmingCharacters(in: .whitespacesAndNewlines), recorded[client], client)
        }
        // What `xcodegen generate`, `xcodebuild` and a Gradle build leave behind.
        for path in ["ios/FoundationApp.xcodeproj/project.pbxproj", "ios/App/Info.plist", "ios/build/Build/x",
                     "android/.gradle/9.2.0/x", "android/build/x", "android/app/build/outputs/apk/debug/app-debug.apk",
                     "android/local.properties"] {
            try write("generated\n", to: app + "/" + path)
        }
        for client in ["ios", "android"] {
            let after = try ruby.run([app + "/bin/\(client)", "digest"])
            XCTAssertEqual(after.status, 0, after.err)
            XCTAssertEqual(after.out.trimmingCharacters(in: .whitespacesAndNewlines), recorded[client], client)
            // `orchestrate digest` leaves out what the tree's own .gitignore ignores: still the recorded
            // digest (exit 0), and reuse-check against the untouched tree still says reuse.
            XCTAssertEqual(h.run("digest", "out", "--platform", client), 0, h.err)
            XCTAssertEqual(h.out.trimmingCharacters(in: .whitespacesAndNewlines), recorded[client], client)
        }
        // A new source file git does not ignore counts, as it will once committed.
        try write("// new\n", to: app + "/ios/App/New.swift")
        let added = try ruby.run([app + "/bin/ios", "digest"])
        XCTAssertNotEqual(added.out.trimmingCharacters(in: .whitespacesAndNewlines), recorded["ios"])
        XCTAssertEqual(h.run("digest", "out", "--platform", "ios"), 1, "the new file is a build input")
        XCTAssertEqual(h.out.trimmingCharacters(in: .whitespacesAndNewlines), added.out.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    // MARK: release-numbers

    /// The version is the compiled Plan's (movie-catalog authors none: 1.0.0); the build number is
    /// the commit count, so a new commit raises it and nothing in the tree changes for it.
    func testReleaseNumbersAreThePlansVersionAndTheCommitCount() throws {
        let ruby = try ExternalTool.find("ruby")
        let git = try ExternalTool.find("git")
        let outside = try ruby.run([app + "/bin/ios", "release-numbers"])
        XCTAssertEqual(outside.status, Int32(Exit.noHistory.rawValue), "outside a git work tree: \(outside.out)\(outside.err)")
        XCTAssertTrue(outside.err.contains("git rev-list --count HEAD"), outside.err)
        let commit = ["-c", "user.name=Test", "-c", "user.email=test@example.invalid", "commit", "-q", "--allow-empty", "-m", "c"]
        for args in [["init", "-q"], ["add", "-A"], commit, commit] {
            let r = try git.run(["-C", app] + args)
            XCTAssertEqual(r.status, 0, r.err)
        }
        let ios = try ruby.run([app + "/bin/ios", "release-numbers"])
        XCTAssertEqual(ios.status, 0, ios.err)
        XCTAssertEqual(ios.out, "MARKETING_VERSION=1.0.0\nCURRENT_PROJECT_VERSION=2\n")
        XCTAssertEqual(try git.run(["-C", app] + commit).status, 0)
        let android = try ruby.run([app + "/bin/android", "release-numbers"])
        XCTAssertEqual(android.status, 0, android.err)
        XCTAssertEqual(android.out, "versionName=1.0.0\nbuildNumber=3\n")
        // The version comes from the generated file, so an authored version shows up once compiled.
        let properties = app + "/android/app/application.properties"
        let text = try String(contentsOfFile: properties, encoding: .utf8).replacingOccurrences(of: "version_name=1.0.0", with: "version_name=2.4")
        try write(text, to: properties)
        XCTAssertEqual(try ruby.run([app + "/bin/android", "release-numbers"]).out, "versionName=2.4\nbuildNumber=3\n")
    }

    // MARK: preview revyl

    /// Fake `revyl` and `gh` on PATH: `revyl` answers as `mode` says; `gh` records that it was asked
    /// and finds no build.
    private func runPreview(revyl mode: String?, railsStatus: Int?) throws -> (status: Int32, askedGitHub: Bool) {
        let ruby = try ExternalTool.find("ruby")
        let bin = h.root + "/fakebin", marker = h.root + "/gh-asked"
        try? FileManager.default.removeItem(atPath: marker)
        try? FileManager.default.removeItem(atPath: bin)
        try write("#!/bin/sh\ntouch '\(marker)'\n", to: bin + "/gh", executable: true)
        if let mode {
            try write("""
                #!/bin/sh
                case "$1 $2" in
                  "auth status") [ "\(mode)" = signed-out ] && echo '{"authenticated": false}' || echo '{"authenticated": true}' ;;
                  "app list") [ "\(mode)" = api-down ] && { echo 'connection refused' >&2; exit 1; } || echo '{"apps": [], "count": 0, "total": 0}' ;;
                esac
                """, to: bin + "/revyl", executable: true)
        }
        var address = "http://127.0.0.1:9/"
        var server: Process?
        if let railsStatus {
            let (process, port) = try Self.startServer(status: railsStatus)
            server = process
            address = "http://127.0.0.1:\(port)/"
        }
        defer { server?.terminate(); server?.waitUntilExit() }
        let environment = ["PATH": bin + ":/usr/bin:/bin", "HOME": h.root, "LANG": "C.UTF-8"]
        let r = try ruby.run([app + "/bin/ios", "preview", "revyl", address], in: app, environment: environment)
        return (r.status, FileManager.default.fileExists(atPath: marker))
    }

    func testASignedOutRevylCLIStopsBeforeAnyBuildIsRequested() throws {
        let r = try runPreview(revyl: "signed-out", railsStatus: 200)
        XCTAssertEqual(r.status, Int32(Exit.revylSignedOut.rawValue))
        XCTAssertFalse(r.askedGitHub)
    }

    func testAnUnreachableRevylAppAPIStopsBeforeAnyBuildIsRequested() throws {
        let r = try runPreview(revyl: "api-down", railsStatus: 200)
        XCTAssertEqual(r.status, Int32(Exit.revylAppAPI.rawValue))
        XCTAssertFalse(r.askedGitHub)
    }

    func testAMissingRevylCLIIsReported() throws {
        let r = try runPreview(revyl: nil, railsStatus: 200)
        XCTAssertEqual(r.status, Int32(Exit.revylMissing.rawValue))
        XCTAssertFalse(r.askedGitHub)
    }

    func testRailsRefusingTheHostIsTheTunnelHostError() throws {
        let r = try runPreview(revyl: "ok", railsStatus: 403)
        XCTAssertEqual(r.status, Int32(Exit.railsRefusedHost.rawValue))
        XCTAssertFalse(r.askedGitHub)
    }

    func testWithRevylAndRailsReadyTheHelperAsksGitHubForTheBuild() throws {
        let r = try runPreview(revyl: "ok", railsStatus: 200)
        XCTAssertEqual(r.status, Int32(Exit.noBuild.rawValue), "the fake gh finds no build")
        XCTAssertTrue(r.askedGitHub)
    }

    /// A loopback HTTP server that answers every GET with `status`; returns it and its port.
    static func startServer(status: Int) throws -> (Process, Int) {
        let python = try ExternalTool.find("python3")
        let script = """
            import http.server, sys
            class Handler(http.server.BaseHTTPRequestHandler):
                def do_GET(self):
                    self.send_response(int(sys.argv[1]))
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                def log_message(self, *args):
                    pass
            server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
            print(server.server_address[1], flush=True)
            server.serve_forever()
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python.path)
        process.arguments = ["-c", script, String(status)]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while true {
            let byte = out.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line += byte
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw XCTSkip("the Python test server did not start")
        }
        return (process, port)
    }
}
