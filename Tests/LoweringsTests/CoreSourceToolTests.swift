import Foundation
import XCTest
@testable import Lowerings

/// Checks the three Core source trees under `Cores/` with real tools:
/// `swiftc -parse`, `xmllint --noout`, `ruby -c`, Ruby's YAML loader and
/// JSONSerialization, and tree-sitter's Kotlin grammar for Kotlin and Gradle
/// Kotlin DSL (no Kotlin compiler runs here: a parse, not a compile).
/// Also checks the seam declarations in `CoreCatalog` against the trees.
final class CoreSourceToolTests: XCTestCase {
    private enum Core: String, CaseIterable {
        case ios, android, rails

        var seams: [CoreSeam] {
            switch self {
            case .ios: return CoreCatalog.iosSeams
            case .android: return CoreCatalog.androidSeams
            case .rails: return CoreCatalog.railsSeams
            }
        }
    }

    private static let coresRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // LoweringsTests
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent() // package root
        .appendingPathComponent("Cores", isDirectory: true)

    // MARK: Tools

    func testEverySwiftFileInTheIOSCoreParses() throws {
        let files = try files(in: .ios).filter { $0.hasSuffix(".swift") }
        XCTAssertGreaterThanOrEqual(files.count, 10, "iOS Core Swift sources")
        let swiftc = try tool("swiftc")
        for file in files {
            let result = try ToolProcess.run(swiftc, ["-parse", path(.ios, file)])
            XCTAssertEqual(result.status, 0, "swiftc -parse \(file):\n\(result.output)")
        }
    }

