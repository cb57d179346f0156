import Foundation
import Tasks
import XCTest
@testable import CLI
@testable import Pipeline

/// A compile whose Plan differs from the last one only inside one entity's plain fields compiles
/// that entity alone (`EntityPatchCompile`) and leaves the tree, provenance and base a full compile
/// of the same Plan leaves; every other change, and every doubt about the last run, is a full
/// compile.
final class EntityPatchCompileTests: XCTestCase {
    private var h: CLIHarness!

    override func setUpWithError() throws { h = try CLIHarness() }
    override func tearDown() { h.cleanUp() }

    private let patched = "as the last run left them"

    /// An example Plan written with one entity a line, so one entity's line can change alone.
    private struct LinedPlan {
        var head: [String: Any]
        var entities: [[String: Any]]

        init(_ name: String) throws {
            try self.init(url: PlanCompileTests.examples.appendingPathComponent(name))
        }

        init(url: URL) throws {
            var object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            entities = try XCTUnwrap(object.removeValue(forKey: "entities") as? [[String: Any]])
            head = object
        }

        /// `field` added last to the fields of entity `k`.
        mutating func add(_ field: [String: Any], to k: Int) {
            entities[k]["fields"] = (entities[k]["fields"] as? [[String: Any]] ?? []) + [field]
        }

        static func json(_ value: Any) -> String {
            String(decoding: try! JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
        }

        var text: String {
            "{\n\"entities\": [\n" + entities.map(Self.json).joined(separator: ",\n") + "\n],\n"
                + head.keys.sorted().map { "\"\($0)\": " + Self.json(head[$0]!) }.joined(separator: ",\n") + "\n}\n"
        }
    }

    private func write(_ plan: LinedPlan) throws {
        try Data(plan.text.utf8).write(to: URL(fileURLWithPath: h.root + "/plan.json"))
    }

    private func compile(_ out: String, _ more: String...) -> Int32 {
        h.run(["compile", "plan.json", "--out", out, "--store", "store"] + more)
    }

