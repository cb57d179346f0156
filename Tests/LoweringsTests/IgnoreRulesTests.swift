import Foundation
import XCTest
@testable import Lowerings

/// `IgnoreRules` against real git (`git check-ignore`) on the Cores' own `.gitignore` files and on
/// patterns that exercise anchoring, directory-only rules, negation, `**`, `?` and classes.
final class IgnoreRulesTests: XCTestCase {
    private static let cores = KotlinGrammar.packageRoot.appendingPathComponent("Cores")

    private func gitIgnored(_ gitignore: String, _ paths: [String]) throws -> Set<String> {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ignore-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        XCTAssertEqual(try ToolProcess.run("/usr/bin/env", ["git", "-C", root.path, "init", "-q"]).status, 0)
        try gitignore.write(to: root.appendingPathComponent(".gitignore"), atomically: true, encoding: .utf8)
        for path in paths {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        // Every file git would list: what is not listed is ignored.
        let listed = try ToolProcess.run("/usr/bin/env", ["git", "-C", root.path, "ls-files", "--cached", "--others", "--exclude-standard"])
        XCTAssertEqual(listed.status, 0, listed.output)
        return Set(paths).subtracting(listed.output.split(separator: "\n").map(String.init))
    }

    private func assertAgreesWithGit(_ gitignore: String, _ paths: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let rules = IgnoreRules(text: gitignore)
        let ours = Set(paths.filter { rules.ignores($0) })
        XCTAssertEqual(ours, try gitIgnored(gitignore, paths), file: file, line: line)
    }

    func testTheCoresIgnoreFilesAgreeWithGit() throws {
        let ios = try String(contentsOf: Self.cores.appendingPathComponent("ios/.gitignore"), encoding: .utf8)
        try assertAgreesWithGit(ios, [
            "FoundationApp.xcodeproj/project.pbxproj", "FoundationApp.xcodeproj/xcuserdata/a.xcuserdatad/x", "App/Info.plist",
            "App/Other/Info.plist", "App/AppDelegate.swift", "build/Build/Products/x", "App/build/x", "DerivedData/x",
            "project.yml", "Resources/ios_v1.json", "Generated/Identity.xcconfig", "xcodeproj", "a.xcodeproj",
        ])
        let android = try String(contentsOf: Self.cores.appendingPathComponent("android/.gitignore"), encoding: .utf8)
        try assertAgreesWithGit(android, [
            ".gradle/9.2.0/x", "build/x", "app/build/outputs/apk/debug/app-debug.apk", "local.properties", "app/local.properties",
            ".idea/misc.xml", "app/app.iml", ".kotlin/x", "captures/x", "gradlew", "app/build.gradle.kts",
            "app/src/main/java/dev/firstdraft/app/MainActivity.kt", "gradle/wrapper/gradle-wrapper.properties",
        ])
    }

    func testPatternsAgreeWithGit() throws {
        let gitignore = """
        # comment
        *.log
        !keep.log
        /root-only.txt
        docs/**/draft.md
        a?c
        [bc]z.txt
        cache/
        !cache/re-included.txt
        deep/**
        tmp/*.tmp
        \\#hash
        """
        try assertAgreesWithGit(gitignore, [
            "x.log", "sub/y.log", "keep.log", "sub/keep.log", "root-only.txt", "sub/root-only.txt", "docs/draft.md",
            "docs/a/b/draft.md", "docs/a/draft.mdx", "abc", "a/c", "sub/axc", "bz.txt", "cz.txt", "dz.txt", "cache/x",
            "sub/cache/y", "cache/re-included.txt", "deep/a/b", "deepfile", "tmp/a.tmp", "tmp/sub/a.tmp", "#hash", "plain.txt",
        ])
    }

    /// No file a native Core ships is ignored by its own .gitignore: the digest composition records
    /// covers the same files `orchestrate digest` and CI hash.
    func testNoNativeCoreFileIsIgnoredByItsOwnRules() throws {
        for core in ["ios", "android"] {
            let root = Self.cores.appendingPathComponent(core)
            let rules = IgnoreRules(text: try String(contentsOf: root.appendingPathComponent(".gitignore"), encoding: .utf8))
            let files = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter {
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path, isDirectory: &isDirectory) && !isDirectory.boolValue
            }
            XCTAssertGreaterThan(files.count, 10)
            XCTAssertEqual(files.filter { rules.ignores($0) }, [], core)
        }
    }
}
