import Cache
import Foundation
import Tasks
import XCTest
@testable import Lowerings

final class IOSLoweringTests: XCTestCase {
    private static let expectedInputs: [String: [String]] = [
        "ios.app_icon": ["monogram", "pinned_object"],
        "ios.application_definition": ["ios_identity"],
        "ios.navigation_definition": ["ios_navigation"],
        "ios.identity_xcconfig": ["ios_identity", "links.scheme", "release_version"],
        "ios.entitlements": ["links.domain", "push"],
        "ios.bridge_registry": ["bridge"],
        "ios.path_configuration": ["ios_path_configuration"],
        "ios.accent_color": ["accent"],
        "ios.background_color": ["background"],
        "ios.application_tests": ["ios_identity", "ios_navigation", "ios_path_configuration"],
        "ios.navigation_ui_tests": ["ios_navigation"],
    ]

    // MARK: Status

    func testNoIOSObjectDeclinesWithoutTasksGapsOrDiagnostics() throws {
        var plan = IOSTest.planObject(native: false)
        plan = JSONEdit.set(plan, "/application/native", ["android": [String: Any]()])
        for object in [IOSTest.planObject(native: false), plan] {
            let lowering = try IOSTest.lower(object)
            XCTAssertEqual(lowering.status, .declined)
            XCTAssertEqual(lowering.platform, .ios)
            XCTAssertEqual(lowering.release, "ios-application-2026-11")
            XCTAssertTrue(lowering.tasks.isEmpty)
            XCTAssertTrue(lowering.gaps.isEmpty)
            XCTAssertTrue(lowering.diagnostics.isEmpty)
            XCTAssertTrue(lowering.projections.isEmpty)
        }
    }

    func testEmittedClientHasOneTaskPerSeam() throws {
        let lowering = IOSLowering.lower(try LoweringHarness.fixture("movie-catalog.plan.json"))
        XCTAssertEqual(lowering.status, .emitted)
        XCTAssertEqual(lowering.mount, "ios")
        // Every seam but the native-extension and push ones, which only a Plan with native code or
        // push fills.
        XCTAssertEqual(Set(lowering.tasks.map(\.id)), Set(CoreCatalog.iosSeams.map(\.id.rawValue).filter {
            !$0.hasPrefix("ios.extension_") && !$0.hasPrefix("ios.push_")
        }))
        let seams = try lowering.tasks.map { t in try XCTUnwrap(CoreCatalog.iosSeams.first { $0.id.rawValue == t.family }) }
        for (task, seam) in zip(lowering.tasks, seams) {
            XCTAssertEqual(task.family, seam.id.rawValue)
            XCTAssertEqual(task.platform, "ios")
            XCTAssertEqual(task.release, IOSLowering.release)
            XCTAssertEqual(task.path, "ios/" + seam.path)
            XCTAssertEqual(task.mode, seam.mode)
            XCTAssertNil(OutputPath.problem(task.path))
            XCTAssertTrue(task.dependencies.isEmpty)
            XCTAssertEqual(task.inputs.keys.sorted(), Self.expectedInputs[task.id], task.id)
            for (name, digest) in task.inputs where name != "pinned_object" {
                XCTAssertEqual(lowering.projections[name]?.digest, digest, "\(task.id) reads \(name)")
            }
        }
    }

    func testTheDefinitionRecordsTheIdentityProjectionDigestNotThePlanDigest() throws {
        let loaded = try LoweringHarness.fixture("movie-catalog.plan.json")
        let lowering = IOSLowering.lower(loaded)
        let identity = IdentityProjection(plan: loaded.plan, release: IOSLowering.release)
        XCTAssertEqual(lowering.definitionDigest, identity.digest)
        XCTAssertEqual(lowering.projections["identity"]?.digest, identity.digest)
        let definition = try IOSTest.text(lowering, "ios.application_definition")
        let xcconfig = try IOSTest.text(lowering, "ios.identity_xcconfig")
        let tests = try IOSTest.text(lowering, "ios.application_tests")
        XCTAssertTrue(definition.contains("static let projectionDigest = \"\(identity.digest.hex)\""))
        XCTAssertTrue(xcconfig.contains("FOUNDATION_PROJECTION_DIGEST = \(identity.digest.hex)\n"))
        XCTAssertTrue(tests.contains("infoString(\"FoundationProjectionDigest\"), ApplicationDefinition.projectionDigest"))
        for text in [definition, xcconfig, tests] {
            XCTAssertFalse(text.contains(loaded.digest.hex), "the Plan digest never reaches a native file")
        }
    }

