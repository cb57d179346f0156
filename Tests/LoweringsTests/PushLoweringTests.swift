import Foundation
import Tasks
import XCTest
@testable import Lowerings

/// Push (`/application/push`) and the release version (`/application/version`), issue 17: which
/// trees and task keys each fact moves and which it leaves alone, what each tree then holds, and
/// every generated push file through the real tool for its language.
final class PushLoweringTests: XCTestCase {
    /// studio-ops (both clients, an account, a domain) with `push` as given and no version.
    private func studio(push: [String: Bool]?, version: String? = nil) throws -> LoadedPlan {
        // `as Any` unwraps each optional, so nil removes the member.
        try LoweringHarness.edited("studio-ops.plan.json", [("/application/push", push.map { $0 as Any }),
                                                            ("/application/version", version.map { $0 as Any })])
    }

    private func keys(_ loaded: LoadedPlan) -> [Platform: [String: String]] {
        Dictionary(uniqueKeysWithValues: PlanLowering.lower(loaded).map { lowering in
            (lowering.platform, LoweringHarness.keys(lowering).mapValues(\.hex))
        })
    }

    /// The ids whose key differs, plus the ids only one side has.
    private func moved(_ a: [String: String], _ b: [String: String]) -> Set<String> {
        Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }
    }

    // MARK: Invariance

    func testAddingAndroidPushLeavesEveryIOSKeyAndMovesOnlyAndroidAndRailsPushFiles() throws {
        let base = keys(try studio(push: nil)), android = keys(try studio(push: ["android": true]))
        XCTAssertEqual(base[.ios], android[.ios], "push.android moved an iOS key")
        XCTAssertEqual(moved(base[.android]!, android[.android]!), [
            "android.application_properties", "android.push_registration", "android.push_messaging_service", "android.push_manifest",
        ])
        let rails = moved(base[.rails]!, android[.rails]!)
        for id in ["rails.capability_gems", "rails.push_config", "rails.push_devices_controller", "rails.routes",
                   "rails.account_model", "rails.account_views.show", "rails.readme", "rails.android_workflow"] {
            XCTAssertTrue(rails.contains(id), "\(id) did not move: \(rails.sorted())")
        }
        // Neither the iOS workflow nor any entity file reads push.
        XCTAssertFalse(rails.contains("rails.ios_workflow"))
        XCTAssertTrue(rails.allSatisfy { !$0.hasPrefix("rails.entity_") }, rails.sorted().description)
    }

    func testAddingIOSPushLeavesEveryAndroidKeyAndMovesOnlyIOSAndRailsPushFiles() throws {
        let base = keys(try studio(push: nil)), ios = keys(try studio(push: ["ios": true]))
        XCTAssertEqual(base[.android], ios[.android], "push.ios moved an Android key")
        XCTAssertEqual(moved(base[.ios]!, ios[.ios]!), ["ios.push_registration", "ios.entitlements"])
        let rails = moved(base[.rails]!, ios[.rails]!)
        XCTAssertTrue(rails.contains("rails.push_config"))
        XCTAssertFalse(rails.contains("rails.android_workflow"))
        XCTAssertFalse(rails.contains("rails.ios_workflow"), "the iOS workflow needs no secret for push")
    }

    func testAndroidPushAfterIOSPushStillLeavesIOSAlone() throws {
        let ios = keys(try studio(push: ["ios": true])), both = keys(try studio(push: ["ios": true, "android": true]))
        XCTAssertEqual(ios[.ios], both[.ios])
        XCTAssertNotEqual(ios[.rails]?["rails.push_config"], both[.rails]?["rails.push_config"], "the config gains the google: section")
    }

    func testAVersionMovesOnlyTheTwoSeamsThatCarryIt() throws {
        let a = keys(try studio(push: nil, version: "1.4.2")), b = keys(try studio(push: nil, version: "1.5.0"))
        XCTAssertEqual(moved(a[.ios]!, b[.ios]!), ["ios.identity_xcconfig"])
        XCTAssertEqual(moved(a[.android]!, b[.android]!), ["android.application_properties"])
        XCTAssertEqual(a[.rails], b[.rails], "the server does not read the version")
    }

    /// Omitting the version keeps what both Cores shipped: the bytes are those of `"1.0.0"`.
    func testOmittedVersionIsTheDefault() throws {
        let omitted = PlanLowering.lower(try studio(push: nil)), authored = PlanLowering.lower(try studio(push: nil, version: "1.0.0"))
        for (a, b) in zip(omitted, authored) {
            XCTAssertEqual(try LoweringHarness.files(a), try LoweringHarness.files(b), "\(a.platform)")
        }
        let ios = try LoweringHarness.files(omitted[1])
        XCTAssertTrue(String(decoding: ios["Generated/Identity.xcconfig"]!, as: UTF8.self).contains("\nMARKETING_VERSION = 1.0.0\n"))
        let android = try LoweringHarness.files(omitted[2])
        XCTAssertTrue(String(decoding: android["app/application.properties"]!, as: UTF8.self).contains("\nversion_name=1.0.0\n"))
    }

    /// The build number is stamped by CI, never rendered: no native file sets it, and both
    /// workflows pass `git rev-list --count HEAD` to the build tool.
    func testTheBuildNumberIsOnlyInTheWorkflows() throws {
        let lowerings = PlanLowering.lower(try studio(push: ["ios": true, "android": true], version: "2.1"))
        for lowering in lowerings where lowering.platform != .rails {
            for (path, bytes) in try LoweringHarness.files(lowering) {
                let text = String(decoding: bytes, as: UTF8.self)
                for setting in ["CURRENT_PROJECT_VERSION", "versionCode", "buildNumber"] {
                    XCTAssertFalse(text.contains(setting), "\(path) names \(setting)")
                }
            }
        }
        let rails = try LoweringHarness.files(lowerings[0])
        let ios = String(decoding: rails[".github/workflows/ios.yml"]!, as: UTF8.self)
        let android = String(decoding: rails[".github/workflows/android.yml"]!, as: UTF8.self)
        XCTAssertTrue(ios.contains("echo \"build-number=$(git rev-list --count HEAD)\" >> \"$GITHUB_OUTPUT\""), ios)
        XCTAssertEqual(ios.components(separatedBy: "CURRENT_PROJECT_VERSION=\"$BUILD_NUMBER\"").count - 1, 2, ios)
        XCTAssertTrue(android.contains("./gradlew --no-daemon -PbuildNumber=\"$BUILD_NUMBER\" testDebugUnitTest assembleDebug"), android)
        XCTAssertTrue(android.contains("GOOGLE_SERVICES_JSON: ${{ secrets.GOOGLE_SERVICES_JSON }}"), android)
        XCTAssertFalse(ios.contains("GOOGLE_SERVICES_JSON"))
    }

    func testPushFilesAreDeterministic() throws {
        let loaded = try studio(push: ["ios": true, "android": true])
        let first = try PlanLowering.lower(loaded).map(LoweringHarness.files)
        let second = try PlanLowering.lower(loaded).map(LoweringHarness.files)
        XCTAssertEqual(first, second)
    }

    // MARK: What each tree holds

    func testRailsPushHasTheGemTheHandshakeAndTheTestSend() throws {
        let files = try LoweringHarness.files(RailsLowering.lower(try studio(push: ["ios": true])))
        func text(_ path: String) throws -> String { String(decoding: try XCTUnwrap(files[path], path), as: UTF8.self) }
        XCTAssertTrue(try text("Gemfile.capabilities").contains("gem \"action_push_native\", \"~> 0.3.1\""))
        XCTAssertTrue(try text("config/routes.rb").contains("    resource :push_device, only: %i[show create destroy]\n"))
        XCTAssertTrue(try text("app/models/account.rb").contains("has_many :push_devices, class_name: \"ApplicationPushDevice\", as: :owner, dependent: :destroy"))
        XCTAssertTrue(try text("app/views/accounts/show.html.erb").contains("button_to \"Send a test notification\", account_push_test_notification_path"))
        XCTAssertTrue(try text("db/migrate/20251231000001_create_action_push_native_devices.rb").contains("add_index :action_push_native_devices, :token, unique: true"))
        let config = try text("config/push.yml")
        XCTAssertTrue(config.contains("topic: <%= ENV[\"APNS_TOPIC\"].presence || \"example.42-studio.ops.studio-ops\" %>"), config)
        XCTAssertFalse(config.contains("google:"), "no FCM section without Android push")
        XCTAssertTrue(try text("README.md").contains("## Push notifications"))
        // Without push, none of it, and the Core's placeholder Gemfile.capabilities stays.
        let plain = try LoweringHarness.files(RailsLowering.lower(try studio(push: nil)))
        XCTAssertNil(plain["config/push.yml"])
        XCTAssertNil(plain["Gemfile.capabilities"])
        XCTAssertFalse(String(decoding: plain["app/models/account.rb"]!, as: UTF8.self).contains("push_devices"))
    }

    /// A client its lowering omitted gets no server push either, and its push gap says nothing is generated.
    func testPushForAnOmittedClientIsNotGeneratedAnywhere() throws {
        let loaded = try LoweringHarness.edited("studio-ops.plan.json", [("/application/domain", "ops.example.invalid")])
        let lowerings = PlanLowering.lower(loaded)
        XCTAssertEqual(lowerings.map(\.status), [.emitted, .omitted, .omitted])
        let gaps = lowerings.flatMap(\.gaps).filter { $0.pointer.hasPrefix("/application/push") }
        XCTAssertEqual(gaps.map(\.code), [.nativePushNotGenerated, .nativePushNotGenerated])
        XCTAssertEqual(gaps.map(\.status), [.notGenerated, .notGenerated])
        XCTAssertNil(try LoweringHarness.files(lowerings[0])["config/push.yml"])
    }

    // MARK: Real tools

    func testGeneratedPushSwiftParsesAndTheEntitlementsAreAPlist() throws {
        let files = try LoweringHarness.files(IOSLowering.lower(try studio(push: ["ios": true])))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("push-swift-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let swift = folder.appendingPathComponent("PushRegistration.swift")
        try Data(try XCTUnwrap(files["Generated/PushRegistration.swift"])).write(to: swift)
        let parse = try ToolProcess.run(IOSTest.swiftc, ["-parse", swift.path])
        XCTAssertEqual(parse.status, 0, parse.output)
        let plist = try PropertyListSerialization.propertyList(from: Data(try XCTUnwrap(files["Generated/FoundationApp.entitlements"])), format: nil)
        // One entitlements file: push's aps-environment beside the domain's Associated Domains.
        XCTAssertEqual((plist as? [String: Any])?["aps-environment"] as? String, "development")
        XCTAssertEqual((plist as? [String: Any])?["com.apple.developer.associated-domains"] as? [String], ["applinks:ops.42-studio.example"])
        // The generated file declares exactly the members the Core's placeholder does (the API Core calls).
        try assertDeclareTheCoreAPI(core: "Cores/ios/Generated/PushRegistration.swift", rendered: files["Generated/PushRegistration.swift"], [
            "static func applicationDidLaunch()", "static func sessionDidChange()",
            "static func didRegister(deviceToken: Data)", "static func didFailToRegister(_ error: Error)",
        ])
    }

    func testGeneratedPushKotlinParsesAndTheManifestIsXML() throws {
        let files = try LoweringHarness.files(AndroidLowering.lower(try studio(push: ["android": true])))
        let kotlin = files.filter { $0.key.hasSuffix(".kt") && $0.key.contains("Push") }
        XCTAssertEqual(kotlin.count, 2)
        let result = try KotlinGrammar.parse(texts: kotlin.map { ($0.key, String(decoding: $0.value, as: UTF8.self)) })
        XCTAssertEqual(result.status, 0, result.output)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("push-xml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("AndroidManifest.xml")
        try Data(try XCTUnwrap(files["app/src/push/AndroidManifest.xml"])).write(to: manifest)
        let names = try ToolProcess.run("/usr/bin/xmllint", [
            "--xpath", "//*[local-name()='uses-permission' or local-name()='service' or local-name()='action']/@*[local-name()='name']", manifest.path,
        ])
        XCTAssertEqual(names.status, 0, names.output)
        XCTAssertEqual(names.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }, [
            "android:name=\"android.permission.POST_NOTIFICATIONS\"", "android:name=\"dev.firstdraft.app.generated.PushMessagingService\"",
            "android:name=\"com.google.firebase.MESSAGING_EVENT\"",
        ])
        let registration = "app/src/main/java/dev/firstdraft/app/generated/PushRegistration.kt"
        try assertDeclareTheCoreAPI(core: "Cores/android/" + registration, rendered: files[registration], [
            "fun activityCreated(activity: AppCompatActivity)", "fun sessionChanged(activity: AppCompatActivity)",
        ])
    }

    /// Ruby files through `ruby -c`, the Account page through Erubi, and `config/push.yml` the way
    /// `config_for` reads it: ERB first (with the environment set and credentials empty), then YAML.
    func testGeneratedRailsPushFilesPassRubyErbAndYaml() throws {
        let ruby = try RailsRubyToolTests.tool("ruby")
        let files = try LoweringHarness.files(RailsLowering.lower(try studio(push: ["ios": true, "android": true])))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("push-ruby-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var checked = 0
        for (path, bytes) in files where path.contains("push") || path.hasPrefix("Gemfile") || path == "app/models/account.rb"
            || path == "config/routes.rb" {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
            if path.hasSuffix(".rb") || path.hasPrefix("Gemfile") {
                let r = try ToolProcess.run(ruby, ["-c", url.path])
                XCTAssertEqual(r.status, 0, "ruby -c \(path):\n\(r.output)")
                checked += 1
            }
        }
        XCTAssertEqual(checked, 10)
        let show = folder.appendingPathComponent("show.html.erb")
        try Data(files["app/views/accounts/show.html.erb"]!).write(to: show)
        let erb = try ToolProcess.run(ruby, ["-e", "require 'erubi'; RubyVM::InstructionSequence.compile(Erubi::Engine.new(File.read(ARGV[0]), trim: true).src); puts 'ok'", show.path])
        XCTAssertEqual(erb.status, 0, erb.output)
        let script = """
        require "erb"; require "yaml"
        module Rails
          Env = Struct.new(:name) { def development? = name == "development" }
          Credentials = Struct.new(:none) { def dig(*) = nil }
          def self.env = Env.new("production")
          def self.application = Struct.new(:credentials).new(Credentials.new(nil))
        end
        class Object; def presence = (respond_to?(:empty?) && empty? ? nil : self); end
        class NilClass; def presence = nil; end
        ENV["APNS_ENCRYPTION_KEY"] = "-----BEGIN PRIVATE KEY-----\\nMIG\\"#{1}\\n-----END PRIVATE KEY-----\\n"
        ENV["APNS_KEY_ID"] = "ABC123DEFG"
        config = YAML.safe_load(ERB.new(File.read(ARGV[0])).result)["shared"]
        abort "key" unless config["apple"]["encryption_key"] == ENV["APNS_ENCRYPTION_KEY"]
        abort "key id" unless config["apple"]["key_id"] == "ABC123DEFG"
        abort "team" unless config["apple"]["team_id"].nil? && config["google"]["project_id"].nil?
        abort "topic" unless config["apple"]["topic"] == "example.42-studio.ops.studio-ops"
        abort "sandbox" unless config["apple"]["connect_to_development_server"] == false
        puts "ok"
        """
        let yaml = try ToolProcess.run(ruby, ["-e", script, folder.appendingPathComponent("config/push.yml").path])
        XCTAssertEqual(yaml.status, 0, yaml.output)
    }
}
