import Foundation
import Tasks
import XCTest
@testable import Lowerings

/// Golden seam outputs for the example Plans under `Golden/<fixture>/android/<seam path>`.
/// `ORCHESTRATE_RECORD_GOLDEN=1` rewrites them and fails, so a baseline is never replaced silently.
final class AndroidGoldenTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    private static var recording: Bool { ProcessInfo.processInfo.environment["ORCHESTRATE_RECORD_GOLDEN"] == "1" }

    func testMovieCatalog() throws { try check("movie-catalog") }
    func testStudioOps() throws { try check("studio-ops") }
    func testNotesDeclinesAndroid() throws { try check("notes") }

    private func check(_ name: String) throws {
        let lowering = AndroidLowering.lower(try AndroidFixture.fixture("\(name).plan.json"))
        let directory = Self.root.appendingPathComponent(name).appendingPathComponent("android")
        var expected: [String: [UInt8]] = [:]
        for task in lowering.tasks {
            XCTAssertTrue(task.path.hasPrefix("android/"), task.path)
            expected[String(task.path.dropFirst("android/".count))] = try AndroidFixture.render(task)
        }
        if Self.recording {
            try? FileManager.default.removeItem(at: directory)
            for (path, bytes) in expected {
                let url = directory.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: url)
            }
            XCTFail("recorded \(expected.count) golden files for \(name); unset ORCHESTRATE_RECORD_GOLDEN and review the diff")
            return
        }
        let present = Set(Self.files(under: directory))
        XCTAssertEqual(present, Set(expected.keys), "golden files for \(name) differ from the rendered seams; record with ORCHESTRATE_RECORD_GOLDEN=1")
        for (path, bytes) in expected.sorted(by: { $0.key < $1.key }) {
            guard let golden = try? Data(contentsOf: directory.appendingPathComponent(path)) else { continue }
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), String(decoding: golden, as: UTF8.self), "\(name)/android/\(path)")
        }
    }

    private static func files(under directory: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        var result: [String] = []
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory.path + "/" + relative, isDirectory: &isDirectory), !isDirectory.boolValue {
                result.append(relative)
            }
        }
        return result
    }
}