    func testTheThemeSelectsTheInterfaceStyle() throws {
        for (theme, style, native) in [("light", "Light", "light"), ("dark", "Dark", "dark"), ("auto", nil, "automatic"),
                                       ("toggle", nil, "automatic"), (nil, "Light", "light")] as [(String?, String?, String)] {
            var object = IOSTest.planObject()
            if let theme { object = JSONEdit.set(object, "/application/appearance", ["theme": theme]) }
            let lowering = try IOSTest.lower(object)
            let xcconfig = try IOSTest.text(lowering, "ios.identity_xcconfig")
            if let style {
                XCTAssertTrue(xcconfig.hasSuffix("INFOPLIST_KEY_UIUserInterfaceStyle = \(style)\n"), theme ?? "omitted")
            } else {
                XCTAssertFalse(xcconfig.contains("UIUserInterfaceStyle"), theme ?? "omitted")
            }
            XCTAssertTrue(try IOSTest.text(lowering, "ios.application_definition").contains("static let theme: InterfaceTheme = .\(native)\n"))
        }
    }

    // MARK: Gaps

    func testPlaceholderIdentityIsDisclosed() throws {
        let lowering = IOSLowering.lower(try LoweringHarness.fixture("notes.plan.json"))
        XCTAssertEqual(lowering.status, .emitted)
        XCTAssertEqual(lowering.gaps.count, 1)
        let gap = try XCTUnwrap(lowering.gaps.first)
        XCTAssertEqual(gap.code, .nativeClientPartiallyGenerated)
        XCTAssertEqual(gap.pointer, "/application/native/ios")
        XCTAssertEqual(gap.status, .partiallyGenerated)
        XCTAssertEqual(gap.clients, [.ios])
        XCTAssertTrue(gap.message.contains("https://notes.invalid"))
        XCTAssertTrue(gap.message.contains("invalid.firstdraft.notes"))
        XCTAssertTrue(gap.message.contains("/application/domain"))
    }

    func testAnAuthoredDomainAndFixedThemeAddNoGap() throws {
        XCTAssertEqual(IOSLowering.lower(try LoweringHarness.fixture("movie-catalog.plan.json")).gaps, [])
        // studio-ops requests push, whose gap names the owner's credentials.
        XCTAssertEqual(IOSLowering.lower(try LoweringHarness.fixture("studio-ops.plan.json")).gaps.map(\.code), [.nativePushPartiallyGenerated])
        XCTAssertEqual(IOSLowering.lower(try LoweringHarness.edited("studio-ops.plan.json", [("/application/push", nil)])).gaps, [])
    }

    func testThemeToggleAndPushAreDisclosed() throws {
        var object = IOSTest.planObject(account: true)
        object = JSONEdit.set(object, "/application/appearance", ["theme": "toggle"])
        object = JSONEdit.set(object, "/application/push", ["ios": true])
        let lowering = try IOSTest.lower(object)
        XCTAssertEqual(lowering.status, .emitted)
        XCTAssertEqual(lowering.gaps.map(\.code), [.nativeThemePreferenceNotGenerated,
                                                   .nativePushPartiallyGenerated])
        XCTAssertEqual(lowering.gaps.map(\.pointer), ["/application/appearance/theme", "/application/push/ios"])
        XCTAssertEqual(lowering.gaps.map(\.status), [.partiallyGenerated, .partiallyGenerated])
        XCTAssertEqual(lowering.gaps.map(\.clients), [[.ios], [.ios]])
        for needed in ["APNS_ENCRYPTION_KEY", "APNS_KEY_ID", "APNS_TEAM_ID", "Push Notifications capability"] {
            XCTAssertTrue(lowering.gaps[1].message.contains(needed), lowering.gaps[1].message)
        }
        // The push seam is filled, and the app's one entitlements file (which project.yml always
        // signs with) holds the aps-environment entitlement.
        XCTAssertTrue(lowering.tasks.contains { $0.id == "ios.push_registration" })
        XCTAssertTrue(try LoweringHarness.text(LoweringHarness.task(lowering, "ios.entitlements"))
            .contains("<key>aps-environment</key>\n\t<string>development</string>"))
    }

