import Foundation
import Lowerings
import Pipeline
import XCTest
@testable import CLI

/// `orchestrate init`: the starter project loads and compiles with no diagnostic, its ids are
/// fresh, it never writes over anything and never leaves half a project behind.
final class InitCommandTests: XCTestCase {
    private var h: CLIHarness!

    override func setUpWithError() throws { h = try CLIHarness() }
    override func tearDown() { h.cleanUp() }

    private func summary(_ path: String) throws -> CompileSummary {
        try CompileSummary.decode(Array(h.read(path)!.utf8), path: path)
    }

    func testTheStarterPlanCompilesWithBothClientsAndNoDiagnostic() throws {
        XCTAssertEqual(h.run("init", "apps/field-guide"), 0, h.err)
        XCTAssertEqual(h.out, """
        wrote apps/field-guide/field-guide.plan.json
        wrote apps/field-guide/plan-v1.schema.json
        wrote apps/field-guide/native/ios/README.md
        wrote apps/field-guide/native/android/README.md
        next: orchestrate compile apps/field-guide/field-guide.plan.json --out app/

        """)
        let plan = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(h.read("apps/field-guide/field-guide.plan.json")!.utf8)) as? [String: Any])
        let app = try XCTUnwrap(plan["application"] as? [String: Any])
        XCTAssertEqual(app["key"] as? String, "field_guide")
        XCTAssertEqual(app["name"] as? String, "Field Guide")
        // The schema beside it is the one `orchestrate schema` prints, and the Plan names it.
        XCTAssertEqual(plan["$schema"] as? String, "plan-v1.schema.json")
        XCTAssertEqual(h.read("apps/field-guide/plan-v1.schema.json"), String(decoding: PlanSchema.document(), as: UTF8.self))
        XCTAssertEqual(h.run("compile", "apps/field-guide/field-guide.plan.json", "--out", "out", "--store", "store", "--summary", "s.json"), 0, h.err)
        // The READMEs in native/ are notes: no warning, no diagnostic; only the placeholder-domain gaps.
        XCTAssertFalse(h.err.contains("warning"), h.err)
        let s = try summary("s.json")
        XCTAssertEqual(s.diagnostics.count, 0)
        for p in [Platform.rails, .ios, .android] { XCTAssertEqual(s.platforms[p]?.status, .emitted, p.rawValue) }
        XCTAssertEqual(Set(s.gaps.map(\.pointer.description)), ["/application/native/ios", "/application/native/android"])
        XCTAssertNotNil(h.read("out/ios/project.yml"))
        XCTAssertNotNil(h.read("out/android/settings.gradle.kts"))
    }

    /// Two projects differ in their ids only; each id is a fresh lowercase UUID.
    func testEachInitDrawsFreshIdsAndNothingElseDiffers() throws {
        XCTAssertEqual(h.run("init", "a/notes"), 0, h.err)
        XCTAssertEqual(h.run("init", "b/notes"), 0, h.err)
        let a = h.read("a/notes/notes.plan.json")!, b = h.read("b/notes/notes.plan.json")!
        let uuid = try NSRegularExpression(pattern: "\"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\"")
        func ids(_ s: String) -> [String] {
            uuid.matches(in: s, range: NSRange(s.startIndex..., in: s)).map { String(s[Range($0.range, in: s)!]) }
        }
        XCTAssertEqual(ids(a).count, 2)
        XCTAssertEqual(Set(ids(a) + ids(b)).count, 4, "four distinct ids")
        func masked(_ s: String) -> String { uuid.stringByReplacingMatches(in: s, range: NSRange(s.startIndex..., in: s), withTemplate: "ID") }
        XCTAssertEqual(masked(a), masked(b))
        XCTAssertNotEqual(a, b)
        XCTAssertEqual(h.read("a/notes/native/ios/README.md"), h.read("b/notes/native/ios/README.md"))
    }

    /// The starter Plan is valid under the schema written beside it (Python's jsonschema, Draft 2020-12).
    func testTheStarterPlanIsValidUnderItsSchema() throws {
        let python = try ExternalTool.find("python3")
        XCTAssertEqual(h.run("init", "v"), 0, h.err)
        let script = """
        import json, sys
        try:
            import jsonschema
        except ImportError:
            print("SKIP"); sys.exit(0)
        plan = json.load(open(sys.argv[1]))
        schema = json.load(open(sys.argv[2]))
        jsonschema.Draft202012Validator.check_schema(schema)
        errors = [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(plan)]
        print("VALID" if not errors else "; ".join(errors))
        """
        let r = try python.run(["-c", script, h.root + "/v/v.plan.json", h.root + "/v/plan-v1.schema.json"])
        if r.out.hasPrefix("SKIP") { throw XCTSkip("Python's jsonschema is not installed; scripts/test.sh installs it") }
        XCTAssertEqual(r.out, "VALID\n", r.err)
    }

    func testAFileNamesThePlanAndNameSetsTheKey() throws {
        XCTAssertEqual(h.run("init", "work/app.plan.json", "--name", "Field Notes 2"), 0, h.err)
        let text = try XCTUnwrap(h.read("work/app.plan.json"))
        XCTAssertTrue(text.contains("\"key\": \"field_notes_2\""), text)
        XCTAssertTrue(text.contains("\"name\": \"Field Notes 2\""), text)
        XCTAssertNotNil(h.read("work/native/android/README.md"))
        XCTAssertEqual(h.run("compile", "work/app.plan.json", "--out", "out", "--store", "store"), 0, h.err)
    }

    /// Any of the files present: exit 74, the file named, nothing written (not even the others).
    func testItNeverWritesOverAnythingAndWritesNothingThen() throws {
        try FileManager.default.createDirectory(atPath: h.root + "/p/native/android", withIntermediateDirectories: true)
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: h.root + "/p/native/android/README.md"))
        XCTAssertEqual(h.run("init", "p"), 74)
        XCTAssertEqual(h.err, "orchestrate init: error: p/native/android/README.md exists; the README is never written over: pick another place or move it away\n")
        XCTAssertEqual(h.out, "")
        XCTAssertEqual(h.tree("p").keys.sorted(), ["native/android/README.md"])
        XCTAssertEqual(h.read("p/native/android/README.md"), "mine\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: h.root + "/p/native/ios"))

        XCTAssertEqual(h.run("init", "q"), 0, h.err)
        let before = h.tree("q")
        XCTAssertEqual(h.run("init", "q"), 74)
        XCTAssertTrue(h.err.contains("q/q.plan.json exists; the Plan is never written over"), h.err)
        XCTAssertEqual(h.tree("q"), before)
    }

    /// A write that fails half-way (a directory where a README goes) removes what it wrote.
    func testAFailedWriteLeavesNoPartialProject() throws {
        try FileManager.default.createDirectory(atPath: h.root + "/r/native", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: h.root + "/r/native/android", contents: Data("a file, not a folder".utf8))
        XCTAssertEqual(h.run("init", "r"), 74)
        XCTAssertTrue(h.err.contains("r/native/android/README.md"), h.err)
        XCTAssertEqual(h.tree("r").keys.sorted(), ["native/android"])
    }

    func testANameWithoutALetterToStartAKeyIsAUsageError() {
        XCTAssertEqual(h.run("init", "s", "--name", "2024"), 64)
        XCTAssertTrue(h.err.contains("--name \"2024\" gives no application key"), h.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: h.root + "/s"))
        XCTAssertEqual(h.run("init", "007"), 64)
        XCTAssertTrue(h.err.contains("the directory name \"007\" gives no application key"), h.err)
        XCTAssertTrue(h.err.contains("--name"), h.err)
    }

    func testTheStarterIsAPureFunctionOfItsInputs() {
        let p = StarterProject(name: "Shop", key: "shop", projectID: "00000000-0000-4000-8000-000000000001",
                               entityUUID: "00000000-0000-4000-8000-000000000002", planName: "shop.plan.json")
        XCTAssertEqual(p.files, p.files)
        XCTAssertEqual(p.files.map(\.path), ["shop.plan.json", "plan-v1.schema.json", "native/ios/README.md", "native/android/README.md"])
        XCTAssertEqual(StarterProject.key(forName: "Field  Notes!"), "field_notes")
        XCTAssertEqual(StarterProject.key(forName: "Café Ölé"), "caf_l")
        XCTAssertNil(StarterProject.key(forName: "42 Apps"))
        XCTAssertEqual(StarterProject.name(forDirectory: "movie-catalog"), "Movie Catalog")
    }

    /// Markdown in native/ is notes: adding a README moves no task key and no native input digest.
    func testAReadmeInNativeMovesNoKey() throws {
        XCTAssertEqual(h.run("init", "t"), 0, h.err)
        XCTAssertEqual(h.run("compile", "t/t.plan.json", "--out", "o1", "--store", "store", "--summary", "with.json"), 0, h.err)
        try FileManager.default.removeItem(atPath: h.root + "/t/native/ios/README.md")
        try FileManager.default.removeItem(atPath: h.root + "/t/native/android/README.md")
        XCTAssertEqual(h.run("compile", "t/t.plan.json", "--out", "o2", "--store", "store", "--summary", "without.json"), 0, h.err)
        let with = try summary("with.json"), without = try summary("without.json")
        XCTAssertEqual(with.tasks.map(\.key), without.tasks.map(\.key))
        XCTAssertEqual(with.platforms.mapValues(\.nativeInputDigest), without.platforms.mapValues(\.nativeInputDigest))
        XCTAssertEqual(without.totals.rendered, 0)
    }
}
