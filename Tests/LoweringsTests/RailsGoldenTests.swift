import Foundation
import XCTest
@testable import Lowerings

/// The rendered Rails tree of each example Plan against `Golden/<plan>/rails/`. Record with
/// `ORCHESTRATE_RECORD_GOLDEN=1`; a recording run rewrites the files and fails on purpose.
final class RailsGoldenTests: XCTestCase {
    static let goldenRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    func testRenderedFilesMatchTheGoldenTrees() throws {
        let record = ProcessInfo.processInfo.environment["ORCHESTRATE_RECORD_GOLDEN"] == "1"
        for fixture in Fixture.names {
            let plan = fixture.replacingOccurrences(of: ".plan.json", with: "")
            let root = Self.goldenRoot.appendingPathComponent(plan).appendingPathComponent("rails")
            let files = try RailsHarness.files(RailsLowering.lower(try RailsHarness.loadedFixture(fixture)))
            if record {
                try? FileManager.default.removeItem(at: root)
                for (path, bytes) in files {
                    let url = root.appendingPathComponent(path)
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(bytes).write(to: url)
                }
                continue
            }
            let recorded = try Self.listFiles(root)
            XCTAssertEqual(recorded, Set(files.keys), "\(plan): golden file set differs; record with ORCHESTRATE_RECORD_GOLDEN=1")
            for (path, bytes) in files where recorded.contains(path) {
                let golden = Array(try Data(contentsOf: root.appendingPathComponent(path)))
                XCTAssertEqual(String(decoding: bytes, as: UTF8.self), String(decoding: golden, as: UTF8.self), "\(plan)/rails/\(path)")
            }
        }
        if record { XCTFail("Recorded the Rails golden trees; review the diff and run again without ORCHESTRATE_RECORD_GOLDEN") }
    }

    static func listFiles(_ root: URL) throws -> Set<String> {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var out: Set<String> = []
        let prefix = root.standardizedFileURL.path + "/"
        for case let url as URL in walker where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            out.insert(String(url.standardizedFileURL.path.dropFirst(prefix.count)))
        }
        return out
    }
}
