import Cache
import Foundation
import Lowerings
import Pipeline
import Tasks
import XCTest
@testable import CLI

/// `compile PLAN` end to end, in-process, on the example Plans.
final class PlanCompileTests: XCTestCase {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples")
    private var h: CLIHarness!

    override func setUpWithError() throws { h = try CLIHarness() }
    override func tearDown() { h.cleanUp() }

    private func example(_ name: String) -> String { Self.examples.appendingPathComponent(name).path }

    private func summary(_ path: String) throws -> CompileSummary {
        try CompileSummary.decode(Array(h.read(path)!.utf8), path: path)
    }

    func testSecondCompileOfEachExampleRendersAndRewritesNothing() throws {
        for name in ["movie-catalog", "notes", "studio-ops"] {
            XCTAssertEqual(h.run("compile", example("\(name).plan.json"), "--out", name, "--store", "store", "--summary", "\(name)-1.json"), 0, h.err)
            let first = try summary("\(name)-1.json")
            XCTAssertGreaterThan(first.totals.rendered, 0)
            XCTAssertEqual(h.run("compile", example("\(name).plan.json"), "--out", name, "--store", "store", "--summary", "\(name)-2.json"), 0, h.err)
            let second = try summary("\(name)-2.json")
            XCTAssertEqual(second.totals.rendered, 0, name)
            XCTAssertTrue(h.out.contains(" 0 written"), h.out)
            XCTAssertEqual(first.tasks.map(\.key), second.tasks.map(\.key))
            XCTAssertEqual(first.planDigest, second.planDigest)
            XCTAssertEqual(first.platforms[.rails]?.status, .emitted)
            XCTAssertNotNil(h.read("\(name)/FOUNDATION_GAPS.json"))
            XCTAssertNotNil(h.read("\(name)/FOUNDATION_PROVENANCE.json"))
        }
    }

