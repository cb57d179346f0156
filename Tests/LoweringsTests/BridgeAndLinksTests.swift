import Foundation
import Hashing
import XCTest
@testable import Lowerings

/// Issue 17's bridge components and links, checked with the real tools: the association files'
/// payloads run in Ruby (both states), the entitlements parse as a property list, the manifest
/// through xmllint, the iOS Core's `DeepLink` rules run on Linux; invariance pairs for each new
/// Plan fact; the bridge-name checks with deliberate typos.
final class BridgeAndLinksTests: XCTestCase {
    private var workspace: URL!

    override func setUpWithError() throws {
        workspace = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: workspace) }

    private static let fixture = "movie-catalog.plan.json"

    private func lowerings(_ edits: [(String, Any?)] = []) throws -> [Platform: PlatformLowering] {
        let lowered = PlanLowering.lower(try LoweringHarness.edited(Self.fixture, edits))
        return Dictionary(uniqueKeysWithValues: lowered.map { ($0.platform, $0) })
    }

    /// Task ids whose key moved (or that appeared or went) per tree.
    private func moved(_ edits: [(String, Any?)]) throws -> [Platform: Set<String>] {
        let a = try lowerings(), b = try lowerings(edits)
        var out: [Platform: Set<String>] = [:]
        for platform in Platform.allCases {
            let ka = a[platform].map(LoweringHarness.keys) ?? [:], kb = b[platform].map(LoweringHarness.keys) ?? [:]
            out[platform] = Set(ka.keys).union(kb.keys).filter { ka[$0] != kb[$0] }
        }
        return out
    }

    private func file(_ platform: Platform, _ path: String, _ edits: [(String, Any?)] = []) throws -> String {
        let files = try LoweringHarness.files(try XCTUnwrap(try lowerings(edits)[platform]))
        return String(decoding: try XCTUnwrap(files[path], path), as: UTF8.self)
    }

    // MARK: Invariance pairs

    /// A new scheme moves what registers it (the iOS xcconfig, Android's properties) and nothing
    /// of Rails, the entitlements or the manifest.
    func testASchemeMovesTheRegistrationsOnly() throws {
        let m = try moved([("/application/links", ["scheme": "films"])])
        XCTAssertEqual(m[.ios], ["ios.identity_xcconfig"])
        XCTAssertEqual(m[.android], ["android.application_properties"])
        XCTAssertEqual(m[.rails], [])
        XCTAssertTrue(try file(.ios, "Generated/Identity.xcconfig", [("/application/links", ["scheme": "films"])]).contains("APP_URL_SCHEME = films\n"))
        XCTAssertTrue(try file(.android, "app/application.properties", [("/application/links", ["scheme": "films"])]).contains("url_scheme=films\n"))
        // The derived scheme is the key's, `_` as `-`; authoring that same scheme moves nothing.
        XCTAssertTrue(try file(.ios, "Generated/Identity.xcconfig").contains("APP_URL_SCHEME = movie-catalog\n"))
        XCTAssertEqual(try moved([("/application/links", ["scheme": "movie-catalog"])]).values.reduce(Set(), { $0.union($1) }), [])
    }

    /// The domain is the claim: entitlements, manifest, and Rails' routes and association files
    /// (which name the identities); no entity file moves.
    func testADomainMovesTheClaimsAndNoEntityFile() throws {
        let m = try moved([("/application/domain", "films.example.org")])
        XCTAssertTrue(try XCTUnwrap(m[.ios]).contains("ios.entitlements"))
        XCTAssertTrue(try XCTUnwrap(m[.android]).contains("android.manifest"))
        XCTAssertEqual(m[.rails], ["rails.routes", "rails.app_links_controller", "rails.app_links_spec", "rails.readme"])
        // Without a domain: no association routes or files, an empty entitlements file, no autoVerify.
        let none = try moved([("/application/domain", nil)])
        XCTAssertTrue(try XCTUnwrap(none[.rails]).isSuperset(of: ["rails.app_links", "rails.app_links_controller", "rails.app_links_spec", "rails.routes"]))
        XCTAssertFalse(try XCTUnwrap(none[.rails]).contains { $0.hasPrefix("rails.entity_") })
        let routes = try file(.rails, "config/routes.rb", [("/application/domain", nil)])
        XCTAssertFalse(routes.contains("well-known"), routes)
    }

    /// Turning the built-in `submit` off moves the registries, each form (and the account edit
    /// view) and drops the web half and hide rule; nothing else.
    func testTheSubmitComponentMovesFormsRegistriesAndItsWebHalfOnly() throws {
        let m = try moved([("/application/bridge", ["submit": false])])
        XCTAssertEqual(m[.ios], ["ios.bridge_registry"])
        XCTAssertEqual(m[.android], ["android.bridge_registry"])
        let rails = try XCTUnwrap(m[.rails])
        XCTAssertTrue(rails.isSuperset(of: ["rails.bridge_submit_controller", "rails.bridge_css", "rails.account_views.edit"]), "\(rails)")
        XCTAssertEqual(rails.filter { $0.hasPrefix("rails.entity_") }, Set(rails.filter { $0.hasSuffix("._form") }))
        XCTAssertFalse(rails.isEmpty)
        let off: [(String, Any?)] = [("/application/bridge", ["submit": false])]
        XCTAssertFalse(try file(.rails, "app/views/movies/_form.html.erb", off).contains("bridge--"))
        XCTAssertTrue(try file(.ios, "Generated/BridgeRegistry.swift", off).contains("[BridgeComponent.Type] = []"))
        // Authoring the default moves nothing.
        XCTAssertEqual(try moved([("/application/bridge", ["submit": true])]).values.reduce(Set(), { $0.union($1) }), [])
    }

    /// Without a native client no component is rendered: no controller, rule or opt-in.
    func testNoNativeClientNoBridge() throws {
        let rails = try XCTUnwrap(try lowerings([("/application/native", nil), ("/application/push", nil)])[.rails])
        let files = try LoweringHarness.files(rails)
        XCTAssertNil(files["app/javascript/controllers/bridge/submit_controller.js"])
        XCTAssertNil(files["app/assets/stylesheets/bridge.css"])
        XCTAssertFalse(files.filter { $0.key.hasPrefix("app/views/") }.contains { String(decoding: $0.value, as: UTF8.self).contains("bridge--") })
        XCTAssertNil(files["app/controllers/native/app_links_controller.rb"], "no client, nothing to associate")
    }

    func testRenderingTwiceGivesTheSameBytes() throws {
        for platform in Platform.allCases {
            let a = try LoweringHarness.files(try XCTUnwrap(try lowerings()[platform]))
            let b = try LoweringHarness.files(try XCTUnwrap(try lowerings()[platform]))
            XCTAssertEqual(a, b, "\(platform)")
        }
    }

    // MARK: The generated pieces

    /// The three pieces and the hide rule share one name.
    func testTheSubmitPiecesShareOneName() throws {
        let controller = try file(.rails, "app/javascript/controllers/bridge/submit_controller.js")
        XCTAssertEqual(BridgeNames.webName(Array(controller.utf8))?.name, "submit")
        XCTAssertTrue(controller.contains("super.connect()") && controller.contains("super.disconnect()"), controller)
        XCTAssertTrue(controller.contains("this.bridgeElement.click()"), controller)
        XCTAssertTrue(controller.contains("import { BridgeComponent } from \"@hotwired/hotwire-native-bridge\""), controller)
        XCTAssertTrue(try file(.rails, "app/assets/stylesheets/bridge.css")
            .contains("[data-bridge-components~=\"submit\"] [data-controller~=\"bridge--submit\"] {\n  display: none !important;\n}"))
        XCTAssertTrue(try file(.rails, "app/views/movies/_form.html.erb").contains("<%= form.button data: { controller: \"bridge--submit\" } %>"))
        XCTAssertTrue(try file(.ios, "Generated/BridgeRegistry.swift").contains("static let components: [BridgeComponent.Type] = [SubmitComponent.self]"))
        XCTAssertTrue(try file(.android, "app/src/main/java/dev/firstdraft/app/generated/BridgeRegistry.kt")
            .contains("BridgeComponentFactory(\"submit\", ::SubmitComponent),"))
        let swift = try Data(contentsOf: IOSTest.packageRoot.appendingPathComponent("Cores/ios/App/Bridge/SubmitComponent.swift"))
        XCTAssertEqual(BridgeNames.swiftName(Array(swift), type: "SubmitComponent")?.name, "submit")
    }

    /// `Generated/FoundationApp.entitlements` is a property list (xmllint, then Foundation's
    /// parser): Associated Domains with a domain, an empty dictionary without (the Core's
    /// placeholder too).
    func testEntitlementsAreAPropertyListThatClaimsOnlyTheDomain() throws {
        let core = try Data(contentsOf: IOSTest.packageRoot.appendingPathComponent("Cores/ios/Generated/FoundationApp.entitlements"))
        for (edits, expected) in [([], ["applinks:movies.example.com"]), ([("/application/domain", "films.example.org")], ["applinks:films.example.org"]),
                                  ([("/application/domain", nil)], nil)] as [([(String, Any?)], [String]?)] {
            let text = try file(.ios, "Generated/FoundationApp.entitlements", edits)
            let url = workspace.appendingPathComponent("App-\(UUID().uuidString).entitlements")
            try Data(text.utf8).write(to: url)
            let lint = try ToolProcess.run("/usr/bin/xmllint", ["--noout", url.path])
            XCTAssertEqual(lint.status, 0, lint.output)
            let plist = try XCTUnwrap(try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil) as? [String: Any])
            XCTAssertEqual(plist["com.apple.developer.associated-domains"] as? [String], expected)
            XCTAssertEqual(plist.count, expected == nil ? 0 : 1)
        }
        XCTAssertEqual((try PropertyListSerialization.propertyList(from: core, format: nil) as? [String: Any])?.count, 0)
    }

    /// The manifest is well-formed XML; MainActivity is singleTask with the scheme filter, and the
    /// App Links filter appears only with a domain.
    func testManifestIsWellFormedAndVerifiesOnlyTheDomain() throws {
        for (edits, host) in [([], "movies.example.com"), ([("/application/domain", nil)], nil)] as [([(String, Any?)], String?)] {
            let text = try file(.android, "app/src/main/AndroidManifest.xml", edits)
            let url = workspace.appendingPathComponent("AndroidManifest-\(UUID().uuidString).xml")
            try Data(text.utf8).write(to: url)
            let lint = try ToolProcess.run("/usr/bin/xmllint", ["--noout", url.path])
            XCTAssertEqual(lint.status, 0, lint.output)
            XCTAssertTrue(text.contains("android:launchMode=\"singleTask\""))
            XCTAssertTrue(text.contains("<data android:scheme=\"${appUrlScheme}\" />"))
            XCTAssertEqual(text.contains("android:autoVerify=\"true\""), host != nil)
            if let host { XCTAssertTrue(text.contains("<data android:host=\"\(host)\" />"), text) }
        }
        // The Core's placeholder is the generated manifest without a domain, apart from its header.
        let core = try String(contentsOf: IOSTest.packageRoot.appendingPathComponent("Cores/android/app/src/main/AndroidManifest.xml"), encoding: .utf8)
        let generated = try file(.android, "app/src/main/AndroidManifest.xml", [("/application/domain", nil)])
        func body(_ s: String) -> String { String(s[s.range(of: "<manifest ")!.lowerBound...]) }
        XCTAssertEqual(body(core), body(generated))
    }

    /// `Native::AppLinks`, run by Ruby: fails closed (valid, claiming nothing) without or with a
    /// malformed configuration; claims exactly what is configured otherwise.
    func testAssociationPayloadsFailClosedAndClaimWhatIsConfigured() throws {
        let ruby = try RailsRubyToolTests.tool("ruby")
        let source = workspace.appendingPathComponent("app_links.rb")
        try Data(try file(.rails, "app/controllers/native/app_links.rb").utf8).write(to: source)
        func run(_ expression: String) throws -> String {
            let r = try ToolProcess.run(ruby, ["-e", "require ARGV[0]; print(\(expression))", source.path])
            XCTAssertEqual(r.status, 0, r.output)
            return r.output
        }
        let bundle = "com.example.movies.movie-catalog"
        XCTAssertEqual(try run("Native::AppLinks.apple({}, '\(bundle)')"), #"{"applinks":{"details":[]}}"#)
        XCTAssertEqual(try run("Native::AppLinks.apple({ 'APPLE_TEAM_ID' => 'ABCDE12345' }, '\(bundle)')"), #"{"applinks":{"details":[]}}"#)
        XCTAssertEqual(try run("Native::AppLinks.apple({ 'APPLE_TEAM_ID' => 'abc', 'APP_LINK_PATHS' => '/*' }, '\(bundle)')"), #"{"applinks":{"details":[]}}"#)
        XCTAssertEqual(try run("Native::AppLinks.apple({ 'APPLE_TEAM_ID' => 'ABCDE12345', 'APP_LINK_PATHS' => 'movies' }, '\(bundle)')"), #"{"applinks":{"details":[]}}"#)
        XCTAssertEqual(try run("Native::AppLinks.apple({ 'APPLE_TEAM_ID' => 'ABCDE12345', 'APP_LINK_PATHS' => ' /movies/*, !/movies/new ' }, '\(bundle)')"),
                       #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.movies.movie-catalog"],"components":[{"/":"/movies/*"},{"/":"/movies/new","exclude":true}]}]}}"#)
        let fingerprint = Array(repeating: "ab", count: 32).joined(separator: ":")
        XCTAssertEqual(try run("Native::AppLinks.android({}, 'com.example.movies.movie_catalog')"), "[]")
        XCTAssertEqual(try run("Native::AppLinks.android({ 'ANDROID_CERT_SHA256_FINGERPRINTS' => 'AB:CD' }, 'x.y')"), "[]")
        XCTAssertEqual(try run("Native::AppLinks.android({ 'ANDROID_CERT_SHA256_FINGERPRINTS' => '\(fingerprint)' }, 'com.example.movies.movie_catalog')"),
                       #"[{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"android_app","package_name":"com.example.movies.movie_catalog","sha256_cert_fingerprints":["# +
                       "\"\(fingerprint.uppercased())\"]}}]")
        // Both Apple addresses are one action, so their bytes are the same.
        let routes = try file(.rails, "config/routes.rb")
        XCTAssertTrue(routes.contains(#"get "/.well-known/apple-app-site-association", to: "native/app_links#apple_app_site_association", format: false, as: nil"#))
        XCTAssertTrue(routes.contains(#"get "/apple-app-site-association", to: "native/app_links#apple_app_site_association", format: false, as: nil"#))
        XCTAssertTrue(routes.contains(#"get "/.well-known/assetlinks.json", to: "native/app_links#assetlinks", format: false, as: nil"#))
        let spec = try file(.rails, "spec/requests/native/app_links_spec.rb")
        for state in ["claims nothing when the server configures no Team ID or paths", "byte for byte at both addresses",
                      "claims nothing when the server configures no certificate fingerprint", "delegates the domain's links"] {
            XCTAssertTrue(spec.contains(state), state)
        }
        // The controller names the identities the native trees were built with.
        let controller = try file(.rails, "app/controllers/native/app_links_controller.rb")
        XCTAssertTrue(controller.contains("IOS_BUNDLE_IDENTIFIER = \"\(bundle)\""), controller)
        XCTAssertTrue(controller.contains("ANDROID_PACKAGE = \"com.example.movies.movie_catalog\""), controller)
    }

    /// With one client, only its file is served; the spec says the other one is not found.
    func testOnlyTheEmittedClientsFileIsServed() throws {
        let iosOnly: [(String, Any?)] = [("/application/native/android", nil), ("/application/push/android", false)]
        let routes = try file(.rails, "config/routes.rb", iosOnly)
        XCTAssertTrue(routes.contains("apple-app-site-association"))
        XCTAssertFalse(routes.contains("assetlinks"), routes)
        let spec = try file(.rails, "spec/requests/native/app_links_spec.rb", iosOnly)
        XCTAssertTrue(spec.contains("it \"serves no assetlinks.json without an Android client\" do"), spec)
        XCTAssertFalse(try file(.rails, "app/controllers/native/app_links_controller.rb", iosOnly).contains("def assetlinks"))
    }

    /// The iOS Core's `DeepLink` rules, run here: `Tests/Core/DeepLinkTests.swift` (the XCTest
    /// Xcode runs) compiled with `App/DeepLink.swift` into a Linux test executable. Android's
    /// `DeepLinkTest.kt` holds the same cases (parsed by the Kotlin grammar with the Core).
    func testTheIOSDeepLinkRulesRun() throws {
        let core = IOSTest.packageRoot.appendingPathComponent("Cores/ios")
        let tests = try String(contentsOf: core.appendingPathComponent("Tests/Core/DeepLinkTests.swift"), encoding: .utf8)
        let names = tests.split(separator: "\n").compactMap { line -> String? in
            guard let r = line.range(of: "func test"), let paren = line.range(of: "()", range: r.upperBound..<line.endIndex) else { return nil }
            return String(line[line.index(r.lowerBound, offsetBy: 5)..<paren.lowerBound])
        }
        XCTAssertGreaterThanOrEqual(names.count, 4)
        let testFile = workspace.appendingPathComponent("DeepLinkTests.swift")
        try Data(tests.replacingOccurrences(of: "@testable import FoundationApp\n", with: "").utf8).write(to: testFile)
        let main = workspace.appendingPathComponent("main.swift")
        try Data(("import XCTest\nXCTMain([testCase([\n" + names.map { "    (\"\($0)\", DeepLinkTests.\($0)),\n" }.joined() + "])])\n").utf8).write(to: main)
        let binary = workspace.appendingPathComponent("deeplink").path
        let build = try ToolProcess.run(IOSTest.swiftc, [core.appendingPathComponent("App/DeepLink.swift").path, testFile.path, main.path, "-o", binary])
        XCTAssertEqual(build.status, 0, build.output)
        let run = try ToolProcess.run(binary, [])
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertTrue(run.output.contains("Executed \(names.count) tests, with 0 failures"), run.output)
        // Android states the same cases.
        let kotlin = try String(contentsOf: IOSTest.packageRoot.appendingPathComponent("Cores/android/app/src/test/java/dev/firstdraft/app/DeepLinkTest.kt"), encoding: .utf8)
        for link in ["movie-catalog:///movies/1?sort=year", "//evil.example/movies", "movie-catalog:///movies/../admin", "https://example.com:8443/movies"] {
            XCTAssertTrue(tests.contains("\"\(link)\"") && kotlin.contains("\"\(link)\""), link)
        }
    }

    // MARK: Name agreement

    /// The composed files of the fixture as `BuiltInBridgeCheck` reads them: the rendered Rails,
    /// iOS and Android files (mounted) and the Core's component sources.
    private func composedFiles() throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for (platform, lowering) in try lowerings() {
            for (path, bytes) in try LoweringHarness.files(lowering) { files[platform.mount.isEmpty ? path : platform.mount + "/" + path] = bytes }
        }
        let ios = IOSTest.packageRoot.appendingPathComponent("Cores/ios/App/Bridge/SubmitComponent.swift")
        files["ios/App/Bridge/SubmitComponent.swift"] = Array(try Data(contentsOf: ios))
        return files
    }

    private func check(_ files: [String: [UInt8]]) -> [BuiltInBridgeCheck.Mismatch] {
        BuiltInBridgeCheck.check([.submit], platforms: [.rails, .ios, .android], paths: files.keys.sorted()) { files[$0] }
    }

    func testBuiltInPiecesAgreeAndATypoInAnyPieceIsNamed() throws {
        let files = try composedFiles()
        XCTAssertEqual(check(files), [])
        func typo(_ path: String, _ from: String, _ to: String) -> [String: [UInt8]] {
            var copy = files
            copy[path] = Array(String(decoding: files[path]!, as: UTF8.self).replacingOccurrences(of: from, with: to).utf8)
            return copy
        }
        let cases: [(String, String, String, String)] = [
            ("ios/App/Bridge/SubmitComponent.swift", "{ \"submit\" }", "{ \"sumbit\" }", "names SubmitComponent \"sumbit\""),
            ("app/javascript/controllers/bridge/submit_controller.js", "static component = \"submit\"", "static component = \"sumbit\"", "says static component = \"sumbit\""),
            ("app/assets/stylesheets/bridge.css", "bridge--submit", "bridge--sumbit", "has no rule"),
            ("android/app/src/main/java/dev/firstdraft/app/generated/BridgeRegistry.kt", "(\"submit\"", "(\"sumbit\"", "has no BridgeComponentFactory(\"submit\", ::SubmitComponent)"),
            ("ios/Generated/BridgeRegistry.swift", "[SubmitComponent.self]", "[]", "does not register SubmitComponent.self"),
        ]
        for (path, from, to, problem) in cases {
            let found = check(typo(path, from, to))
            XCTAssertEqual(found.map(\.path), [path], path)
            XCTAssertTrue(found.first?.problem.contains(problem) == true, "\(found)")
            XCTAssertEqual(found.first?.component, "submit")
        }
        // A view opting in to a misspelt controller.
        let view = check(typo("app/views/movies/_form.html.erb", "bridge--submit", "bridge--sumbit"))
        XCTAssertEqual(view, [BuiltInBridgeCheck.Mismatch(component: "sumbit", path: "app/views/movies/_form.html.erb",
                                                          problem: "opts in to bridge--sumbit, which no controller under app/javascript/controllers/bridge/ defines")])
        XCTAssertTrue(CompositionError.bridgeNameMismatch(view[0]).description.contains("silently off"))
    }

    /// A view whose opt-ins are known already is judged by them and not read; the others are read.
    func testKnownOptInsStandForTheViewsBytes() throws {
        let files = try composedFiles()
        let form = "app/views/movies/_form.html.erb"
        var read: Set<String> = []
        let found = BuiltInBridgeCheck.check([.submit], platforms: [.rails, .ios, .android], paths: files.keys.sorted(),
                                             knownOptIns: { $0 == form ? ["bridge--sumbit"] : nil }) { path in
            read.insert(path)
            return files[path]
        }
        XCTAssertEqual(found, [BuiltInBridgeCheck.Mismatch(component: "sumbit", path: form,
                                                           problem: "opts in to bridge--sumbit, which no controller under app/javascript/controllers/bridge/ defines")])
        XCTAssertFalse(read.contains(form), "its bytes (which opt in correctly) were not read")
        let views = files.keys.filter(BuiltInBridgeCheck.isView)
        XCTAssertGreaterThan(views.count, 1)
        XCTAssertEqual(read.intersection(views), Set(views).subtracting([form]), "every other view was read")
    }

    /// The byte scanner finds the identifiers the Character scan found (the reference below, as the
    /// check was written before), Unicode around and inside identifiers included.
    func testOptInsScanBytesAsCharactersDo() throws {
        func reference(_ view: String) -> [String] {
            var out: [String] = []
            var rest = Substring(view)
            while let r = rest.range(of: "bridge--") {
                out.append(String(rest[r.lowerBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }))
                rest = rest[r.upperBound...]
            }
            return out
        }
        let views = [
            "", "bridge--", "bridge-", "<div data-controller=\"bridge--submit\">", "controller: \"bridge--form_x-1\" bridge--menu",
            "bridge--bridge--x", "xbridge--submit.", "bridge--caf\u{E9}s\"", "bridge--cafe\u{301}\"", "bridge--x-\u{301}y",
            "bridge--\u{301}", "bridge--\u{65E5}\u{672C}1 bridge--\u{1F600}", "bbridge--q\"bridge--r\u{300}", "bridge--sub\u{2D}mit\u{A0}",
        ] + (try composedFiles()).filter { $0.key.hasPrefix("app/views/") }.map { String(decoding: $0.value, as: UTF8.self) }
        for view in views {
            XCTAssertEqual(BuiltInBridgeCheck.optIns(Array(view.utf8)), reference(view), view.debugDescription)
            XCTAssertEqual(BuiltInBridgeCheck.optIns(view), reference(view), view.debugDescription)
        }
        XCTAssertTrue(views.contains { BuiltInBridgeCheck.optIns($0).contains("bridge--submit") }, "the fixture's forms opt in")
        XCTAssertEqual(BuiltInBridgeCheck.optIns("a bridge--submit b bridge--caf\u{E9}!"), ["bridge--submit", "bridge--caf\u{E9}"])
    }

    /// The memo key of a passed check moves with every input the check reads: the components, the
    /// platforms, and each tree's platform, mount and native input digest.
    func testBridgeCheckKeyMovesWithEveryInput() {
        let rails = (platform: Platform.rails, mount: "", nativeInputDigest: Digest.of("rails"))
        let ios = (platform: Platform.ios, mount: "ios", nativeInputDigest: Digest.of("ios"))
        let base = BuiltInBridgeCheck.key([.submit], platforms: [.rails, .ios], trees: [rails, ios])
        XCTAssertEqual(base, BuiltInBridgeCheck.key([.submit], platforms: [.ios, .rails], trees: [ios, rails]), "order is not an input")
        let moved = [
            BuiltInBridgeCheck.key([], platforms: [.rails, .ios], trees: [rails, ios]),
            BuiltInBridgeCheck.key([.submit], platforms: [.rails], trees: [rails, ios]),
            BuiltInBridgeCheck.key([.submit], platforms: [.rails, .ios], trees: [rails]),
            BuiltInBridgeCheck.key([.submit], platforms: [.rails, .ios], trees: [rails, (.ios, "ios", Digest.of("ios2"))]),
            BuiltInBridgeCheck.key([.submit], platforms: [.rails, .ios], trees: [rails, (.ios, "apple", Digest.of("ios"))]),
            BuiltInBridgeCheck.key([.submit], platforms: [.rails, .ios], trees: [rails, (.android, "ios", Digest.of("ios"))]),
        ]
        XCTAssertEqual(Set(moved + [base]).count, moved.count + 1)
    }

    // MARK: The app's own components (load diagnostics)

    private static let guidePlan = """
    {
      "plan_format": 1, "project_id": "0f8fad5b-d9cb-469f-a165-70867728950e",
      "application": { "key": "guide", "name": "Guide", "domain": "guide.example.com",
        "native": { "ios": { "components": { "share": "ShareComponent" } }, "android": { "components": { "share": "ShareComponent" } } } },
      "entities": [ { "key": "trail", "plural_key": "trails", "uuid": "9b2e0000-0000-4000-8000-000000000001",
                      "name": "Trail", "plural": "Trails", "index": "public" } ]
    }
    """
    private static let web = "import { BridgeComponent } from \"@hotwired/hotwire-native-bridge\"\n\nexport default class extends BridgeComponent {\n  static component = \"share\"\n}\n"
    private static let swift = "import HotwireNative\n\nfinal class ShareComponent: BridgeComponent {\n    override nonisolated class var name: String { \"share\" }\n}\n"
    private static let kotlin = "package dev.firstdraft.app.extensions\n\nclass ShareComponent\n"

    private func load(_ files: [String: String], plan: String = BridgeAndLinksTests.guidePlan) -> PlanLoadResult {
        let sources = NativeSources(directory: "native", files: files.map { NativeSources.File(path: $0.key, bytes: Array($0.value.utf8)) })
        return PlanLoader.load(bytes: Array(plan.utf8), file: "plan.json", native: sources)
    }

    private func found(_ result: PlanLoadResult) -> [String] {
        result.diagnostics.map { "\($0.file):\($0.line) \($0.code.rawValue)" }.sorted()
    }

    func testTheAppsComponentNamesAgree() {
        let ok = load(["web/share_controller.js": Self.web, "ios/ShareComponent.swift": Self.swift, "android/ShareComponent.kt": Self.kotlin])
        XCTAssertEqual(found(ok), [])
        XCTAssertNotNil(ok.loadedPlan)
    }

    func testATypoInTheWebHalfIsAnErrorAtItsLine() throws {
        let result = load(["web/share_controller.js": Self.web.replacingOccurrences(of: "\"share\"", with: "\"shaer\""),
                           "ios/ShareComponent.swift": Self.swift, "android/ShareComponent.kt": Self.kotlin])
        XCTAssertNil(result.loadedPlan)
        XCTAssertEqual(found(result), ["native/web/share_controller.js:4 native.bridge.web_name_undeclared",
                                       "native/web:1 native.bridge.component_without_web"])
        let web = try XCTUnwrap(result.diagnostics.first { $0.code == .bridgeWebNameUndeclared })
        XCTAssertTrue(web.message.contains("static component = \"shaer\"") && web.message.contains("did you mean \"share\"?"), web.message)
        let missing = try XCTUnwrap(result.diagnostics.first { $0.code == .bridgeComponentWithoutWeb })
        XCTAssertTrue(missing.message.contains("/application/native/ios/components/share and /application/native/android/components/share declare"), missing.message)
    }

    func testATypoInTheSwiftHalfIsAnErrorAtItsLine() throws {
        let result = load(["web/share_controller.js": Self.web, "ios/ShareComponent.swift": Self.swift.replacingOccurrences(of: "{ \"share\" }", with: "{ \"Share\" }"),
                           "android/ShareComponent.kt": Self.kotlin])
        XCTAssertEqual(found(result), ["native/ios/ShareComponent.swift:4 native.bridge.swift_name_mismatch"])
        XCTAssertTrue(try XCTUnwrap(result.diagnostics.first).message.contains("ShareComponent names itself \"Share\""))
    }

    func testAWebFileCannotTakeTheBuiltInsPlace() {
        let files = ["web/share_controller.js": Self.web, "web/submit_controller.js": Self.web.replacingOccurrences(of: "share", with: "submit"),
                     "ios/ShareComponent.swift": Self.swift, "android/ShareComponent.kt": Self.kotlin]
        XCTAssertEqual(found(load(files)), ["native/web/submit_controller.js:1 native.file.name_reserved"])
        // With the built-in off, the app's own `submit` is the app's: then it must be declared.
        let off = Self.guidePlan.replacingOccurrences(of: "\"native\":", with: "\"bridge\": { \"submit\": false }, \"native\":")
        XCTAssertEqual(found(load(files, plan: off)), ["native/web/submit_controller.js:4 native.bridge.web_name_undeclared"])
    }

    func testAWebControllerWithoutAComponentNameIsAWarning() {
        let result = load(["web/share_controller.js": Self.web, "web/helper_controller.js": "export default class {}\n",
                           "ios/ShareComponent.swift": Self.swift, "android/ShareComponent.kt": Self.kotlin])
        XCTAssertEqual(found(result), ["native/web/helper_controller.js:1 native.bridge.web_name_missing"])
        XCTAssertNotNil(result.loadedPlan)
    }
}
