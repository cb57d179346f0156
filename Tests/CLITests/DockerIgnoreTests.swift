import Foundation
import XCTest
@testable import CLI

/// The deploy files of the Rails Core keep the native client trees in the image: the server sends
/// the path configuration each client bundles. `.dockerignore` is read with Docker's rules
/// (`DockerIgnore`) and applied to every file of each compiled example.
final class DockerIgnoreTests: XCTestCase {
    private var h: CLIHarness!

    override func setUpWithError() throws { h = try CLIHarness() }
    override func tearDown() { h.cleanUp() }

    private func compile(_ example: String) throws -> String {
        let plan = PlanCompileTests.examples.appendingPathComponent("\(example).plan.json").path
        XCTAssertEqual(h.run("compile", plan, "--out", example, "--store", "store"), 0, h.err)
        return h.root + "/" + example
    }

    private func files(under root: String) throws -> [String] {
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: root))
        var out: [String] = []
        while let path = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                out.append(path)
            }
        }
        return out.sorted()
    }

    func testEveryFileOfTheNativeTreesGoesIntoTheImage() throws {
        for example in ["movie-catalog", "notes", "studio-ops"] {
            let root = try compile(example)
            let ignore = try DockerIgnore(String(contentsOfFile: root + "/.dockerignore", encoding: .utf8))
            let native = try files(under: root).filter { $0.hasPrefix("ios/") || $0.hasPrefix("android/") }
            XCTAssertGreaterThan(native.count, 20, example)
            XCTAssertEqual(native.filter { ignore.excludes($0) }, [], "\(example): excluded from the image")
            XCTAssertTrue(native.contains("ios/Resources/ios_v1.json"), example)
            XCTAssertEqual(native.contains("android/app/src/main/assets/json/android_v1.json"), example != "notes", example)
            XCTAssertFalse(ignore.excludes("app/controllers/native/configurations_controller.rb"))
        }
    }

    /// The same patterns do keep out what an image must not carry, so the check above can fail.
    func testSecretsStateAndNativeBuildOutputStayOut() throws {
        let ignore = try DockerIgnore(String(contentsOfFile: try compile("movie-catalog") + "/.dockerignore", encoding: .utf8))
        for path in [".git/HEAD", "config/master.key", ".env.development.local", "log/development.log", "tmp/cache/x",
                     "storage/production.sqlite3", "ios/FoundationApp.xcodeproj/project.pbxproj", "ios/build/x",
                     "android/.gradle/x", "android/build/x", "android/app/build/outputs/apk/debug/app-debug.apk",
                     "android/local.properties"] {
            XCTAssertTrue(ignore.excludes(path), path)
        }
        for path in ["log/.keep", "tmp/.keep", "storage/.keep", "Gemfile", "config/routes.rb", "ios/project.yml", "android/gradle.properties"] {
            XCTAssertFalse(ignore.excludes(path), path)
        }
    }

    /// render.yaml builds the image from that Dockerfile, whose build stage copies the whole context.
    func testRenderBuildsTheDockerImageFromTheWholeContext() throws {
        let ruby = try ExternalTool.find("ruby")
        let root = try compile("movie-catalog")
        let r = try ruby.run(["-ryaml", "-rjson", "-e", "puts JSON.generate(YAML.safe_load(File.read(ARGV[0])))", root + "/render.yaml"])
        XCTAssertEqual(r.status, 0, r.err)
        let blueprint = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let service = try XCTUnwrap((blueprint["services"] as? [[String: Any]])?.first)
        XCTAssertEqual(service["runtime"] as? String, "docker")
        XCTAssertEqual(service["dockerContext"] as? String, ".")
        let dockerfile = try String(contentsOfFile: root + "/" + XCTUnwrap(service["dockerfilePath"] as? String), encoding: .utf8)
        XCTAssertTrue(dockerfile.split(separator: "\n").contains("COPY . ."))
    }
}

/// `.dockerignore` as Docker reads it: one pattern a line (`#` comments), a leading `/` and a
/// trailing `/` dropped, `*` and `?` within one path segment, `**` across segments, `!` re-includes;
/// the last pattern that matches the path or one of its parent directories decides.
struct DockerIgnore {
    struct Rule {
        let pattern: NSRegularExpression
        let include: Bool
    }

    let rules: [Rule]

    init(_ text: String) throws {
        rules = try text.split(separator: "\n").compactMap { raw -> Rule? in
            var line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { return nil }
            let include = line.hasPrefix("!")
            if include { line.removeFirst() }
            while line.hasPrefix("/") { line.removeFirst() }
            while line.hasSuffix("/") { line.removeLast() }
            return Rule(pattern: try NSRegularExpression(pattern: "^" + Self.regex(line) + "$"), include: include)
        }
    }

    static func regex(_ pattern: String) -> String {
        var out = ""
        var chars = Array(pattern)[...]
        while let c = chars.popFirst() {
            switch c {
            case "*" where chars.first == "*":
                chars.removeFirst()
                if chars.first == "/" { chars.removeFirst(); out += "(.*/)?" } else { out += ".*" }
            case "*": out += "[^/]*"
            case "?": out += "[^/]"
            default: out += NSRegularExpression.escapedPattern(for: String(c))
            }
        }
        return out
    }

    /// Whether the file at `path` (relative to the context root) stays out of the build context.
    func excludes(_ path: String) -> Bool {
        let segments = path.split(separator: "/")
        let candidates = (1...segments.count).map { segments.prefix($0).joined(separator: "/") }
        var excluded = false
        for rule in rules where candidates.contains(where: { rule.pattern.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil }) {
            excluded = !rule.include
        }
        return excluded
    }
}
