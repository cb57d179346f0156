import Foundation
import XCTest
@testable import CLI

/// The generated `Native::ConfigurationsController`, run with real Ruby against a compiled tree
/// (Rails and its base controller stubbed to record what `render json:` receives): each action sends
/// the very bytes of the file the client bundles, so the app and the server share one copy.
final class ServedConfigurationTests: XCTestCase {
    static let stub = """
        require "pathname"
        module Rails
          def self.root
            Pathname(ARGV[0])
          end
        end
        class ApplicationController
          attr_reader :rendered

          def render(json:)
            @rendered = json
          end
        end
        load ARGV[1]
        controller = Native::ConfigurationsController.new
        controller.public_send(ARGV[2])
        $stdout.binmode
        $stdout.write(controller.rendered)
        """

    func testEachActionSendsTheClientsBundledFileByteForByte() throws {
        let ruby = try ExternalTool.find("ruby")
        var served = 0
        for (example, clients) in [("movie-catalog", ["ios", "android"]), ("notes", ["ios"]), ("studio-ops", ["ios", "android"])] {
            let h = try CLIHarness()
            defer { h.cleanUp() }
            let plan = PlanCompileTests.examples.appendingPathComponent("\(example).plan.json").path
            XCTAssertEqual(h.run("compile", plan, "--out", "out", "--store", "store"), 0, h.err)
            let out = h.root + "/out"
            let bundled = ["ios": "ios/Resources/ios_v1.json", "android": "android/app/src/main/assets/json/android_v1.json"]
            for client in clients {
                let expected = try XCTUnwrap(FileManager.default.contents(atPath: out + "/" + bundled[client]!), "\(example) \(client)")
                let r = try ruby.run(["-e", Self.stub, out, out + "/app/controllers/native/configurations_controller.rb", "\(client)_v1"])
                XCTAssertEqual(r.status, 0, "\(example) \(client): \(r.err)")
                XCTAssertEqual(Data(r.out.utf8), expected, "\(example) \(client)")
                served += 1
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: out + "/config/native"), "\(example): the server keeps no copy")
        }
        XCTAssertEqual(served, 5)
    }
}
