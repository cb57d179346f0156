import Foundation
import XCTest

/// Parses Kotlin and Gradle Kotlin DSL with tree-sitter's Kotlin grammar (`scripts/kotlin-parse.py`;
/// scripts/test.sh installs the pinned PyPI packages). A parse is not a compile: it finds syntax
/// errors (ERROR/MISSING nodes), not unknown names or wrong types.
enum KotlinGrammar {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Status and output of the parser over `paths` (0: no ERROR or MISSING node anywhere).
    static func parse(_ paths: [String]) throws -> (status: Int32, output: String) {
        let script = packageRoot.appendingPathComponent("scripts/kotlin-parse.py").path
        return try ToolProcess.run("/usr/bin/env", ["python3", script] + paths)
    }

    /// Writes each (name, text) to a scratch folder, keeping the file name's extension, and parses them.
    static func parse(texts: [(name: String, text: String)]) throws -> (status: Int32, output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kotlin-parse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for (index, item) in texts.enumerated() {
            let url = folder.appendingPathComponent("\(index)-" + item.name.replacingOccurrences(of: "/", with: "_"))
            try item.text.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        return try parse(paths)
    }
}
