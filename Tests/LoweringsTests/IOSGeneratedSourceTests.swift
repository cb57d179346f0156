import Foundation
import XCTest
@testable import Lowerings

/// The rendered iOS files checked with real tools: `swiftc -parse` for every Swift file, the
/// generated definitions compiled with the Core's platform-neutral sources as module
/// FoundationApp and the generated unit tests type-checked against it, JSON decoded with strict
/// types, and every path-configuration pattern compiled and matched against routes and neighbours.
final class IOSGeneratedSourceTests: XCTestCase {
    /// The fixtures plus shapes they do not cover: one entry, many entries, an awkward name.
    private func lowerings() throws -> [(String, PlatformLowering)] {
        var out: [(String, PlatformLowering)] = []
        for name in Fixture.names {
            out.append((name, IOSLowering.lower(try LoweringHarness.fixture(name))))
        }
        out.append(("one entry", try IOSTest.lower(IOSTest.planObject(entities: 1))))
        out.append(("nine entries", try IOSTest.lower(IOSTest.planObject(entities: 8, account: true))))
        var awkward = JSONEdit.set(IOSTest.planObject(entities: 3), "/application/name", " Ça \"coûte\" $5 // \\o/ 🎬; ")
        awkward = JSONEdit.set(awkward, "/entities/0/plural", "Films \"A\\B\" \\(x) 🎬")
        out.append(("awkward name", try IOSTest.lower(awkward)))
        for (name, lowering) in out { XCTAssertEqual(lowering.status, .emitted, name) }
        return out
    }

    func testEveryGeneratedSwiftFileParses() throws {
        let scratch = try IOSTest.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        var checked = 0
        for (name, lowering) in try lowerings() {
            for (path, bytes) in try LoweringHarness.files(lowering) where path.hasSuffix(".swift") {
                let file = scratch.appendingPathComponent("\(checked)-" + (path as NSString).lastPathComponent)
                try Data(bytes).write(to: file)
                let result = try ToolProcess.run(IOSTest.swiftc, ["-parse", file.path])
                XCTAssertEqual(result.status, 0, "\(name) \(path):\n\(result.output)")
                checked += 1
            }
        }
        XCTAssertEqual(checked, 6 * 5 + 1, "five per example (with Generated/BridgeRegistry.swift), and studio-ops' PushRegistration.swift")
    }

