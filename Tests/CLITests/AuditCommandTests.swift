import Cache
import Foundation
import Lowerings
import Tasks
import XCTest
@testable import CLI
import Pipeline

final class AuditCommandTests: XCTestCase {
    private var h: CLIHarness!
    private var out: String { h.root + "/out" }

    override func setUpWithError() throws {
        h = try CLIHarness()
        try SyntheticCompile.run(SyntheticPlan(), out: out, store: h.root + "/store")
    }

    override func tearDown() { h.cleanUp() }

    private func codes() -> [String] {
        h.out.split(separator: "\n").filter { $0.hasPrefix("audit.") }.map { String($0.split(separator: " ")[0]) }.sorted()
    }

    private func auditFindsOnly(_ code: String, at path: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(h.run("audit", "out"), 1, h.err, file: file, line: line)
        XCTAssertEqual(Set(codes()), [code], h.out, file: file, line: line)
        XCTAssertTrue(h.out.contains("\(code) \(path): "), h.out, file: file, line: line)
    }

    /// A Core-origin file of the iOS tree (not a seam).
    private func iosCoreFile() throws -> String {
        let doc = try ProvenanceDocument.decode(Array(h.read("out/ios/FOUNDATION_PROVENANCE.json")!.utf8))
        return doc.files.first { $0.origin == "core" && $0.path.hasSuffix(".swift") }!.path
    }

    func testACompiledOutputIsClean() throws {
        XCTAssertEqual(h.run("audit", "out"), 0, h.out + h.err)
        XCTAssertTrue(h.out.hasPrefix("audit: clean: rails ("), h.out)
        XCTAssertTrue(h.out.contains("ios (") && h.out.contains("android ("), h.out)
        XCTAssertEqual(h.run("audit", "out", "--json"), 0)
        let json = try JSONSerialization.jsonObject(with: Data(h.out.utf8)) as! [String: Any]
        XCTAssertEqual(json["clean"] as? Bool, true)
        XCTAssertEqual((json["trees"] as! [[String: Any]]).map { $0["platform"] as! String }, ["rails", "ios", "android"])
        XCTAssertEqual((json["findings"] as! [Any]).count, 0)
    }

    func testModifiedFile() throws {
        try Tamper.append(out + "/ios/Resources/ios_v1.json", "\n")
        XCTAssertEqual(h.run("audit", "out"), 1)
        XCTAssertEqual(codes(), ["audit.file_modified", "audit.native_digest_mismatch"], h.out)
        XCTAssertTrue(h.out.contains("audit.file_modified ios/Resources/ios_v1.json: has sha256 "), h.out)
        XCTAssertTrue(h.out.contains("(owner ios.path_configuration)"), h.out)
    }

    func testDeletedFile() throws {
        try FileManager.default.removeItem(atPath: out + "/android/app/src/main/res/values/colors.xml")
        XCTAssertEqual(h.run("audit", "out"), 1)
        XCTAssertEqual(codes(), ["audit.file_deleted", "audit.native_digest_mismatch"], h.out)
        XCTAssertTrue(h.out.contains("audit.file_deleted android/app/src/main/res/values/colors.xml: "), h.out)
    }

    func testUndeclaredFileButNotOrchestrateState() throws {
        try Tamper.write(out + "/.orchestrate/notes", "ignored")
        try Tamper.write(out + "/app/models/backdoor.rb", "class Backdoor; end\n")
        XCTAssertEqual(h.run("audit", "out"), 1)
        XCTAssertEqual(codes(), ["audit.file_undeclared", "audit.native_digest_mismatch"], h.out)
        XCTAssertTrue(h.out.contains("audit.file_undeclared app/models/backdoor.rb: "), h.out)
    }

    func testModeChanged() throws {
        try Tamper.chmod(out + "/ios/Generated/Identity.xcconfig", 0o755)
        XCTAssertEqual(h.run("audit", "out"), 1)
        XCTAssertEqual(codes(), ["audit.mode_changed", "audit.native_digest_mismatch"], h.out)
        XCTAssertTrue(h.out.contains("audit.mode_changed ios/Generated/Identity.xcconfig: has mode 100755; provenance records 100644"), h.out)
    }

