import Foundation
import XCTest
@testable import Lowerings

/// Every lowering's rendered files for the example Plans against `Golden/<plan>/<platform>/`
/// (paths relative to the tree's mount; a declined client has none). One harness for the three
/// platforms, so each fails the same way: the file set first, then each file's bytes.
/// `ORCHESTRATE_RECORD_GOLDEN=1` rewrites them and fails on purpose, so a baseline is never
/// replaced silently.
final class GoldenTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    private var recording: Bool { ProcessInfo.processInfo.environment["ORCHESTRATE_RECORD_GOLDEN"] == "1" }

    func testMovieCatalog() throws { try check("movie-catalog", emitted: [.rails, .ios, .android]) }
    func testNotes() throws { try check("notes", emitted: [.rails, .ios]) }
    func testStudioOps() throws { try check("studio-ops", emitted: [.rails, .ios, .android]) }
    /// `examples/field-guide` with its native directory (issue 16).
    func testFieldGuide() throws { try check("field-guide", emitted: [.rails, .ios, .android], loaded: try ExtensionLoweringTests.loaded()) }

    private func check(_ name: String, emitted: Set<Platform>, loaded: LoadedPlan? = nil) throws {
        for lowering in PlanLowering.lower(try loaded ?? LoweringHarness.fixture(name + ".plan.json")) {
            let platform = lowering.platform
            XCTAssertEqual(lowering.status == .emitted, emitted.contains(platform), "\(name): \(platform) is \(lowering.status)")
            let directory = Self.root.appendingPathComponent(name).appendingPathComponent(platform.rawValue)
            let rendered = try LoweringHarness.files(lowering)
            if recording {
                try? FileManager.default.removeItem(at: directory)
                for (path, bytes) in rendered {
                    let url = directory.appendingPathComponent(path)
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(bytes).write(to: url)
                }
                XCTFail("recorded \(rendered.count) golden files for \(name)/\(platform); unset ORCHESTRATE_RECORD_GOLDEN and review the diff")
                continue
            }
            let committed = Self.files(under: directory)
            XCTAssertEqual(committed, Set(rendered.keys), "\(name)/\(platform): golden files and rendered seams differ; record with ORCHESTRATE_RECORD_GOLDEN=1")
            for (path, bytes) in rendered.sorted(by: { $0.key < $1.key }) where committed.contains(path) {
                let golden = Array(try Data(contentsOf: directory.appendingPathComponent(path)))
                guard bytes != golden else { continue }
                let (got, want) = (String(decoding: bytes, as: UTF8.self), String(decoding: golden, as: UTF8.self))
                XCTAssertEqual(got, want, "\(name)/\(platform)/\(path)")
                if got == want { XCTFail("\(name)/\(platform)/\(path): \(bytes.count) bytes differ from the golden file's \(golden.count)") }
            }
        }
    }

    /// Regular files below `directory`, relative to it (none when it is absent).
    static func files(under directory: URL) -> Set<String> {
        guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        var out: Set<String> = []
        while let relative = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent(relative).path, isDirectory: &isDirectory), !isDirectory.boolValue {
                out.insert(relative)
            }
        }
        return out
    }
}