    /// UIKit is not available here, but the iOS Core keeps its value types
    /// free of Apple-only frameworks. Those files and the Generated placeholders
    /// compile as module FoundationApp, and the unit tests type-check against it,
    /// so the placeholders' API is exactly what Core and its tests read.
    func testIOSPlatformNeutralSourcesCompileWithGeneratedPlaceholdersAndUnitTests() throws {
        let swiftc = try tool("swiftc")
        let appleOnly = ["import UIKit", "import HotwireNative", "import SwiftUI", "import WebKit"]
        var sources: [String] = []
        for file in try files(in: .ios) where file.hasSuffix(".swift") && (file.hasPrefix("App/") || file.hasPrefix("Generated/")) {
            let text = try String(contentsOfFile: path(.ios, file), encoding: .utf8)
            if !appleOnly.contains(where: text.contains) {
                sources.append(file)
            }
        }
        for expected in ["App/AppRootURL.swift", "App/TabLayout.swift", "App/NavigationEntry.swift", "App/InterfaceTheme.swift",
                         "Generated/ApplicationDefinition.swift", "Generated/NavigationDefinition.swift"] {
            XCTAssertTrue(sources.contains(expected), "\(expected) should not need Apple-only frameworks")
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("core-ios-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let module = scratch.appendingPathComponent("FoundationApp.swiftmodule").path
        let build = try ToolProcess.run(swiftc, ["-emit-module", "-module-name", "FoundationApp", "-enable-testing", "-parse-as-library",
                                     "-emit-module-path", module] + sources.map { path(.ios, $0) })
        XCTAssertEqual(build.status, 0, "FoundationApp module:\n\(build.output)")
        let tests = try files(in: .ios).filter { $0.hasPrefix("Tests/") && $0.hasSuffix(".swift") }
        XCTAssertGreaterThanOrEqual(tests.count, 3)
        let check = try ToolProcess.run(swiftc, ["-typecheck", "-I", scratch.path] + tests.map { path(.ios, $0) })
        XCTAssertEqual(check.status, 0, "iOS unit tests:\n\(check.output)")
    }

    func testEveryXMLAndStoryboardIsWellFormed() throws {
        let xmllint = try tool("xmllint")
        var checked = 0
        for core in Core.allCases {
            for file in try files(in: core) where file.hasSuffix(".xml") || file.hasSuffix(".storyboard") {
                let result = try ToolProcess.run(xmllint, ["--noout", path(core, file)])
                XCTAssertEqual(result.status, 0, "xmllint \(core)/\(file):\n\(result.output)")
                checked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 15)
    }

    func testEveryJSONFileParses() throws {
        var checked = 0
        for core in Core.allCases {
            for file in try files(in: core) where file.hasSuffix(".json") {
                let data = try Data(contentsOf: URL(fileURLWithPath: path(core, file)))
                XCTAssertNoThrow(try JSONSerialization.jsonObject(with: data), "\(core)/\(file)")
                checked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 6)
    }

    /// Aliases are allowed because Rails loads config YAML (database.yml) with them.
    func testEveryYAMLFileLoads() throws {
        let ruby = try tool("ruby")
        var checked = 0
        for core in Core.allCases {
            for file in try files(in: core) where file.hasSuffix(".yml") || file.hasSuffix(".yaml") {
                let result = try ToolProcess.run(ruby, ["-ryaml", "-e", "YAML.load_file(ARGV[0], aliases: true)", path(core, file)])
                XCTAssertEqual(result.status, 0, "YAML \(core)/\(file):\n\(result.output)")
                checked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 2, "project.yml, database.yml")
    }

    func testEveryRubyFileAndScriptPassesRubySyntaxCheck() throws {
        let ruby = try tool("ruby")
        let named: Set<String> = ["Gemfile", "Rakefile", "config.ru"]
        var checked = 0
        for core in Core.allCases {
            for file in try files(in: core) {
                let isRuby = try file.hasSuffix(".rb") || named.contains(file) || isRubyScript(core, file)
                guard isRuby else { continue }
                let result = try ToolProcess.run(ruby, ["-c", path(core, file)])
                XCTAssertEqual(result.status, 0, "ruby -c \(core)/\(file):\n\(result.output)")
                checked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 20)
    }

    /// ERB compiles to Ruby that must pass `ruby -c` (Rails uses Erubi; the
    /// tag syntax these templates use is common to both).
    func testEveryERBTemplateCompilesToValidRuby() throws {
        let ruby = try tool("ruby")
        let script = """
        require "erb"
        print ERB.new(File.read(ARGV[0]), trim_mode: "-").src
        """
        var checked = 0
        for file in try files(in: .rails) where file.hasSuffix(".erb") {
            let source = try ToolProcess.run(ruby, ["-e", script, path(.rails, file)])
            XCTAssertEqual(source.status, 0, "erb \(file):\n\(source.output)")
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("core-erb-\(UUID().uuidString).rb")
            try source.output.write(to: scratch, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: scratch) }
            let result = try ToolProcess.run(ruby, ["-c", scratch.path])
            XCTAssertEqual(result.status, 0, "ruby -c of \(file) as ERB:\n\(result.output)")
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 2)
    }

    /// Every Kotlin source and Gradle Kotlin DSL script parses with tree-sitter's Kotlin grammar:
    /// no ERROR or MISSING node.
    func testEveryKotlinFileParsesWithTheKotlinGrammar() throws {
        let files = try files(in: .android).filter { $0.hasSuffix(".kt") || $0.hasSuffix(".kts") }
        XCTAssertGreaterThanOrEqual(files.count, 12)
        XCTAssertTrue(files.contains("app/build.gradle.kts"))
        let result = try KotlinGrammar.parse(files.map { path(.android, $0) })
        XCTAssertEqual(result.status, 0, result.output)
    }

    /// The grammar check is not blind: a missing brace, a stray token and an unclosed call are found,
    /// with their position; valid Kotlin with tricky strings is not.
    func testTheKotlinGrammarCheckFindsSyntaxErrors() throws {
        let good = try KotlinGrammar.parse(texts: [("good.kt", "fun a() { val s = \"}{(\"; /* ) */ // ]\n val c = '{' }\nval t = \"\"\"raw } text\"\"\"\nval u = \"${x.y()}\"\n")])
        XCTAssertEqual(good.status, 0, good.output)
        for bad in ["fun a() { listOf(1 }\n", "fun a() {\n", "class A { val = 3 }\n", "plugins { id(\"x\") version }\nandroid {\n"] {
            let result = try KotlinGrammar.parse(texts: [("bad.kts", bad)])
            XCTAssertEqual(result.status, 1, bad)
            XCTAssertTrue(result.output.contains("ERROR") || result.output.contains("MISSING"), result.output)
        }
    }

    /// The Core's own `gradlew` enforces `distributionSha256Sum`: the self-test serves a fake
    /// distribution on loopback and checks that the right sum runs it, a wrong or missing sum or a
    /// tampered download stops it with nothing unpacked (scripts/gradlew-selftest.sh).
    func testTheGradleWrapperEnforcesThePinnedChecksum() throws {
        let script = KotlinGrammar.packageRoot.appendingPathComponent("scripts/gradlew-selftest.sh").path
        let result = try ToolProcess.run("/bin/sh", [script])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("all 6 checks passed"), result.output)
        let properties = try String(contentsOfFile: path(.android, "gradle/wrapper/gradle-wrapper.properties"), encoding: .utf8)
        XCTAssertTrue(properties.contains("distributionUrl=https\\://services.gradle.org/distributions/gradle-9.2.0-bin.zip"), properties)
        XCTAssertNotNil(properties.range(of: #"distributionSha256Sum=[0-9a-f]{64}"#, options: .regularExpression), properties)
    }

    /// Hotwire Native iOS 1.3.0's `ErrorPresentableView` requires `var error: HotwireNativeError`
    /// (Source/Turbo/Navigator/Helpers/ErrorHandling/ErrorPresentableView.swift:4-7 @ 38631e29; site
    /// `_source/ios/06_configuration.md:58-67`); a conformer declaring `Error` does not compile, which
    /// broke every generated app. No UIKit here to compile it, so the declaration is checked.
    func testTheErrorViewDeclaresTheErrorTypeHotwireNative130Requires() throws {
        let source = try String(contentsOfFile: path(.ios, "App/TryAgainErrorView.swift"), encoding: .utf8)
        XCTAssertTrue(source.contains(": ErrorPresentableView"), source)
        XCTAssertNotNil(source.range(of: #"let error: HotwireNativeError\b"#, options: .regularExpression), source)
        XCTAssertNil(source.range(of: #"let error: Error\b"#, options: .regularExpression), source)
    }

    func testOnlyBinScriptsAndGradlewAreExecutable() throws {
        for core in Core.allCases {
            for file in try files(in: core) {
                let shouldBeExecutable = Self.isBinScript(file) || (file as NSString).lastPathComponent == "gradlew"
                XCTAssertEqual(try isExecutable(core, file), shouldBeExecutable, "\(core)/\(file) executable bit")
            }
        }
        XCTAssertTrue(try files(in: .rails).contains("bin/dev"))
    }

    /// The Archive reader rejects links and paths that collide when case is ignored.
    func testCoreTreesHaveNoLinksOrCaseCollisions() throws {
        for core in Core.allCases {
            let files = try files(in: core)
            let folded = files.map { $0.lowercased() }
            XCTAssertEqual(Set(folded).count, folded.count, "\(core) has paths that differ only by case")
            for file in files {
                let attributes = try FileManager.default.attributesOfItem(atPath: path(core, file))
                XCTAssertEqual(attributes[.type] as? FileAttributeType, .typeRegular, "\(core)/\(file) is not a regular file")
            }
        }
    }

    /// Every folder and xcconfig that project.yml names exists in the iOS Core, except a source
    /// marked `optional: true` (Extensions/, which only a compile with native sources fills).
    func testXcodeGenProjectNamesExistingPaths() throws {
        let ruby = try tool("ruby")
        let script = """
        require "yaml"
        spec = YAML.load_file(ARGV[0])
        spec.fetch("targets").each_value do |target|
          Array(target["sources"]).each do |source|
            next if source.is_a?(Hash) && source["optional"] == true
            puts(source.is_a?(Hash) ? source.fetch("path") : source)
          end
          (target["configFiles"] || {}).each_value { |file| puts file }
        end
        """
        let result = try ToolProcess.run(ruby, ["-e", script, path(.ios, "project.yml")])
        XCTAssertEqual(result.status, 0, result.output)
        let named = result.output.split(separator: "\n").map(String.init)
        XCTAssertTrue(named.contains("Generated/Identity.xcconfig"))
        XCTAssertFalse(named.contains("Extensions"), "Extensions/ is an optional source")
        for relative in Set(named) {
            XCTAssertTrue(FileManager.default.fileExists(atPath: path(.ios, relative)), "project.yml names missing \(relative)")
        }
    }

    /// Without aapt, check that every resource the Android Core refers to
    /// (`@type/name` in XML, `R.type.name` in Kotlin) is defined in the Core.
    func testAndroidResourceReferencesResolve() throws {
        let all = try files(in: .android)
        let resources = all.filter { $0.hasPrefix("app/src/main/res/") || $0.hasPrefix("app/src/debug/res/") }
        var defined = Set<String>()
        for file in resources {
            let parts = file.split(separator: "/")
            let folder = parts[parts.count - 2]
            let type = folder.split(separator: "-").first.map(String.init) ?? ""
            let name = (String(parts[parts.count - 1]) as NSString).deletingPathExtension
            let text = try String(contentsOfFile: path(.android, file), encoding: .utf8)
            if type == "values" {
                for match in Self.matches(#"<(string|color|style|dimen)\s+name="([A-Za-z0-9_.]+)""#, in: text) {
                    defined.insert("\(match[0])/\(match[1])")
                }
                for match in Self.matches(#"<item\s+name="([A-Za-z0-9_]+)"\s+type="id""#, in: text) {
                    defined.insert("id/\(match[0])")
                }
            } else {
                defined.insert("\(type)/\(name)")
            }
            for match in Self.matches(#"@\+id/([A-Za-z0-9_]+)"#, in: text) {
                defined.insert("id/\(match[0])")
            }
        }
        var references: [(String, String)] = []
        let local = #"(drawable|color|string|layout|mipmap|xml|id)"#
        for file in resources {
            let text = try String(contentsOfFile: path(.android, file), encoding: .utf8)
            for match in Self.matches(#"(?<![:\w])@"# + local + #"/([A-Za-z0-9_]+)"#, in: text) {
                references.append(("\(match[0])/\(match[1])", file))
            }
        }
        for file in all where file.hasSuffix(".kt") {
            let text = try String(contentsOfFile: path(.android, file), encoding: .utf8)
            for match in Self.matches(#"(?<![\w.])R\."# + local + #"\.([A-Za-z0-9_]+)"#, in: text) {
                references.append(("\(match[0])/\(match[1])", file))
            }
        }
        XCTAssertGreaterThanOrEqual(references.count, 20)
        for (resource, file) in references {
            XCTAssertTrue(defined.contains(resource), "\(file) refers to undefined @\(resource)")
        }
    }

    // MARK: Seams

    func testEveryReplacedSeamExistsWithItsMode() throws {
        for core in Core.allCases {
            let present = Set(try files(in: core))
            for seam in core.seams where seam.origin == .replaces {
                XCTAssertFalse(seam.isPattern, "\(core) \(seam.path): a replaced seam names one file")
                XCTAssertTrue(present.contains(seam.path), "\(core) \(seam.path) (\(seam.id)) is missing")
                guard present.contains(seam.path) else { continue }
                XCTAssertEqual(try isExecutable(core, seam.path), seam.mode == .executable, "\(core) \(seam.path) mode")
            }
        }
    }

    func testSeamPathsAreUniqueRelativeAndModesValid() {
        for core in Core.allCases {
            let paths = core.seams.map(\.path)
            XCTAssertEqual(Set(paths).count, paths.count, "\(core) has two seams with one path")
            let ids = core.seams.map(\.id)
            XCTAssertEqual(Set(ids).count, ids.count, "\(core) has two seams with one id")
            for seam in core.seams {
                XCTAssertFalse(seam.path.hasPrefix("/"), "\(seam.path) is absolute")
                XCTAssertFalse(seam.path.split(separator: "/").contains(".."), "\(seam.path) leaves the Core")
                XCTAssertTrue(seam.id.rawValue.hasPrefix("\(core.rawValue)."), "\(seam.id) names its platform")
                XCTAssertEqual(seam.platform.rawValue, core.rawValue, "\(seam.id)")
                if seam.mode == .executable {
                    XCTAssertTrue(Self.isBinScript(seam.path), "\(seam.path) is executable outside bin/")
                }
            }
        }
    }

    /// Composition treats every file in a Core `Generated`/`generated` directory as a seam.
    func testEveryFileInAGeneratedDirectoryIsADeclaredSeam() throws {
        for core in Core.allCases {
            let declared = Set(core.seams.filter { $0.origin == .replaces }.map(\.path))
            for file in try files(in: core) where file.split(separator: "/").contains(where: { $0.lowercased() == "generated" }) {
                XCTAssertTrue(declared.contains(file), "\(core)/\(file) sits in a generated directory but is not a seam")
            }
        }
    }

    func testEachCoreHasARevisionAndItsPins() throws {
        for core in Core.allCases {
            let revision = try String(contentsOfFile: path(core, "REVISION"), encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            XCTAssertNotNil(
                revision.range(of: "^\(core.rawValue)-core-[0-9]{4}-[0-9]{2}\\.[0-9]+$", options: .regularExpression),
                "\(core) REVISION \(revision)"
            )
        }
        let projectYAML = try String(contentsOfFile: path(.ios, "project.yml"), encoding: .utf8)
        XCTAssertTrue(projectYAML.contains("exactVersion: \"1.3.0\""))
        let versions = try String(contentsOfFile: path(.android, "gradle/libs.versions.toml"), encoding: .utf8)
        XCTAssertTrue(versions.contains("hotwire = \"1.3.1\""))
        let wrapper = try String(contentsOfFile: path(.android, "gradle/wrapper/gradle-wrapper.properties"), encoding: .utf8)
        XCTAssertTrue(wrapper.contains("gradle-9.2.0-bin.zip"))
        XCTAssertNotNil(wrapper.range(of: "\ndistributionSha256Sum=[0-9a-f]{64}\n", options: .regularExpression))
    }

    // MARK: Helpers

    private func path(_ core: Core, _ relative: String) -> String {
        Self.coresRoot.appendingPathComponent(core.rawValue).appendingPathComponent(relative).path
    }

    /// Regular files of a Core, relative to its root, sorted.
    private func files(in core: Core) throws -> [String] {
        let root = Self.coresRoot.appendingPathComponent(core.rawValue).standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else {
            XCTFail("no Core at \(root)")
            return []
        }
        var result: [String] = []
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isDirectory), !isDirectory.boolValue {
                result.append(relative)
            }
        }
        return result.sorted()
    }

    private func isExecutable(_ core: Core, _ relative: String) throws -> Bool {
        let attributes = try FileManager.default.attributesOfItem(atPath: path(core, relative))
        let permissions = (attributes[.posixPermissions] as? NSNumber)?.uint16Value ?? 0
        return permissions & 0o111 != 0
    }

    private func isRubyScript(_ core: Core, _ relative: String) throws -> Bool {
        guard Self.isBinScript(relative) else { return false }
        let head = try String(contentsOfFile: path(core, relative), encoding: .utf8).prefix(64)
        return head.hasPrefix("#!") && head.split(separator: "\n").first?.contains("ruby") == true
    }

    private static func isBinScript(_ relative: String) -> Bool {
        let parts = relative.split(separator: "/")
        return parts.count == 2 && parts[0] == "bin"
    }

    private func tool(_ name: String) throws -> String {
        let searchPath = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for directory in searchPath + ["/opt/swift/usr/bin", "/usr/bin", "/usr/local/bin"] {
            let candidate = directory + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) {
                return candidate
            }
        }
        XCTFail("\(name) is not installed; scripts/test.sh installs the tools these checks need")
        throw CocoaError(.fileNoSuchFile)
    }


    /// Capture groups of every match of `pattern` in `text`.
    private static func matches(_ pattern: String, in text: String) -> [[String]] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else {
            XCTFail("bad pattern \(pattern)")
            return []
        }
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).map { result in
            (1..<result.numberOfRanges).compactMap { index in
                Range(result.range(at: index), in: text).map { String(text[$0]) }
            }
        }
    }

}