    func testCoreFileEditedEvenWithProvenanceToMatch() throws {
        let path = try iosCoreFile()
        try Tamper.append(out + "/ios/" + path, "// patched\n")
        XCTAssertEqual(h.run("audit", "out"), 1)
        XCTAssertEqual(codes(), ["audit.core_file_differs", "audit.native_digest_mismatch"], h.out)
        XCTAssertTrue(h.out.contains("audit.core_file_differs ios/\(path): has sha256 "), h.out)
        // Provenance rewritten to match: the pinned archive still disagrees.
        let tampered = try Digest.ofFile(at: out + "/ios/" + path)
        let digest = try TreeDigest.digest(ofDirectory: out + "/ios")
        try Tamper.editProvenance(out + "/ios/FOUNDATION_PROVENANCE.json") { json in
            Tamper.editRecord(&json, path) { $0["sha256"] = tampered.hex }
            json["native_input_digest"] = digest.hex
        }
        auditFindsOnly("audit.core_file_differs", at: "ios/" + path)
    }

    func testUnparseableProvenance() throws {
        try Tamper.write(out + "/android/FOUNDATION_PROVENANCE.json", "{\"schema\": \"orchestrate.provenance/1\",")
        auditFindsOnly("audit.provenance_unparseable", at: "android/FOUNDATION_PROVENANCE.json")
        try Tamper.write(out + "/android/FOUNDATION_PROVENANCE.json", "{\"schema\": \"something/9\"}")
        auditFindsOnly("audit.provenance_unparseable", at: "android/FOUNDATION_PROVENANCE.json")
    }

    func testUnknownOwnerAndOwnerMismatch() throws {
        try Tamper.editProvenance(out + "/ios/FOUNDATION_PROVENANCE.json") { json in
            Tamper.editRecord(&json, "Generated/Identity.xcconfig") { $0["owner"] = "evil.renderer" }
        }
        auditFindsOnly("audit.unknown_owner", at: "ios/Generated/Identity.xcconfig")
        try Tamper.editProvenance(out + "/ios/FOUNDATION_PROVENANCE.json") { json in
            Tamper.editRecord(&json, "Generated/Identity.xcconfig") { $0["owner"] = "ios.accent_color" }
        }
        auditFindsOnly("audit.owner_mismatch", at: "ios/Generated/Identity.xcconfig")
        try Tamper.editProvenance(out + "/ios/FOUNDATION_PROVENANCE.json") { json in
            Tamper.editRecord(&json, "Generated/Identity.xcconfig") { $0["owner"] = "ios.identity_xcconfig"; $0["origin"] = "added" }
        }
        auditFindsOnly("audit.origin_mismatch", at: "ios/Generated/Identity.xcconfig")
    }

    func testCorePinUnknown() throws {
        try Tamper.editProvenance(out + "/ios/FOUNDATION_PROVENANCE.json") { json in
            var core = json["core"] as! [String: Any]
            core["archive_digest"] = Digest.of("an older Core").hex
            json["core"] = core
        }
        auditFindsOnly("audit.core_pin_unknown", at: "ios/FOUNDATION_PROVENANCE.json")
        XCTAssertTrue(h.out.contains(CorePins.ios.digest.hex), h.out)
    }

    func testNativeDigestMismatch() throws {
        try Tamper.editProvenance(out + "/FOUNDATION_PROVENANCE.json") { $0["native_input_digest"] = String(repeating: "a", count: 64) }
        XCTAssertEqual(h.run("audit", "out"), 1)
        XCTAssertEqual(codes(), ["audit.native_digest_mismatch", "audit.native_digest_mismatch"], "files and file list both disagree: \(h.out)")
        XCTAssertTrue(h.out.contains("audit.native_digest_mismatch FOUNDATION_PROVENANCE.json: records native input digest aaaa"), h.out)
    }

