import Foundation
import XCTest

/// The `orchestrate` executable `swift build --build-tests` puts next to the test bundle.
enum BuiltBinary {
    static func path() throws -> String {
        let dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [dir, dir.deletingLastPathComponent()] {
            let p = candidate.appendingPathComponent("orchestrate").path
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        let p = Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("orchestrate").path
        guard FileManager.default.isExecutableFile(atPath: p) else {
            XCTFail("the orchestrate binary is not built next to the tests; run `swift build --build-tests` (scripts/test.sh does)")
            throw XCTSkip("no binary")
        }
        return p
    }
}