    // MARK: Omitted clients

    private func assertOmitted(_ lowering: PlatformLowering, code: DiagnosticCode, pointer: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(lowering.status, .omitted, file: file, line: line)
        XCTAssertTrue(lowering.tasks.isEmpty, file: file, line: line)
        XCTAssertEqual(lowering.diagnostics.map(\.code), [code], file: file, line: line)
        XCTAssertEqual(lowering.diagnostics.map(\.pointer.description), [pointer], file: file, line: line)
        XCTAssertEqual(lowering.gaps.map(\.code), [.nativeClientNotGenerated], file: file, line: line)
        XCTAssertEqual(lowering.gaps.first?.pointer, "/application/native/ios", file: file, line: line)
        XCTAssertEqual(lowering.gaps.first?.status, .notGenerated, file: file, line: line)
        XCTAssertTrue(lowering.gaps.first?.message.contains(code.rawValue) == true, file: file, line: line)
    }

    func testAKeyThatCannotFormOneDNSLabelOmitsTheClient() throws {
        let long = String(repeating: "k", count: 64)
        let text = JSONEdit.serialize(JSONEdit.set(IOSTest.planObject(), "/application/key", long))
        let lowering = IOSLowering.lower(try LoweringHarness.loaded(text))
        assertOmitted(lowering, code: .iosKeyTooLong, pointer: "/application/key")
        // Positioned at the authored value.
        let keyLine = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("\"key\" : \"\(long)\"") }
        XCTAssertEqual(lowering.diagnostics.first?.line, try XCTUnwrap(keyLine) + 1)
        XCTAssertTrue(lowering.diagnostics.first?.description.hasPrefix("plan.json:") == true)