    func testUsageAndMissingInput() throws {
        XCTAssertEqual(h.run("audit"), 64)
        XCTAssertEqual(h.run("audit", "nowhere"), 66)
        try FileManager.default.createDirectory(atPath: h.root + "/empty", withIntermediateDirectories: true)
        XCTAssertEqual(h.run("audit", "empty"), 66)
        XCTAssertTrue(h.err.contains("provenance"), h.err)
        XCTAssertEqual(h.run("audit", "out", "--plan", "missing.plan.json"), 66)
        try Tamper.write(h.root + "/bad.plan.json", "{\"plan_format\": 1}")
        XCTAssertEqual(h.run("audit", "out", "--plan", "bad.plan.json"), 65)
    }

    // MARK: issue 12: what the walk used to miss

    /// Rails loads every file of config/initializers at boot; a link there (or anywhere) reaches
    /// outside the tree, and the walk skipped links. Every non-regular entry is a finding now, a
    /// linked directory included (never followed), in plain audit and with --plan.
    func testLinksFIFOsAndLinkedDirectoriesAreFindings() throws {
        try FileManager.default.createSymbolicLink(atPath: out + "/config/initializers/evil.rb", withDestinationPath: "/etc/passwd")
        try FileManager.default.createDirectory(atPath: h.root + "/elsewhere", withIntermediateDirectories: true)
        try Tamper.write(h.root + "/elsewhere/backdoor.rb", "class Backdoor; end\n")
        try FileManager.default.createSymbolicLink(atPath: out + "/app/models/concerns_elsewhere", withDestinationPath: h.root + "/elsewhere")
        XCTAssertEqual(mkfifo(out + "/ios/App/pipe", 0o644), 0)
        XCTAssertEqual(h.run("audit", "out"), 1, h.out + h.err)
        XCTAssertEqual(codes(), ["audit.not_regular_file", "audit.not_regular_file", "audit.not_regular_file"],
                       "no file digest moved (tree digest v1 counts regular files only): \(h.out)")
        XCTAssertTrue(h.out.contains("audit.not_regular_file config/initializers/evil.rb: is a symbolic link to /etc/passwd"), h.out)
        XCTAssertTrue(h.out.contains("audit.not_regular_file app/models/concerns_elsewhere: is a symbolic link to "), h.out)
        XCTAssertTrue(h.out.contains("audit.not_regular_file ios/App/pipe: is a FIFO"), h.out)
        XCTAssertFalse(h.out.contains("backdoor"), "the linked directory is not followed: \(h.out)")
        let findings = try auditAgainst(SyntheticPlan())
        XCTAssertEqual(Set(findings.filter { $0.code == .notRegularFile }.map(\.path)),
                       ["config/initializers/evil.rb", "app/models/concerns_elsewhere", "ios/App/pipe"], "\(findings)")
    }

    /// `.orchestrate-tmp-*` files were skipped in every tree; a name the materializer only uses
    /// while writing, or one that is not UTF-8 or holds a line break, is a finding (and the file,
    /// being in no provenance, is undeclared too).
    func testTemporaryAndUnreadableNamesAreFindings() throws {
        try Tamper.write(out + "/config/initializers/.orchestrate-tmp-1-1-evil.rb", "system('id')\n")
        let raw: [UInt8] = Array((out + "/app/models/bad").utf8) + [0xFF, 0x2E, 0x72, 0x62]
        let fd = raw.withUnsafeBufferPointer { p -> Int32 in
            var z = Array(p) + [0]
            return z.withUnsafeMutableBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        }
        XCTAssertGreaterThanOrEqual(fd, 0)
        close(fd)
        try Tamper.write(out + "/app/models/two\nlines.rb", "x\n")
        XCTAssertEqual(h.run("audit", "out"), 1, h.out + h.err)
        XCTAssertEqual(Set(codes()), ["audit.unexpected_name", "audit.file_undeclared", "audit.native_digest_mismatch"], h.out)
        XCTAssertEqual(codes().filter { $0 == "audit.unexpected_name" }.count, 3, h.out)
        XCTAssertTrue(h.out.contains("audit.unexpected_name config/initializers/.orchestrate-tmp-1-1-evil.rb: "), h.out)
        XCTAssertTrue(h.out.contains("audit.file_undeclared config/initializers/.orchestrate-tmp-1-1-evil.rb: "), h.out)
    }

