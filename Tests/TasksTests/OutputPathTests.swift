import XCTest
@testable import Tasks

final class OutputPathTests: XCTestCase {
    /// The rules as first written (one check over the whole path at a time): the byte scan must
    /// answer the same, message included.
    private func reference(_ path: String) -> String? {
        if path.isEmpty { return "it is empty" }
        if path.hasPrefix("/") { return "it is absolute; output paths are relative to the output directory" }
        if path.utf8.contains(0) { return "it contains a NUL byte" }
        if path.utf8.contains(UInt8(ascii: "\\")) { return "it contains a backslash; use /" }
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            if component.isEmpty { return "it has an empty component" }
            if component == "." || component == ".." { return "it has a \(component) component" }
        }
        return nil
    }

    func testAgreesWithTheRulesOnTrickyPaths() {
        let paths = [
            "", "/", "/abs", "a", "a/b/c.txt", "a//b", "a/", "./a", "a/.", "a/./b", "../a", "a/..", "a/../b",
            "...", "a/.../b", ".hidden", "a/.b", "..a", "a..", "a\\b", "a/\u{0}/b", "\u{0}", "a\\..", "../a\\b\u{0}",
            "é/日本/🚀.txt", "a/b/", "//", ".", "..", "ios/d0/f1.txt", ".orchestrate/outputs.json",
        ]
        for p in paths { XCTAssertEqual(OutputPath.problem(p), reference(p), "\(p.debugDescription)") }
        XCTAssertNil(OutputPath.problem("ios/App/AppDelegate.swift"))
        XCTAssertEqual(OutputPath.problem("a/../b"), "it has a .. component")
        XCTAssertFalse(OutputPath.problem("/abs")!.contains("--"), "the library names no CLI flag")
    }
}