    /// The rendered definitions are exactly the API the Core reads: they compile with the Core's
    /// platform-neutral sources, and the generated unit tests type-check against that module.
    func testGeneratedDefinitionsCompileWithCoreAndUnitTestsTypeCheck() throws {
        let core = IOSTest.packageRoot.appendingPathComponent("Cores/ios")
        let appleOnly = ["import UIKit", "import HotwireNative", "import SwiftUI", "import WebKit"]
        var coreSources: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: core.appendingPathComponent("App").path).sorted()
        where file.hasSuffix(".swift") {
            let path = core.appendingPathComponent("App").appendingPathComponent(file).path
            let text = try String(contentsOfFile: path, encoding: .utf8)
            if !appleOnly.contains(where: text.contains) { coreSources.append(path) }
        }
        XCTAssertGreaterThanOrEqual(coreSources.count, 4, "NavigationEntry, TabLayout, InterfaceTheme, AppRootURL")
        for (name, lowering) in try lowerings() {
            let scratch = try IOSTest.scratchDirectory()
            defer { try? FileManager.default.removeItem(at: scratch) }
            let rendered = try LoweringHarness.files(lowering)
            var generated: [String] = []
            for path in ["Generated/ApplicationDefinition.swift", "Generated/NavigationDefinition.swift",
                         "Tests/Generated/GeneratedApplicationTests.swift"] {
                let file = scratch.appendingPathComponent((path as NSString).lastPathComponent)
                try Data(try XCTUnwrap(rendered[path], path)).write(to: file)
                generated.append(file.path)
            }
            let module = scratch.appendingPathComponent("FoundationApp.swiftmodule").path
            let build = try ToolProcess.run(IOSTest.swiftc, ["-emit-module", "-module-name", "FoundationApp", "-enable-testing",
                                                         "-parse-as-library", "-emit-module-path", module]
                                         + coreSources + Array(generated.prefix(2)))
            XCTAssertEqual(build.status, 0, "\(name) FoundationApp module:\n\(build.output)")
            let check = try ToolProcess.run(IOSTest.swiftc, ["-typecheck", "-I", scratch.path, generated[2]])
            XCTAssertEqual(check.status, 0, "\(name) GeneratedApplicationTests:\n\(check.output)")
        }
    }

    /// Every member a Core placeholder declares is declared by the rendered file that replaces it.
    func testRenderedDefinitionsDeclareThePlaceholderAPI() throws {
        let rendered = try LoweringHarness.files(IOSLowering.lower(try LoweringHarness.fixture("movie-catalog.plan.json")))
        func members(_ text: String) -> Set<String> {
            let expression = try! NSRegularExpression(pattern: "static let ([A-Za-z]+)")
            return Set(expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
                Range($0.range(at: 1), in: text).map { String(text[$0]) }
            })
        }
        for path in ["Generated/ApplicationDefinition.swift", "Generated/NavigationDefinition.swift"] {
            let placeholder = try String(contentsOf: IOSTest.packageRoot.appendingPathComponent("Cores/ios/" + path), encoding: .utf8)
            let output = String(decoding: try XCTUnwrap(rendered[path]), as: UTF8.self)
            XCTAssertFalse(members(placeholder).isEmpty, path)
            XCTAssertTrue(members(placeholder).isSubset(of: members(output)), "\(path): \(members(placeholder).subtracting(members(output)))")
        }
    }

    private struct PathConfiguration: Decodable {
        struct Rule: Decodable {
            struct Properties: Decodable {
                let context: String?
                let presentation: String?
                let pull_to_refresh_enabled: Bool?
                let reset_navigation: Bool?
            }
            let patterns: [String]
            let properties: Properties
        }
        let settings: [String: String]
        let rules: [Rule]
    }

    private struct ColorSet: Decodable {
        struct Entry: Decodable {
            struct Appearance: Decodable { let appearance: String; let value: String }
            struct Color: Decodable {
                let colorSpace: String
                let components: [String: String]
                enum CodingKeys: String, CodingKey { case colorSpace = "color-space", components }
            }
            let idiom: String
            let appearances: [Appearance]?
            let color: Color?
        }
        struct Info: Decodable { let author: String; let version: Int }
        let colors: [Entry]
        let info: Info
    }

    /// Booleans are JSON booleans (a string would fail to decode as Bool), and every file parses.
    func testEveryJSONFileDecodesWithStrictTypes() throws {
        for (name, lowering) in try lowerings() {
            let rendered = try LoweringHarness.files(lowering)
            for (path, bytes) in rendered where path.hasSuffix(".json") {
                XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(bytes)), "\(name) \(path)")
                XCTAssertEqual(bytes.last, 0x0A, "\(name) \(path) ends with a newline")
            }
            let configuration = try JSONDecoder().decode(PathConfiguration.self, from: Data(try XCTUnwrap(rendered["Resources/ios_v1.json"])))
            XCTAssertEqual(configuration.rules.first?.patterns, [".*"])
            XCTAssertEqual(configuration.rules.first?.properties.pull_to_refresh_enabled, true)
            XCTAssertEqual(configuration.rules.first?.properties.context, "default")
            for colorPath in ["Resources/Assets.xcassets/AccentColor.colorset/Contents.json",
                              "Resources/Assets.xcassets/FoundationBackground.colorset/Contents.json"] {
                let set = try JSONDecoder().decode(ColorSet.self, from: Data(try XCTUnwrap(rendered[colorPath])))
                XCTAssertEqual(set.info.version, 1)
                for entry in set.colors {
                    XCTAssertEqual(entry.idiom, "universal")
                    guard let color = entry.color else { continue }
                    XCTAssertEqual(color.colorSpace, "srgb")
                    XCTAssertEqual(Set(color.components.keys), ["alpha", "red", "green", "blue"])
                    for channel in ["red", "green", "blue"] {
                        XCTAssertNotNil(color.components[channel]?.range(of: "^0x[0-9A-F]{2}$", options: .regularExpression), "\(name) \(colorPath)")
                    }
                }
            }
        }
    }

    func testColorSetsCarryTheAuthoredColorsOrTheNeutralDefaults() throws {
        let movies = try LoweringHarness.files(IOSLowering.lower(try LoweringHarness.fixture("movie-catalog.plan.json")))
        let accent = try JSONDecoder().decode(ColorSet.self, from: Data(try XCTUnwrap(movies["Resources/Assets.xcassets/AccentColor.colorset/Contents.json"])))
        XCTAssertEqual(accent.colors.count, 2, "a scalar accent expands to light and dark")
        XCTAssertEqual(accent.colors.map { $0.color?.components["red"] }, ["0xE4", "0xE4"])
        XCTAssertEqual(accent.colors[1].appearances?.first?.value, "dark")
        let background = try JSONDecoder().decode(ColorSet.self, from: Data(try XCTUnwrap(movies["Resources/Assets.xcassets/FoundationBackground.colorset/Contents.json"])))
        XCTAssertEqual(background.colors.map { $0.color?.components["blue"] }, ["0xFF", "0x14"])

        let notes = try LoweringHarness.files(IOSLowering.lower(try LoweringHarness.fixture("notes.plan.json")))
        let empty = try JSONDecoder().decode(ColorSet.self, from: Data(try XCTUnwrap(notes["Resources/Assets.xcassets/AccentColor.colorset/Contents.json"])))
        XCTAssertEqual(empty.colors.count, 1)
        XCTAssertNil(empty.colors[0].color, "an omitted accent is an empty named color")
        let neutral = try JSONDecoder().decode(ColorSet.self, from: Data(try XCTUnwrap(notes["Resources/Assets.xcassets/FoundationBackground.colorset/Contents.json"])))
        XCTAssertEqual(neutral.colors.map { $0.color?.components["red"] }, ["0xFF", "0x00"], "white light, black dark")
        // The neutral background is the Core's placeholder, byte for byte.
        let corePlaceholder = try Data(contentsOf: IOSTest.packageRoot.appendingPathComponent("Cores/ios/Resources/Assets.xcassets/AccentColor.colorset/Contents.json"))
        XCTAssertEqual([UInt8](corePlaceholder), notes["Resources/Assets.xcassets/AccentColor.colorset/Contents.json"])
    }

    // MARK: Path configuration patterns

    /// Hotwire Native iOS semantics: every rule whose pattern matches (NSRegularExpression, no
    /// options), in order, later properties winning.
    private func properties(_ configuration: PathConfiguration, _ path: String) throws -> [String: String] {
        var merged: [String: String] = [:]
        for rule in configuration.rules {
            let matched = try rule.patterns.contains { pattern in
                let expression = try NSRegularExpression(pattern: pattern)
                return expression.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
            }
            guard matched else { continue }
            let p = rule.properties
            if let v = p.context { merged["context"] = v }
            if let v = p.presentation { merged["presentation"] = v }
            if let v = p.pull_to_refresh_enabled { merged["pull_to_refresh_enabled"] = String(v) }
            if let v = p.reset_navigation { merged["reset_navigation"] = String(v) }
        }
        return merged
    }

    private func configuration(_ lowering: PlatformLowering) throws -> PathConfiguration {
        try JSONDecoder().decode(PathConfiguration.self, from: Data(try XCTUnwrap(try LoweringHarness.files(lowering)["Resources/ios_v1.json"])))
    }

    func testPatternsClassifyRoutesAndNotTheirNeighbours() throws {
        let c = try configuration(IOSLowering.lower(try LoweringHarness.fixture("movie-catalog.plan.json")))
        let modal = ["context": "modal", "pull_to_refresh_enabled": "false"]
        let root = ["context": "default", "pull_to_refresh_enabled": "true", "presentation": "replace_root"]
        let push = ["context": "default", "pull_to_refresh_enabled": "true"]
        let expectations: [(String, [String: String])] = [
            ("/movies/new", modal), ("/movies/new?return_to=%2Fmovies", modal), ("/movies/newest", push),
            ("/movies/new/extra", push), ("/moviesx/new", push), ("/xmovies/new", push),
            ("/movies/42/edit", modal), ("/movies/42/edit?tab=details", modal), ("/movies/42/7/edit", push),
            ("/movies/42/editor", push), ("/movies//edit", push), ("/movies/?q=a/edit", push),
            ("/movies/42/reviews/new", modal), ("/movies/42/reviews/new?x=1", modal), ("/movies/42/reviews/newer", push),
            ("/reviews/new", push), ("/reviews/new?x=1", push), ("/reviews/3/edit", modal), ("/movies/a?b/edit", push),
            ("/genres/new", modal), ("/genres/9/edit", modal), ("/account/edit", modal),
            ("/movies", root), ("/movies?page=2", root), ("/movies/42", push), ("/moviesx", push),
            ("/account", root), ("/account?x=1", root), ("/watchlist_items", root),
            ("/genres", push), ("/", push), ("", push), ("/login", push),
            ("/native-session-changed", push.merging(["reset_navigation": "true"]) { $1 }),
        ]
        for (path, expected) in expectations {
            XCTAssertEqual(try properties(c, path), expected, path)
        }
    }

    func testNoPathIsBothModalAndReplaceRoot() throws {
        for (name, lowering) in try lowerings() {
            let c = try configuration(lowering)
            var samples: [String] = []
            for rule in c.rules {
                for pattern in rule.patterns where pattern != ".*" {
                    // A concrete path for the pattern: drop anchors and suffix, one segment per parameter.
                    samples.append(pattern.replacingOccurrences(of: "(?:\\?.*)?$", with: "")
                        .replacingOccurrences(of: "^", with: "").replacingOccurrences(of: "[^/?]+", with: "1")
                        .replacingOccurrences(of: "\\", with: ""))
                }
            }
            XCTAssertGreaterThanOrEqual(samples.count, 3, name)
            for path in samples + samples.map({ $0 + "?a=b" }) {
                let p = try properties(c, path)
                XCTAssertFalse(p["context"] == "modal" && p["presentation"] == "replace_root", "\(name) \(path)")
            }
        }
    }

    func testMoreDestinationsKeepThePushAndOnlyFourRootsReplace() throws {
        let lowering = try IOSTest.lower(IOSTest.planObject(entities: 8, account: true))
        let c = try configuration(lowering)
        for letter in "abcd" {
            XCTAssertEqual(try properties(c, "/items_\(letter)")["presentation"], "replace_root")
        }
        for path in ["/items_e", "/items_h", "/account"] {
            XCTAssertNil(try properties(c, path)["presentation"], path)
        }
        XCTAssertEqual(try properties(c, "/account/edit")["context"], "modal")
    }
}
