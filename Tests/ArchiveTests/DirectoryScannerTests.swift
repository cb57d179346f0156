@testable import Archive
import Foundation
import XCTest

final class DirectoryScannerTests: XCTestCase {
    func testSymlinksAreRefusedWithTheirPath() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.write("src/a.txt", "a")
        try FileManager.default.createSymbolicLink(atPath: sandbox.root + "/src/link", withDestinationPath: "a.txt")
        XCTAssertThrowsError(try DirectoryScanner().entries(in: sandbox.root + "/src")) {
            XCTAssertEqual($0 as? ArchiveError, .symlinkInSource(path: sandbox.root + "/src/link"))
        }
    }

    func testSpecialFilesAreRefused() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try FileManager.default.createDirectory(atPath: sandbox.root + "/src", withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(sandbox.root + "/src/pipe", 0o644), 0)
        XCTAssertThrowsError(try DirectoryScanner().entries(in: sandbox.root + "/src")) {
            XCTAssertEqual($0 as? ArchiveError, .unsupportedFileType(path: sandbox.root + "/src/pipe"))
        }
    }

    func testModesSkipsAndExclusions() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.write("src/run", "x", mode: 0o744)
        try sandbox.write("src/data", "y", mode: 0o600)
        try sandbox.write("src/.DS_Store", "z")
        try sandbox.write("src/docs/internal/secret.md", "s")
        try sandbox.write("src/docs/public.md", "p")
        try sandbox.write("src/.github/ci.yml", "c")
        let entries = try DirectoryScanner(excludedRoots: [".github", "docs/internal"]).entries(in: sandbox.root + "/src")
        XCTAssertEqual(entries, [.file("data", "y"), .directory("docs"), .file("docs/public.md", "p"),
                                 .file("run", "x", executable: true)])
    }
}