    func testSetuidSetgidAndWorldWritableModesAreFindings() throws {
        try Tamper.chmod(out + "/bin/rails", 0o4755)
        try Tamper.chmod(out + "/config/routes.rb", 0o666)
        try Tamper.chmod(out + "/android/app/src/main/res/values/colors.xml", 0o2644)
        try Tamper.chmod(out + "/config/initializers", 0o777)
        XCTAssertEqual(h.run("audit", "out"), 1, h.out + h.err)
        XCTAssertEqual(codes(), Array(repeating: "audit.unsafe_mode", count: 4), h.out)
        XCTAssertTrue(h.out.contains("audit.unsafe_mode bin/rails: has mode 4755 (setuid)"), h.out)
        XCTAssertTrue(h.out.contains("audit.unsafe_mode config/routes.rb: has mode 0666 (world-writable)"), h.out)
        XCTAssertTrue(h.out.contains("audit.unsafe_mode android/app/src/main/res/values/colors.xml: has mode 2644 (setgid)"), h.out)
        XCTAssertTrue(h.out.contains("audit.unsafe_mode config/initializers: has mode 0777 (world-writable)"), h.out)
        try Tamper.chmod(out + "/config/initializers", 0o755)
    }

    /// A platform tree whose provenance was deleted was skipped, and plain audit said the others
    /// were clean. A tree is expected when its folder is there, or when the root provenance records
    /// the copy of its path configuration that Rails serves (emitted clients only).
    func testATreeWithoutItsProvenanceIsAFinding() throws {
        try FileManager.default.removeItem(atPath: out + "/ios/FOUNDATION_PROVENANCE.json")
        auditFindsOnly("audit.provenance_missing", at: "ios/FOUNDATION_PROVENANCE.json")
        XCTAssertTrue(h.out.contains("the ios/ folder is there"), h.out)
        try FileManager.default.removeItem(atPath: out + "/FOUNDATION_PROVENANCE.json")
        XCTAssertEqual(h.run("audit", "out"), 1, h.out)
        XCTAssertEqual(codes(), ["audit.provenance_missing", "audit.provenance_missing"], h.out)
        XCTAssertTrue(h.out.contains("audit.provenance_missing FOUNDATION_PROVENANCE.json: the rails tree has no provenance"), h.out)
        try FileManager.default.removeItem(atPath: out + "/android/FOUNDATION_PROVENANCE.json")
        XCTAssertEqual(h.run("audit", "out"), 66, "no provenance anywhere: nothing to audit against")
    }

    /// A whole client tree removed: the root provenance still records the path configuration Rails
    /// serves for that client, so the tree was emitted and its provenance is missing.
    func testARemovedClientTreeIsAFinding() throws {
        let plan = PlanCompileTests.examples.appendingPathComponent("movie-catalog.plan.json").path
        XCTAssertEqual(h.run("compile", plan, "--out", "real", "--store", "store"), 0, h.err)
        XCTAssertEqual(h.run("audit", "real"), 0, h.out)
        try FileManager.default.removeItem(atPath: h.root + "/real/android")
        XCTAssertEqual(h.run("audit", "real"), 1, h.out)
        XCTAssertEqual(codes(), ["audit.provenance_missing"], h.out)
        XCTAssertTrue(h.out.contains("audit.provenance_missing android/FOUNDATION_PROVENANCE.json: "), h.out)
        XCTAssertTrue(h.out.contains("the root provenance records .github/workflows/android.yml"), h.out)
    }

