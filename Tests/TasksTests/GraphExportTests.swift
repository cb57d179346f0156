import StoreModel
import Foundation
import XCTest
@testable import Tasks

final class GraphExportTests: XCTestCase {
    func testJSONHasNodesAndEdges() throws {
        let g = try TaskGraph([textTask("a", "1"), textTask("b", "2", deps: ["in": "a"])])
        let json = try JSONSerialization.jsonObject(with: Data(try GraphExport.json(g, keys: [:]))) as! [String: Any]
        XCTAssertEqual((json["nodes"] as! [[String: Any]]).map { $0["id"] as! String }, ["a", "b"])
        XCTAssertEqual(json["edges"] as! [[String: String]], [["from": "a", "to": "b", "input": "in"]])
    }

    func testDOTRendersWithGraphviz() throws {
        let g = try TaskGraph([textTask("a\"q", "1", platform: "ios"), textTask("b", "2", platform: "rails", deps: ["in": "a\"q"])])
        let dot = GraphExport.dot(g, keys: ["b": Digest.of("k")])
        guard let dotPath = ["/usr/bin/dot", "/usr/local/bin/dot"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("graphviz is not installed; scripts/test.sh installs it")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: dotPath)
        p.arguments = ["-Tsvg"]
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        p.standardError = FileHandle.nullDevice
        try p.run()
        input.fileHandleForWriting.write(Data(dot.utf8))
        try input.fileHandleForWriting.close()
        let svg = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        XCTAssertTrue(svg.contains("<svg"))
        XCTAssertTrue(svg.contains(String(Digest.of("k").hex.prefix(12))))
    }
}