    func testReformattedPlanChangesNothing() throws {
        XCTAssertEqual(h.run("compile", example("movie-catalog.plan.json"), "--out", "out", "--store", "store", "--summary", "a.json"), 0, h.err)
        // Same Plan, other whitespace and key order.
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: example("movie-catalog.plan.json"))))
        let compact = try JSONSerialization.data(withJSONObject: object, options: [.withoutEscapingSlashes])
        try compact.write(to: URL(fileURLWithPath: h.root + "/compact.json"))
        XCTAssertEqual(h.run("compile", "compact.json", "--out", "out", "--store", "store", "--summary", "b.json"), 0, h.err)
        let a = try summary("a.json"), b = try summary("b.json")
        XCTAssertEqual(a.planDigest, b.planDigest)
        XCTAssertEqual(b.totals.rendered, 0)
    }

    func testInvalidPlanExits65AndWritesNothing() throws {
        var text = try String(contentsOfFile: example("movie-catalog.plan.json"), encoding: .utf8)
        text = text.replacingOccurrences(of: "\"icon\": \"film\"", with: "\"icon\": \"flim\"")
        text = text.replacingOccurrences(of: "\"index\": \"public\"", with: "\"index\": \"everyone\"")
        try text.write(toFile: h.root + "/bad.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(h.run("compile", "bad.json", "--out", "out", "--store", "store"), 65)
        XCTAssertTrue(h.err.contains("error[plan.entity.index_unknown]: /entities/0/index"), h.err)
        XCTAssertTrue(h.err.contains("error[plan.entity.icon_unknown]: /entities/0/icon"), h.err)
        XCTAssertTrue(h.err.contains("3 problems; nothing was written"), h.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: h.root + "/out"))
        XCTAssertEqual(h.run("compile", "missing.json", "--out", "out"), 66)
    }

    /// Every file below `dir` (the materializer's state included) with its bytes, mode and mtime.
    private func snapshot(_ dir: String) throws -> [String: String] {
        var out: [String: String] = [:]
        let fm = FileManager.default
        for case let rel as String in fm.enumerator(atPath: dir)! {
            let attrs = try fm.attributesOfItem(atPath: dir + "/" + rel)
            guard attrs[.type] as? FileAttributeType == .typeRegular else { continue }
            let bytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + rel))
            out[rel] = "\(Digest.of([UInt8](bytes)).hex) \(attrs[.posixPermissions]!) \((attrs[.modificationDate] as! Date).timeIntervalSince1970)"
        }
        return out
    }

    /// Issue 12: an entity key the generated Rails app cannot use (`class`) was a Rails-lowering
    /// diagnostic: compile printed it, exited 0 and removed every Rails file already in --out. It is
    /// a Plan diagnostic now: exit 65 before --out is touched, and graph and audit --plan agree.
    func testARailsReservedKeyExits65AndLeavesTheOutputUntouched() throws {
        XCTAssertEqual(h.run("compile", example("notes.plan.json"), "--out", "out", "--store", "store"), 0, h.err)
        let before = try snapshot(h.root + "/out")
        XCTAssertGreaterThan(before.count, 100)
        var text = try String(contentsOfFile: example("notes.plan.json"), encoding: .utf8)
        text = text.replacingOccurrences(of: "\"key\": \"note\"", with: "\"key\": \"class\"")
        try text.write(toFile: h.root + "/class.json", atomically: true, encoding: .utf8)
        for args in [["compile", "class.json", "--out", "out", "--store", "store"], ["graph", "class.json"],
                     ["audit", "out", "--plan", "class.json"]] {
            XCTAssertEqual(h.run(args), 65, "\(args): \(h.out) \(h.err)")
            // Line 14: the example's second line names its schema ("$schema").
            XCTAssertTrue(h.err.contains("class.json:14:14: error[rails.entity.key_reserved]: /entities/0/key: "), "\(args): \(h.err)")
            XCTAssertTrue(h.err.contains("1 problem; nothing was written"), "\(args): \(h.err)")
        }
        let after = try snapshot(h.root + "/out")
        let moved = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
        XCTAssertEqual(moved, [], "the output is byte for byte (and mtime for mtime) what it was")
    }

    /// Issue 12: Plans that loaded and then broke the compile or the generated app. Each is a Plan
    /// diagnostic now: exit 65, the code at its pointer, and no output directory.
    func testPlansThatLoadedAndBrokeAreRejectedBeforeAnythingIsWritten() throws {
        let notes = try String(contentsOfFile: example("notes.plan.json"), encoding: .utf8)
        let longPlural = String(repeating: "n", count: 230)
        let bigName = String(repeating: "N", count: 5 << 20)
        let cases: [(String, String, String)] = [
            // `a_1` and `a1` both named the class A1 (and Rails reads A1 back as a1).
            ("a_1", notes.replacingOccurrences(of: "\"key\": \"note\"", with: "\"key\": \"a_1\""),
             "error[plan.entity.rails_name_mismatch]: /entities/0/key: "),
            // ENAMETOOLONG after 65 files (exit 74 with a half-written tree).
            ("long plural", notes.replacingOccurrences(of: "\"plural_key\": \"notes\"", with: "\"plural_key\": \"\(longPlural)\""),
             "error[plan.entity.key_too_long]: /entities/0/plural_key: this value is 230 bytes"),
            ("type field", notes.replacingOccurrences(of: "\"key\": \"body\"", with: "\"key\": \"type\""),
             "error[plan.field.key_reserved]: /entities/0/fields/1/key: "),
            ("created_at field", notes.replacingOccurrences(of: "\"key\": \"body\"", with: "\"key\": \"created_at\""),
             "error[plan.field.key_reserved]: /entities/0/fields/1/key: "),
            // A 5 MB name took its time and wrote hundreds of MB.
            ("huge", notes.replacingOccurrences(of: "\"name\": \"Notes\"", with: "\"name\": \"\(bigName)\""),
             "Plan case.json is larger than 4194304 bytes; a Plan is never that large"),
        ]
        for (name, text, expected) in cases {
            try text.write(toFile: h.root + "/case.json", atomically: true, encoding: .utf8)
            XCTAssertEqual(h.run("compile", "case.json", "--out", "out", "--store", "store"), 65, "\(name): \(h.err.prefix(500))")
            XCTAssertTrue(h.err.contains(expected), "\(name): \(h.err.prefix(500))")
            XCTAssertFalse(FileManager.default.fileExists(atPath: h.root + "/out"), name)
        }
    }

    /// Two keys whose class names collide: `a_1` and `a1` (the second would be fine alone).
    func testTwoKeysWithOneClassNameAreRejected() throws {
        var text = try String(contentsOfFile: example("movie-catalog.plan.json"), encoding: .utf8)
        text = text.replacingOccurrences(of: "\"key\": \"genre\"", with: "\"key\": \"a_1\"")
            .replacingOccurrences(of: "\"plural_key\": \"genres\"", with: "\"plural_key\": \"a_1s\"")
            .replacingOccurrences(of: "\"to\": \"genre\"", with: "\"to\": \"a_1\"")
            .replacingOccurrences(of: "\"key\": \"person\"", with: "\"key\": \"a1\"")
            .replacingOccurrences(of: "\"to\": \"person\"", with: "\"to\": \"a1\"")
            .replacingOccurrences(of: "\"parent\": \"person\"", with: "\"parent\": \"a1\"")
        try text.write(toFile: h.root + "/a1.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(h.run("compile", "a1.json", "--out", "out", "--store", "store"), 65, h.err)
        XCTAssertTrue(h.err.contains("error[plan.entity.rails_name_mismatch]: "), h.err)
        XCTAssertTrue(h.err.contains("names the model A1, which Rails reads back as \"a1\""), h.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: h.root + "/out"))
    }

    /// 000: a domain that cannot form a client's identity is that client's lowering diagnostic. Both
    /// clients are omitted with a `not_generated` gap naming the diagnostics, the Rails app compiles,
    /// and the exit is 0.
    func testADomainNoClientCanUseOmitsTheClientsAndTheRailsAppStillCompiles() throws {
        var text = try String(contentsOfFile: example("movie-catalog.plan.json"), encoding: .utf8)
        text = text.replacingOccurrences(of: "\"movies.example.com\"", with: "\"movies.example.invalid\"")
        try text.write(toFile: h.root + "/domain.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(h.run("compile", "domain.json", "--out", "out", "--store", "store", "--summary", "s.json"), 0, h.err)
        let summary = try summary("s.json")
        XCTAssertEqual(summary.platforms[.rails]?.status, .emitted)
        XCTAssertEqual(summary.platforms[.ios]?.status, .omitted)
        XCTAssertEqual(summary.platforms[.android]?.status, .omitted)
        let gaps = summary.gaps.filter { $0.code == .nativeClientNotGenerated }
        XCTAssertEqual(Set(gaps.map(\.pointer)), ["/application/native/ios", "/application/native/android"])
        XCTAssertTrue(gaps.contains { $0.message.contains("ios.identity.domain_reserved_invalid") }, "\(gaps)")
        XCTAssertTrue(gaps.contains { $0.message.contains("android.identity.domain_invalid") }, "\(gaps)")
        XCTAssertNotNil(h.read("out/config/routes.rb"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: h.root + "/out/ios"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: h.root + "/out/android"))
    }

    /// 000 admits an entity named Configuration (the Native namespace keeps the configuration
    /// controller apart; its routes come first with `as: nil`), a home whose index navigation omits
    /// (the first admitted entity's index opens first, on the web root too) and a Java keyword as
    /// the application key (the Kotlin namespace is fixed).
    func testPlansZeroZeroZeroAdmitCompile() throws {
        var text = try String(contentsOfFile: example("movie-catalog.plan.json"), encoding: .utf8)
        text = text.replacingOccurrences(of: "\"key\": \"movie_catalog\"", with: "\"key\": \"object\"")
        try text.write(toFile: h.root + "/keyword.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(h.run("compile", "keyword.json", "--out", "kw", "--store", "store", "--summary", "kw.json"), 0, h.err)
        XCTAssertEqual(try summary("kw.json").platforms[.android]?.status, .emitted)
        XCTAssertTrue(h.read("kw/android/app/application.properties")?.contains(".object") ?? false)

        let plan = """
        { "plan_format": 1, "project_id": "0f8fad5b-d9cb-469f-a165-70867728950e",
          "application": { "key": "settings", "name": "Settings", "domain": "settings.example.com", "home": "configuration",
                           "native": { "ios": {}, "android": {} } },
          "entities": [
            { "key": "configuration", "plural_key": "configurations", "uuid": "9b2e0000-0000-4000-8000-000000000001",
              "name": "Configuration", "plural": "Configurations", "index": "none", "forms": true,
              "fields": [ { "key": "title", "type": "string" } ] },
            { "key": "note", "plural_key": "notes", "uuid": "9b2e0000-0000-4000-8000-000000000002",
              "name": "Note", "plural": "Notes", "index": "public", "forms": true,
              "fields": [ { "key": "body", "type": "text" } ] } ] }
        """
        try plan.write(toFile: h.root + "/configuration.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(h.run("compile", "configuration.json", "--out", "cfg", "--store", "store"), 0, h.err)
        let routes = try XCTUnwrap(h.read("cfg/config/routes.rb"))
        let native = try XCTUnwrap(routes.range(of: "get \"/configurations/ios_v1\", to: \"native/configurations#ios_v1\", as: nil"))
        let entity = try XCTUnwrap(routes.range(of: "resources :configurations"))
        XCTAssertLessThan(native.lowerBound, entity.lowerBound, routes)
        XCTAssertTrue(routes.contains("root \"notes#index\""), routes)
        XCTAssertNotNil(h.read("cfg/app/controllers/configurations_controller.rb"))
        XCTAssertNotNil(h.read("cfg/app/controllers/native/configurations_controller.rb"))
        let navigation = try XCTUnwrap(h.read("cfg/ios/Generated/NavigationDefinition.swift"))
        XCTAssertTrue(navigation.contains("\"/notes\""), navigation)
        XCTAssertFalse(navigation.contains("\"/configurations\""), navigation)
    }

    /// The mission: a Rails-only Plan change leaves every native key, file and digest unchanged.
    func testRailsOnlyChangeLeavesNativeTreesAlone() throws {
        XCTAssertEqual(h.run("compile", example("movie-catalog.plan.json"), "--out", "out", "--store", "store", "--summary", "base.json"), 0, h.err)
        var text = try String(contentsOfFile: example("movie-catalog.plan.json"), encoding: .utf8)
        text = text.replacingOccurrences(of: """
                {
                  "key": "synopsis",
                  "type": "text"
                },
        """, with: """
                {
                  "key": "synopsis",
                  "type": "text"
                },
                {
                  "key": "runtime_minutes",
                  "type": "integer",
                  "required": true
                },
        """)
        XCTAssertTrue(text.contains("runtime_minutes"))
        try text.write(toFile: h.root + "/head.json", atomically: true, encoding: .utf8)
        let iosProvenance = h.read("out/ios/FOUNDATION_PROVENANCE.json")
        XCTAssertEqual(h.run("compile", "head.json", "--out", "out", "--store", "store", "--summary", "head.json.summary"), 0, h.err)
        let base = try summary("base.json"), head = try summary("head.json.summary")
        XCTAssertNotEqual(base.planDigest, head.planDigest)
        let rendered = head.tasks.filter { $0.status == .rendered }
        XCTAssertFalse(rendered.isEmpty)
        XCTAssertEqual(Set(rendered.map(\.platform)), ["rails"], rendered.map(\.id).joined(separator: ", "))
        XCTAssertTrue(rendered.allSatisfy { $0.id.hasSuffix(".movie") || $0.id.contains(".movie.") }, rendered.map(\.id).joined(separator: ", "))
        for platform in Platform.clients {
            XCTAssertEqual(base.platforms[platform]?.nativeInputDigest, head.platforms[platform]?.nativeInputDigest, platform.rawValue)
            XCTAssertNotNil(head.platforms[platform]?.nativeInputDigest)
            let baseKeys = base.tasks.filter { $0.platform == platform.rawValue }.map(\.key)
            XCTAssertEqual(baseKeys, head.tasks.filter { $0.platform == platform.rawValue }.map(\.key), platform.rawValue)
        }
        // The provenance records the new run's Plan digest; every file entry is unchanged. Which run
        // first rendered the reused outputs (the base Plan's) is history: the summary says it.
        let before = try ProvenanceDocument.decode(Array(try XCTUnwrap(iosProvenance).utf8))
        let after = try ProvenanceDocument.decode(Array(try XCTUnwrap(h.read("out/ios/FOUNDATION_PROVENANCE.json")).utf8))
        XCTAssertEqual(before.planDigest, base.planDigest)
        XCTAssertEqual(after.planDigest, head.planDigest)
        XCTAssertEqual(before.files, after.files)
        let ios = head.tasks.filter { $0.platform == "ios" && $0.status == .local }
        XCTAssertFalse(ios.isEmpty)
        XCTAssertTrue(ios.allSatisfy { $0.renderedIn == base.planDigest }, "\(ios.map(\.renderedIn))")
        XCTAssertTrue(rendered.allSatisfy { $0.renderedIn == head.planDigest })
    }

    func testAccentChangeRendersOnlyColorSeams() throws {
        XCTAssertEqual(h.run("compile", example("movie-catalog.plan.json"), "--out", "out", "--store", "store"), 0, h.err)
        let text = try String(contentsOfFile: example("movie-catalog.plan.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"#E4572E\"", with: "\"#2E86E4\"")
        try text.write(toFile: h.root + "/accent.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(h.run("compile", "accent.json", "--out", "out", "--store", "store", "--summary", "s.json"), 0, h.err)
        let rendered = Set(try summary("s.json").tasks.filter { $0.status == .rendered }.map(\.id))
        XCTAssertEqual(rendered, ["ios.accent_color", "android.colors_light", "android.colors_dark", "rails.theme_css"])
    }
}