    func testALinkedProvenanceFileIsNotRead() throws {
        try FileManager.default.moveItem(atPath: out + "/ios/FOUNDATION_PROVENANCE.json", toPath: h.root + "/ios-provenance.json")
        try FileManager.default.createSymbolicLink(atPath: out + "/ios/FOUNDATION_PROVENANCE.json", withDestinationPath: h.root + "/ios-provenance.json")
        XCTAssertEqual(h.run("audit", "out"), 1, h.out)
        XCTAssertEqual(codes(), ["audit.not_regular_file", "audit.provenance_missing"], h.out)
    }

    // MARK: --plan

    private func auditAgainst(_ plan: SyntheticPlan) throws -> [AuditFinding] {
        try OutputAudit.audit(root: out, name: "out", expected: plan.taskSet(), seed: SyntheticCompile.seed).findings
    }

    func testTheOutputIsExactlyWhatThePlanCompilesTo() throws {
        XCTAssertEqual(try auditAgainst(SyntheticPlan()), [])
        var other = SyntheticPlan()
        other.accent = "#000000"
        let findings = try auditAgainst(other)
        XCTAssertEqual(Set(findings.map(\.code)), [.notFromPlan])
        let paths = Set(findings.map(\.path))
        XCTAssertTrue(paths.contains("ios/Resources/Assets.xcassets/AccentColor.colorset/Contents.json"), "\(paths)")
        XCTAssertTrue(paths.contains("android/app/src/main/res/values-night/colors.xml"), "\(paths)")
        XCTAssertTrue(paths.contains("ios/FOUNDATION_PROVENANCE.json"), "native digest and plan digest moved: \(paths)")
    }

    func testProvenanceEditedToMatchATamperedFileIsCaughtOnlyWithThePlan() throws {
        let file = "Resources/ios_v1.json"
        try Tamper.write(out + "/ios/" + file, "{\"rules\": []}\n")
        let tampered = try Digest.ofFile(at: out + "/ios/" + file)
        let digest = try TreeDigest.digest(ofDirectory: out + "/ios")
        try Tamper.editProvenance(out + "/ios/FOUNDATION_PROVENANCE.json") { json in
            Tamper.editRecord(&json, file) { $0["sha256"] = tampered.hex }
            json["native_input_digest"] = digest.hex
        }
        XCTAssertEqual(h.run("audit", "out"), 0, "consistent with its (forged) provenance: \(h.out)")
        let findings = try auditAgainst(SyntheticPlan())
        XCTAssertEqual(Set(findings.map(\.code)), [.notFromPlan])
        XCTAssertEqual(Set(findings.map(\.path)), ["ios/FOUNDATION_PROVENANCE.json", "ios/" + file])
        XCTAssertTrue(findings.contains { $0.path == "ios/" + file && $0.message.contains("the Plan compiles it to") }, "\(findings)")
        XCTAssertTrue(findings.contains { $0.message.contains("records native_input_digest") }, "\(findings)")
    }

    func testAForgedTaskKeyAndExtraOrMissingFilesAreNotFromThePlan() throws {
        try Tamper.editProvenance(out + "/android/FOUNDATION_PROVENANCE.json") { json in
            Tamper.editRecord(&json, "app/src/main/res/values/strings.xml") { $0["task_key"] = Digest.of("forged").hex }
        }
        try Tamper.write(out + "/README.extra", "x")
        try FileManager.default.removeItem(atPath: out + "/ios/FOUNDATION_PROVENANCE.json")
        let findings = try auditAgainst(SyntheticPlan())
        XCTAssertTrue(findings.contains { $0.path == "android/app/src/main/res/values/strings.xml" && $0.message.contains("task_key") && $0.code == .notFromPlan }, "\(findings)")
        XCTAssertTrue(findings.contains { $0.path == "README.extra" && $0.code == .notFromPlan })
        XCTAssertTrue(findings.contains { $0.path == "ios/FOUNDATION_PROVENANCE.json" && $0.code == .notFromPlan && $0.message.contains("missing") })
    }
}