    private func base(_ out: String) throws -> EntityPatchCompile.Record {
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: h.root + "/" + out + "/" + Materializer.baseFile))
        return try XCTUnwrap(EntityPatchCompile.Record(unpacking: Array(bytes)))
    }

    /// The tree and base in `out` are those a full compile of the current Plan into an empty
    /// directory leaves, and a `--full` run into `out` finds nothing to write.
    /// With `said`, what the run into `out` wrote to stderr is what the full compile writes (its gaps).
    private func assertAsAFullCompile(_ out: String, _ what: String, said: String? = nil, line: UInt = #line) throws {
        try? FileManager.default.removeItem(atPath: h.root + "/full")
        XCTAssertEqual(compile("full", "--full"), 0, h.err, line: line)
        if let said { XCTAssertEqual(said, h.err, "\(what): stderr", line: line) }
        let (tree, full) = (h.tree(out), h.tree("full"))
        XCTAssertEqual(tree.count, full.count, what, line: line)
        for (path, bytes) in full where tree[path] != bytes { XCTFail("\(what): \(path) differs from a full compile's", line: line) }
        let (a, b) = (try base(out), try base("full"))
        XCTAssertEqual(a.plan, b.plan, what, line: line)
        XCTAssertEqual(a.base, b.base, "\(what): the next base is the full compile's", line: line)
        XCTAssertEqual(a.tasks, b.tasks, what, line: line)
        XCTAssertEqual(a.trees, b.trees, what, line: line)
        XCTAssertEqual(compile(out, "--full"), 0, h.err, line: line)
        XCTAssertTrue(h.out.contains(" 0 written,"), "\(what): a full run after it wrote: \(h.out)", line: line)
    }

    /// Fields added, retyped, re-flagged, renamed and removed, one entity at a time, in Plans with
    /// references, parents, an account and both clients: each compiles alone, to the tree, the
    /// provenance and the base a full compile gives, and the run after it is "up to date".
    func testPlainFieldChangesCompileAloneToWhatAFullCompileGives() throws {
        for name in ["movie-catalog.plan.json", "studio-ops.plan.json"] {
            var plan = try LinedPlan(name)
            try write(plan)
            XCTAssertEqual(compile("out"), 0, h.err)
            XCTAssertFalse(h.out.contains(patched), h.out)
            for k in plan.entities.indices.prefix(4) {
                let entity = plan.entities[k]["key"] as! String
                let edits: [(String, ([[String: Any]]) -> [[String: Any]])] = [
                    ("a field added", { $0 + [["key": "extra_note", "type": "string"]] }),
                    ("a field retyped", { fields in
                        var f = fields
                        guard let i = f.firstIndex(where: { $0["type"] as? String != "reference" }) else { return f }
                        let swaps = ["string": "text", "text": "string", "date": "datetime", "datetime": "date", "integer": "decimal"]
                        f[i]["type"] = swaps[f[i]["type"] as! String] ?? "string"
                        return f
                    }),
                    ("a field's required flag", { fields in
                        var f = fields
                        guard let i = f.firstIndex(where: { $0["type"] as? String != "reference" }) else { return f }
                        f[i]["required"] = !((f[i]["required"] as? Bool) ?? false)
                        return f
                    }),
                    ("a field renamed", { $0.map { f in f["key"] as? String == "extra_note" ? f.merging(["key": "extra_memo"]) { $1 } : f } }),
                    ("a field removed", { $0.filter { $0["key"] as? String != "extra_memo" } }),
                ]
                for (what, edit) in edits {
                    plan.entities[k]["fields"] = edit(plan.entities[k]["fields"] as? [[String: Any]] ?? [])
                    try write(plan)
                    XCTAssertEqual(compile("out"), 0, h.err)
                    XCTAssertTrue(h.out.contains(patched) && h.out.contains("(entity \(entity))"), "\(name) \(entity), \(what): \(h.out)")
                    let said = h.err
                    XCTAssertEqual(compile("out"), 0, h.err)
                    XCTAssertTrue(h.out.contains("up to date"), "\(name) \(entity), \(what): the memo was left: \(h.out)")
                    try assertAsAFullCompile("out", "\(name) \(entity), \(what)", said: said)
                }
            }
        }
    }

    /// The changed Plan in another file (the name is only ever in diagnostics, and a run with
    /// diagnostics leaves no base): still one entity's change, to the same tree.
    func testTheChangedPlanMayBeAnotherFile() throws {
        var plan = try LinedPlan("movie-catalog.plan.json")
        try write(plan)
        XCTAssertEqual(compile("out"), 0, h.err)
        plan.add(["key": "nickname", "type": "string"], to: 1)
        try Data(plan.text.utf8).write(to: URL(fileURLWithPath: h.root + "/plan-2.json"))
        XCTAssertEqual(h.run(["compile", "plan-2.json", "--out", "out", "--store", "store"]), 0, h.err)
        XCTAssertTrue(h.out.contains(patched), h.out)
        try write(plan)
        try assertAsAFullCompile("out", "another file")
    }

    /// With the app's native files (web, iOS and Android extensions beside the Plan): a field
    /// change compiles alone, to the tree a full compile gives.
    func testWithNativeFilesAFieldChangeCompilesAlone() throws {
        try FileManager.default.copyItem(atPath: NativeExtensionCommandTests.example.path, toPath: h.root + "/app")
        let path = h.root + "/app/field-guide.plan.json"
        var plan = try LinedPlan(url: URL(fileURLWithPath: path))
        func compile(_ out: String, _ more: String...) -> Int32 {
            h.run(["compile", "app/field-guide.plan.json", "--out", out, "--store", "store"] + more)
        }
        try Data(plan.text.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(compile("out"), 0, h.err)
        plan.add(["key": "weather", "type": "text"], to: 0)
        try Data(plan.text.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(compile("out"), 0, h.err)
        XCTAssertTrue(h.out.contains(patched), h.out)
        XCTAssertEqual(compile("full", "--full"), 0, h.err)
        XCTAssertEqual(h.tree("out"), h.tree("full"))
        XCTAssertEqual(try base("out").base, try base("full").base)
    }

    /// The example compiled, the people form edited by hand, then a field added to people: the
    /// form's path.
    private func editedPeopleFormThenAddedAField() throws -> String {
        var plan = try LinedPlan("movie-catalog.plan.json")
        try write(plan)
        XCTAssertEqual(compile("out"), 0, h.err)
        let view = h.root + "/out/app/views/people/_form.html.erb"
        try Data("<%# mine %>\n".utf8).write(to: URL(fileURLWithPath: view))
        plan.add(["key": "nickname", "type": "string"], to: 1)
        try write(plan)
        return view
    }

    /// `--force` with the entity's view edited: the patch overwrites it, as a full compile does,
    /// with the same warning.
    func testForceOverwritesAnEditedFileOfTheEntity() throws {
        _ = try editedPeopleFormThenAddedAField()
        XCTAssertEqual(compile("out", "--force"), 0, h.err)
        XCTAssertTrue(h.out.contains(patched), h.out)
        XCTAssertTrue(h.err.contains("app/views/people/_form.html.erb was edited since orchestrate wrote it; overwritten (--force)"), h.err)
        try assertAsAFullCompile("out", "--force")
    }

    /// With a remote: the entity's new outputs are uploaded, so another runner gets every task of
    /// the changed Plan from the remote.
    func testTheEntitysNewOutputsGoToTheRemote() throws {
        let remote = try NginxServer.shared().url + "/" + UUID().uuidString.lowercased()
        var plan = try LinedPlan("movie-catalog.plan.json")
        try write(plan)
        XCTAssertEqual(compile("out", "--remote", remote), 0, h.err)
        plan.add(["key": "nickname", "type": "string"], to: 1)
        try write(plan)
        XCTAssertEqual(compile("out", "--remote", remote), 0, h.err)
        XCTAssertTrue(h.out.contains(patched), h.out)
        XCTAssertTrue(h.out.contains("objects and") && !h.out.contains("0 objects and 0 entries up"), "the renders went up: \(h.out)")
        XCTAssertEqual(h.run(["compile", "plan.json", "--out", "b", "--store", "store-b", "--remote", remote]), 0, h.err)
        XCTAssertTrue(h.out.contains("tasks: 0 rendered,") && !h.out.contains(patched), h.out)
        XCTAssertEqual(h.tree("b"), h.tree("out"))
    }

    /// A reference, a name, two entities or the application changed: a full compile, which
    /// leaves the same tree as ever.
    func testOtherChangesCompileInFull() throws {
        var plan = try LinedPlan("movie-catalog.plan.json")
        try write(plan)
        XCTAssertEqual(compile("out"), 0, h.err)
        let changes: [(String, (inout LinedPlan) -> Void)] = [
            ("an entity's name", { $0.entities[1]["name"] = "Human" }),
            ("a reference made required", { p in
                var fields = p.entities[0]["fields"] as! [[String: Any]]
                let i = fields.firstIndex { $0["type"] as? String == "reference" }!
                fields[i]["required"] = true
                p.entities[0]["fields"] = fields
            }),
            ("two entities", { p in
                for k in [0, 1] { p.add(["key": "extra_note", "type": "string"], to: k) }
            }),
            ("the application", { p in
                var app = p.head["application"] as! [String: Any]
                app["name"] = "Film Catalog"
                p.head["application"] = app
            }),
        ]
        for (what, change) in changes {
            change(&plan)
            try write(plan)
            XCTAssertEqual(compile("out"), 0, h.err)
            XCTAssertFalse(h.out.contains(patched), "\(what): \(h.out)")
            try assertAsAFullCompile("out", what)
        }
    }

    /// A change that breaks a Plan rule is reported as a full compile reports it (the same
    /// diagnostics, the same exit), and the tree is left as it was.
    func testABrokenRuleInTheChangedFieldsIsReportedAsAFullCompileReportsIt() throws {
        var plan = try LinedPlan("movie-catalog.plan.json")
        try write(plan)
        XCTAssertEqual(compile("out"), 0, h.err)
        let tree = h.tree("out")
        for (what, field) in [("a reserved key", ["key": "type", "type": "string"]), ("a key twice", ["key": "rating", "type": "text"]),
                              ("an unknown type", ["key": "tagline", "type": "novel"])] {
            var broken = plan
            broken.add(field, to: 2)
            try write(broken)
            let code = compile("out")
            let err = h.err
            XCTAssertNotEqual(code, 0, what)
            XCTAssertEqual(h.tree("out"), tree, what)
            XCTAssertEqual(compile("elsewhere"), code, what)
            XCTAssertEqual(h.err, err, "\(what): said as a compile into an empty directory says it")
        }
        plan.entities[2]["name"] = plan.entities[2]["name"]
        try write(plan)
        XCTAssertEqual(compile("out"), 0, h.err)
        XCTAssertTrue(h.out.contains("up to date"), h.out)
    }

    /// The base cut short, altered, or left by a run whose state was replaced since; a file of
    /// another entity deleted by hand: each is a full compile, which mends what it must.
    func testADoubtfulBaseOrADeletedFileIsAFullCompile() throws {
        var plan = try LinedPlan("movie-catalog.plan.json")
        try write(plan)
        XCTAssertEqual(compile("out"), 0, h.err)
        let basePath = h.root + "/out/" + Materializer.baseFile
        var n = 0
        func changeAField() throws {
            n += 1
            plan.entities[1]["fields"] = (plan.entities[1]["fields"] as! [[String: Any]]).filter { $0["key"] as? String != "extra_\(n - 1)" }
                + [["key": "extra_\(n)", "type": "string"]]
            try write(plan)
        }
        let good = try Data(contentsOf: URL(fileURLWithPath: basePath))
        for (what, bytes) in [("cut short", good.prefix(good.count / 2)), ("a byte changed", { var d = good; d[d.count / 3] ^= 0x20; return d }())] {
            try bytes.write(to: URL(fileURLWithPath: basePath))
            try changeAField()
            XCTAssertEqual(compile("out"), 0, h.err)
            XCTAssertFalse(h.out.contains(patched), "\(what): \(h.out)")
            try assertAsAFullCompile("out", what)
        }

        // A base from before another run replaced the state.
        let stale = try Data(contentsOf: URL(fileURLWithPath: basePath))
        try changeAField()
        XCTAssertEqual(compile("out"), 0, h.err)
        XCTAssertTrue(h.out.contains(patched), h.out)
        try stale.write(to: URL(fileURLWithPath: basePath))
        try changeAField()
        XCTAssertEqual(compile("out"), 0, h.err)
        XCTAssertFalse(h.out.contains(patched), "a stale base: \(h.out)")
        try assertAsAFullCompile("out", "a stale base")

        // Another entity's model deleted by hand: the patch does not hold its bytes, so the run is a full one, which writes it back.
        let model = h.root + "/out/app/models/movie.rb"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: model))
        try FileManager.default.removeItem(atPath: model)
        try changeAField()
        XCTAssertEqual(compile("out"), 0, h.err)
        XCTAssertFalse(h.out.contains(patched), "a deleted file: \(h.out)")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: model)), bytes)
        try assertAsAFullCompile("out", "a deleted file")
    }

    /// A provenance document edited by hand is not patched: the run is a full one, which keeps the
    /// edit and says so, as for any generated file.
    func testAnEditedProvenanceDocumentIsAFullCompile() throws {
        var plan = try LinedPlan("movie-catalog.plan.json")
        try write(plan)
        XCTAssertEqual(compile("out"), 0, h.err)
        let document = h.root + "/out/ios/FOUNDATION_PROVENANCE.json"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: document))
        bytes[bytes.count / 2] ^= 0x01
        try bytes.write(to: URL(fileURLWithPath: document))
        plan.add(["key": "nickname", "type": "string"], to: 1)
        try write(plan)
        XCTAssertEqual(compile("out"), 0, h.err)
        XCTAssertFalse(h.out.contains(patched), h.out)
        XCTAssertTrue(h.err.contains("ios/FOUNDATION_PROVENANCE.json was edited since orchestrate wrote it; kept"), h.err)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: document)), bytes)
    }

    /// A file of the changed entity edited by hand is kept, with the warning a full compile gives,
    /// and nothing is recorded for the next run (which says it again).
    func testAnEditedFileOfTheEntityIsKeptAsAFullCompileKeepsIt() throws {
        let view = try editedPeopleFormThenAddedAField()
        XCTAssertEqual(compile("out"), 0, h.err)
        XCTAssertTrue(h.out.contains(patched), h.out)
        XCTAssertTrue(h.err.contains("app/views/people/_form.html.erb was edited since orchestrate wrote it; kept"), h.err)
        XCTAssertEqual(try String(contentsOfFile: view, encoding: .utf8), "<%# mine %>\n")
        XCTAssertEqual(compile("out"), 0, h.err)
        XCTAssertFalse(h.out.contains("up to date"), h.out)
        XCTAssertTrue(h.err.contains("app/views/people/_form.html.erb was edited"), h.err)
    }
}
