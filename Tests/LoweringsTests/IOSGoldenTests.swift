import Foundation
import XCTest
@testable import Lowerings

/// Rendered iOS seams of the example Plans against the committed files under
/// `Golden/<fixture>/ios/`. `ORCHESTRATE_RECORD_GOLDEN=1` rewrites them and fails on purpose.
final class IOSGoldenTests: XCTestCase {
    private var recording: Bool { ProcessInfo.processInfo.environment["ORCHESTRATE_RECORD_GOLDEN"] == "1" }

    func testMovieCatalog() throws { try check("movie-catalog") }
    func testNotes() throws { try check("notes") }
    func testStudioOps() throws { try check("studio-ops") }

    private func check(_ name: String) throws {
        let lowering = IOSLowering.lower(try IOSTest.fixture(name + ".plan.json"))
        XCTAssertEqual(lowering.status, .emitted)
        let rendered = try IOSTest.render(lowering)
        let root = IOSTest.goldenRoot.appendingPathComponent(name).appendingPathComponent("ios")
        if recording {
            try? FileManager.default.removeItem(at: root)
            for (path, bytes) in rendered {
                let url = root.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: url)
            }
            XCTFail("recorded \(rendered.count) golden files for \(name); review the diff and run again without ORCHESTRATE_RECORD_GOLDEN")
            return
        }
        var committed = Set<String>()
        if let walker = FileManager.default.enumerator(atPath: root.path) {
            while let relative = walker.nextObject() as? String {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: root.appendingPathComponent(relative).path, isDirectory: &isDirectory),
                   !isDirectory.boolValue {
                    committed.insert(relative)
                }
            }
        }
        XCTAssertEqual(committed, Set(rendered.keys), "\(name): golden files and rendered seams differ; record with ORCHESTRATE_RECORD_GOLDEN=1")
        for (path, bytes) in rendered {
            let expected = try? Data(contentsOf: root.appendingPathComponent(path))
            XCTAssertEqual(expected.map { [UInt8]($0) }, bytes, "\(name)/ios/\(path) differs from its golden file")
        }
    }
}
