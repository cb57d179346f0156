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
            let files = try RailsHarness.files(RailsLowering.lower(try RailsHarness.loadedFixture(fixture)))
            let root = workspace.appendingPathComponent(fixture)
            for (path, bytes) in files {
                let url = root.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: url)
                let file = url.path
                if path.hasSuffix(".rb") || path.hasPrefix("bin/") {
                    let r = try Self.run(ruby, ["-c", file])
                    XCTAssertEqual(r.status, 0, "ruby -c \(fixture) \(path):\n\(r.output)")
                    checked["ruby", default: 0] += 1
                } else if path.hasSuffix(".erb") {
                    let script = "require 'action_view'; src = ActionView::Template::Handlers::ERB::Erubi.new(File.read(ARGV[0]), trim: true).src; " +
                        "RubyVM::InstructionSequence.compile(src); puts 'ok'"
                    let r = try Self.run(ruby, ["-e", script, file])
                    XCTAssertEqual(r.status, 0, "ERB \(fixture) \(path):\n\(r.output)")
                    checked["erb", default: 0] += 1
                } else if path.hasSuffix(".yml") {
                    let r = try Self.run(ruby, ["-ryaml", "-e", "YAML.safe_load(File.read(ARGV[0])) or abort 'empty'", file])
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

    func testExecutableModeOnlyForBinScripts() throws {
        let lowering = RailsLowering.lower(try RailsHarness.loadedFixture("movie-catalog.plan.json"))
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

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