        let trailing = try IOSTest.lower(JSONEdit.set(IOSTest.planObject(), "/application/key", "movie_"))
        assertOmitted(trailing, code: .iosKeyNotDNSLabel, pointer: "/application/key")
        // 63 bytes still lowers.
        XCTAssertEqual(try IOSTest.lower(JSONEdit.set(IOSTest.planObject(), "/application/key", String(long.dropFirst()))).status, .emitted)
    }

    func testANameThatNoXcconfigLineCanHoldOmitsTheClient() throws {
        let backslash = try IOSTest.lower(JSONEdit.set(IOSTest.planObject(), "/application/name", "Notes \\"))
        assertOmitted(backslash, code: .iosDisplayNameTrailingBackslash, pointer: "/application/name")
        // Plan validation already refuses a newline; the iOS release refuses it on its own as well.
        var loaded = try LoweringHarness.loaded(JSONEdit.serialize(IOSTest.planObject()))
        for name in ["Two\nLines", "Line\u{2028}Separator"] {
            loaded.plan.application.name = name
            assertOmitted(IOSLowering.lower(loaded), code: .iosDisplayNameLineBreak, pointer: "/application/name")
        }
    }

    func testAClientWithoutANavigationEntryIsOmitted() throws {
        var object = IOSTest.planObject(entities: 2)
        object = JSONEdit.set(object, "/entities/0/index", "none")
        object = JSONEdit.set(object, "/entities/1/index", "none")
        assertOmitted(try IOSTest.lower(object), code: .iosNavigationNoEntry, pointer: "/application/native/ios")
        // An account alone is one entry: a single navigator.
        let accountOnly = try IOSTest.lower(JSONEdit.set(IOSTest.planObject(entities: 2, account: true), "/entities", [Any]()))
        XCTAssertEqual(accountOnly.status, .emitted)
        XCTAssertTrue(try IOSTest.text(accountOnly, "ios.navigation_definition").contains("static let tabLayout: TabLayout = .single"))
    }

    func testEveryProblemIsReportedAtOnce() throws {
        var object = JSONEdit.set(IOSTest.planObject(entities: 1), "/application/key", "app_")
        object = JSONEdit.set(object, "/application/name", "Name\\")
        object = JSONEdit.set(object, "/entities/0/index", "none")
        let lowering = try IOSTest.lower(object)
        XCTAssertEqual(lowering.status, .omitted)
        XCTAssertEqual(Set(lowering.diagnostics.map(\.code)), [.iosKeyNotDNSLabel, .iosDisplayNameTrailingBackslash, .iosNavigationNoEntry])
        XCTAssertEqual(lowering.diagnostics, lowering.diagnostics.sorted())
        XCTAssertEqual(lowering.gaps.count, 1)
    }

    // MARK: Determinism

    func testRenderingIsRepeatable() throws {
        for name in Fixture.names {
            let a = try LoweringHarness.files(IOSLowering.lower(try LoweringHarness.fixture(name)))
            let b = try LoweringHarness.files(IOSLowering.lower(try LoweringHarness.fixture(name)))
            XCTAssertEqual(a, b, name)
            // The same task rendered twice.
            let lowering = IOSLowering.lower(try LoweringHarness.fixture(name))
            for task in lowering.tasks where task.pinnedOutput == nil {
                let context = RenderContext(taskID: task.id, dependencyOutputs: [:])
                XCTAssertEqual(try task.render(context), try task.render(context), "\(name) \(task.id)")
            }
        }
    }

    /// JSON text with object members in a seeded shuffled order and no whitespace.
    private func shuffledJSON(_ value: JSONValue, seed: inout UInt64) -> String {
        func next() -> UInt64 { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return seed >> 33 }
        switch value.kind {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return n.lexeme
        case .string(let s): return PrettyJSON.quoted(s)
        case .array(let elements): return "[" + elements.map { shuffledJSON($0, seed: &seed) }.joined(separator: ",") + "]"
        case .object(var members):
            for i in stride(from: members.count - 1, to: 0, by: -1) { members.swapAt(i, Int(next() % UInt64(i + 1))) }
            return "{" + members.map { PrettyJSON.quoted($0.key) + ":" + shuffledJSON($0.value, seed: &seed) }.joined(separator: ",") + "}"
        }
    }

    func testShuffledKeyOrderAndReformattingKeepEveryKey() throws {
        for name in Fixture.names {
            let text = try Fixture.text(name)
            let base = LoweringHarness.keys(IOSLowering.lower(try LoweringHarness.loaded(text)))
            var seed: UInt64 = 0x5EED
            for _ in 0..<3 {
                let shuffled = shuffledJSON(try XCTUnwrap(JSONReader.read(Array(text.utf8), file: name).root), seed: &seed)
                XCTAssertNotEqual(shuffled, text)
                XCTAssertEqual(LoweringHarness.keys(IOSLowering.lower(try LoweringHarness.loaded(shuffled))), base, name)
            }
            XCTAssertEqual(LoweringHarness.keys(IOSLowering.lower(try LoweringHarness.loaded(JSONEdit.serialize(JSONEdit.parse(text))))), base, name)
        }
    }

    // MARK: Invariance and sensitivity of task keys

    private func changed(_ edit: (Any) -> Any, from object: Any? = nil) throws -> Set<String> {
        let base: Any
        if let object { base = object } else { base = JSONEdit.parse(try Fixture.text("movie-catalog.plan.json")) }
        return IOSTest.changedKeys(try IOSTest.lower(base), try IOSTest.lower(edit(base)))
    }

    func testAddingAFieldToAnEntityKeepsEveryKey() throws {
        XCTAssertEqual(try changed { JSONEdit.set($0, "/entities/0/fields/4", ["key": "runtime", "type": "integer"]) }, [])
        XCTAssertEqual(try changed { JSONEdit.set($0, "/account/fields/1", ["key": "bio", "type": "text"]) }, [])
    }

    func testAddingARailsOnlyEntityFirstKeepsEveryKey() throws {
        let railsOnly: [String: Any] = ["key": "audit", "plural_key": "audits", "uuid": "00000000-0000-4000-8000-0000000000aa",
                                        "name": "Audit", "plural": "Audits", "index": "none", "forms": false]
        XCTAssertEqual(try changed { object in
            var entities = (object as! [String: Any])["entities"] as! [Any]
            entities.insert(railsOnly, at: 0)
            return JSONEdit.set(object, "/entities", entities)
        }, [])
    }

    func testChangingTheAccentChangesOnlyTheAccentColor() throws {
        XCTAssertEqual(try changed { JSONEdit.set($0, "/application/appearance/accent", "#000000") }, ["ios.accent_color"])
        XCTAssertEqual(try changed { JSONEdit.set($0, "/application/appearance/accent", nil) }, ["ios.accent_color"])
        XCTAssertEqual(try changed { JSONEdit.set($0, "/application/appearance/background", "#FAFAFA") }, ["ios.background_color"])
    }

    func testChangingAPluralLabelChangesOnlyNavigationFilesAndTests() throws {
        XCTAssertEqual(try changed { JSONEdit.set($0, "/entities/0/plural", "Films") },
                       ["ios.navigation_definition", "ios.application_tests", "ios.navigation_ui_tests"])
    }

    func testChangingTheDomainChangesIdentityFilesButNotNavigation() throws {
        let identity: Set<String> = ["ios.identity_xcconfig", "ios.application_definition", "ios.application_tests"]
        // The domain is the identity and the Associated Domains entitlement (applinks:<domain>).
        let moved = try changed { JSONEdit.set($0, "/application/domain", "films.example.org") }
        XCTAssertEqual(moved, identity.union(["ios.entitlements"]))
        XCTAssertEqual(try changed { JSONEdit.set($0, "/application/domain", nil) }, moved)
        // A new first letter is a new monogram: the icon moves too.
        XCTAssertEqual(try changed { JSONEdit.set($0, "/application/name", "Film Catalog") }, identity.union(["ios.app_icon"]))
        XCTAssertEqual(try changed { JSONEdit.set($0, "/application/name", "Movies") }, identity)
    }

    func testChangingFormsOrTheHomeEntityMovesTheRightFiles() throws {
        XCTAssertEqual(try changed { JSONEdit.set($0, "/entities/4/forms", false) },
                       ["ios.path_configuration", "ios.application_tests"])
        XCTAssertEqual(try changed { JSONEdit.set($0, "/application/home", "person") },
                       ["ios.navigation_definition", "ios.path_configuration", "ios.application_tests", "ios.navigation_ui_tests"])
        // The UI tests read the whole ios_navigation projection, symbols included.
        XCTAssertEqual(try changed { JSONEdit.set($0, "/entities/0/icon", "star") },
                       ["ios.navigation_definition", "ios.application_tests", "ios.navigation_ui_tests"])
    }

    /// Pinned key digests for one fixture: a change here means every cached iOS output is
    /// invalidated, which needs a reason (and usually a new release).
    func testTaskKeysArePinnedForNotes() throws {
        let keys = LoweringHarness.keys(IOSLowering.lower(try LoweringHarness.fixture("notes.plan.json")))
        XCTAssertEqual(keys.count, 11)
        XCTAssertEqual(Set(keys.values).count, 11)
        // Moved with issue 17: the xcconfig also reads release_version (MARKETING_VERSION) and
        // links.scheme (APP_URL_SCHEME).
        XCTAssertEqual(keys["ios.identity_xcconfig"]?.hex, "a1a4bc93d4febdd813f94c1bef2974bcaab0ad873bb29c10dfffbb781daeca47")
        // All moved with release ios-application-2026-11 (the definition gained userAgentPrefix, the path
        // configuration follows the routes Rails draws); path_configuration also reads pushed_lookalikes.
        XCTAssertEqual(keys["ios.path_configuration"]?.hex, "11ef42c791baee4b008f3e235979a018a6111c4d2e12c6db864a0594c91dc37e")
        XCTAssertEqual(keys["ios.accent_color"]?.hex, "19d956d39800bb667cfefead2b9ad83ffc90104416bb49a8eec6722050646f20")
    }
}
