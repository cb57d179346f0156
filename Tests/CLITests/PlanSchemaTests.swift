import Foundation
import XCTest
@testable import CLI
@testable import Lowerings

/// `orchestrate schema` and the published `schema/plan-v1.schema.json`, checked with Python's
/// `jsonschema` (PyPI, pinned in scripts/test.sh) against the loader: every example valid, every
/// Plan the loader rejects for a structural reason invalid, every Plan it accepts valid.
final class PlanSchemaTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let examples = ["examples/movie-catalog.plan.json", "examples/notes.plan.json", "examples/studio-ops.plan.json",
                           "examples/field-guide/field-guide.plan.json"]

    /// The diagnostics that say a Plan breaks a rule the schema states: keys, types, closed sets,
    /// patterns, lengths of ASCII keys, one version requirement per Swift package.
    static let structural: Set<DiagnosticCode> = [
        .unknownKey, .missingKey, .wrongType, .formatUnsupported, .themeUnknown, .colorInvalid, .entityIconUnknown,
        .entityIndexUnknown, .fieldTypeUnknown, .nativeRulePlatformUnknown, .nativePackageRequirement, .projectIDInvalid,
        .applicationKeyInvalid, .accountSubjectUUIDInvalid, .entityKeyInvalid, .entityPluralKeyInvalid, .entityUUIDInvalid,
        .fieldKeyInvalid, .entityKeyTooLong, .fieldKeyTooLong, .nativeIDInvalid, .nativeSplashSecondsInvalid,
        .linksSchemeInvalid,
    ]

    func testCommittedSchemaIsTheCommandsOutputAndDeterministic() throws {
        let h = try CLIHarness()
        defer { h.cleanUp() }
        XCTAssertEqual(h.run("schema"), 0, h.err)
        let printed = h.out
        XCTAssertEqual(h.run("schema", "--out", "plan.schema.json"), 0, h.err)
        XCTAssertEqual(h.read("plan.schema.json"), printed)
        XCTAssertEqual(PlanSchema.document(), PlanSchema.document())
        let committed = try String(contentsOf: Self.repository.appendingPathComponent(PlanSchema.repositoryPath), encoding: .utf8)
        XCTAssertEqual(committed, printed, "schema/plan-v1.schema.json is stale: run `orchestrate schema --out schema/plan-v1.schema.json`")
        XCTAssertEqual(h.run("schema", "extra"), ExitCode.usage)
    }

    /// Every object of the schema closes its keys, and every key the decoder accepts is declared
    /// (the decoder reads its key lists from `PlanShape`, so a key added there lands here).
    func testEveryObjectIsClosedAndTheDecodersKeysAreTheSchemas() throws {
        let schema = try JSONSerialization.jsonObject(with: Data(PlanSchema.document())) as! [String: Any]
        let defs = schema["$defs"] as! [String: [String: Any]]
        for (name, def) in defs.merging(["(root)": schema], uniquingKeysWith: { a, _ in a }) {
            XCTAssertEqual(def["additionalProperties"] as? Bool, false, name)
        }
        let rootKeys = Set((schema["properties"] as! [String: Any]).keys)
        XCTAssertEqual(rootKeys, ["$schema", "plan_format", "project_id", "application", "entities", "account"])
        XCTAssertEqual(Set((defs["entity"]!["properties"] as! [String: Any]).keys),
                       ["key", "plural_key", "uuid", "name", "plural", "index", "icon", "forms", "parent", "fields"])
        XCTAssertEqual((defs["entity"]!["required"] as! [String]), ["key", "plural_key", "uuid", "name", "plural", "index"])
        // The decoder reports an unknown key with exactly the declared keys as its choices.
        var decoder = PlanDecoder(file: "p")
        let value = JSONReader.read(Array(#"{"key": "a", "name": "A", "zzzzzzzzzz": 1}"#.utf8), file: "p").root!
        _ = decoder.members(value, PlanShape.application)
        XCTAssertEqual(decoder.diagnostics.map(\.message),
                       ["unknown key \"zzzzzzzzzz\"; remove it or use one of: appearance, bridge, domain, home, key, links, name, native, push, version"])
    }

    func testExamplesAreValid() throws {
        let verdicts = try validate(Dictionary(uniqueKeysWithValues: Self.examples.map {
            ($0, try Data(contentsOf: Self.repository.appendingPathComponent($0)))
        }))
        for example in Self.examples { XCTAssertEqual(verdicts[example], "valid", example) }
    }

    /// Mutated Plans (PlanMutator's value-level mutations and targeted ones): the loader and the
    /// schema agree on every Plan the loader accepts (valid) and on every Plan it rejects for a
    /// structural reason (invalid). Plans it rejects for a cross-field reason may go either way.
    func testSchemaAgreesWithTheLoaderOnAMutatedCorpus() throws {
        var corpus: [String: Data] = [:]
        var expected: [String: String] = [:]   // "valid" or "invalid"
        var why: [String: String] = [:]
        var seen: Set<DiagnosticCode> = []
        var rng = SplitMix64(18)
        func consider(_ name: String, _ bytes: [UInt8]) {
            let result = PlanLoader.load(bytes: bytes, file: name)
            let errors = result.diagnostics.filter { $0.severity == .error }
            if errors.contains(where: { $0.code.rawValue.hasPrefix("json.") }) { return }
            // Python's parser reads what JSONSerialization wrote; skip what it might read differently.
            guard (try? JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)) != nil else { return }
            if errors.isEmpty {
                expected[name] = "valid"
            } else if let s = errors.first(where: { Self.structural.contains($0.code) }) {
                seen.formUnion(errors.map(\.code).filter(Self.structural.contains))
                expected[name] = "invalid"
                why[name] = "\(s.code.rawValue) at \(s.pointer): \(s.message)"
            } else {
                return
            }
            corpus[name] = Data(bytes)
        }
        for example in Self.examples {
            let bytes = Array(try Data(contentsOf: Self.repository.appendingPathComponent(example)))
            let base = URL(fileURLWithPath: example).lastPathComponent
            for i in 0..<120 {
                let (what, mutated) = PlanMutator.mutate(bytes, &rng)
                consider("\(base)#\(i) \(what)", mutated)
            }
            for (i, (what, mutated)) in targeted(bytes).enumerated() { consider("\(base)#t\(i) \(what)", mutated) }
        }
        XCTAssertEqual(Self.structural.subtracting(seen).map(\.rawValue).sorted(), [], "every structural rule is broken somewhere in the corpus")
        let invalid = expected.values.filter { $0 == "invalid" }.count
        XCTAssertGreaterThan(invalid, 150, "the corpus should reject many Plans structurally")
        XCTAssertGreaterThan(expected.count - invalid, 40, "the corpus should keep many Plans valid")
        let verdicts = try validate(corpus)
        for (name, want) in expected.sorted(by: { $0.key < $1.key }) {
            XCTAssertEqual(verdicts[name], want, "\(name): loader says \(want)\(why[name].map { " (\($0))" } ?? "")")
        }
    }

    /// One structural mistake per rule the schema states, at each kind of place.
    func targeted(_ bytes: [UInt8]) -> [(String, [UInt8])] {
        let root = try! JSONSerialization.jsonObject(with: Data(bytes))
        var out: [(String, Any)] = []
        func with(_ what: String, _ tokens: [String], _ value: Any?) { out.append((what, PlanMutator.set(root, tokens, value))) }
        with("format 2", ["plan_format"], 2)
        with("format string", ["plan_format"], "1")
        with("schema number", ["$schema"], 3)
        with("schema string", ["$schema"], "https://example.com/any.json")
        with("uuid upper", ["project_id"], "0F8FAD5B-D9CB-469F-A165-70867728950E")
        with("app key", ["application", "key"], "Movie")
        with("theme", ["application", "appearance", "theme"], "sepia")
        with("accent short", ["application", "appearance", "accent"], "#FFF")
        with("accent pair", ["application", "appearance", "accent"], ["light": "#FFFFFF", "dark": "#000000"])
        with("accent pair missing", ["application", "appearance", "accent"], ["light": "#FFFFFF"])
        with("accent pair extra", ["application", "appearance", "accent"], ["light": "#FFFFFF", "dark": "#000000", "x": "#000000"])
        with("push string", ["application", "push", "ios"], "yes")
        with("entity index", ["entities", "0", "index"], "private")
        with("entity icon", ["entities", "0", "icon"], "rocket")
        with("entity key", ["entities", "0", "key"], "Movie")
        with("entity key long", ["entities", "0", "key"], String(repeating: "k", count: 64))
        with("entity uuid", ["entities", "0", "uuid"], "not-a-uuid")
        with("entity missing name", ["entities", "0", "name"], nil)
        with("field type", ["entities", "0", "fields", "0", "type"], "money")
        with("field key", ["entities", "0", "fields", "0", "key"], "a__b")
        with("field extra", ["entities", "0", "fields", "0", "label"], "x")
        with("field key long", ["entities", "0", "fields", "0", "key"], String(repeating: "f", count: 64))
        with("field key at the limit", ["entities", "0", "fields", "0", "key"], String(repeating: "f", count: 63))
        with("entities object", ["entities"], ["a": 1])
        with("native ios string", ["application", "native", "ios"], "yes")
        with("native screens id", ["application", "native", "ios", "screens"], ["Map": "MapScreen"])
        with("native screens value", ["application", "native", "android", "screens"], ["map": 1])
        with("native splash seconds", ["application", "native", "ios", "splash_min_seconds"], 9)
        with("native packages two", ["application", "native", "ios", "packages"],
             [["url": "https://github.com/a/b.git", "from": "1.0.0", "exact": "1.0.0"]])
        with("native packages none", ["application", "native", "ios", "packages"], [["url": "https://github.com/a/b.git"]])
        with("native packages android object", ["application", "native", "android", "packages"], [["url": "x"]])
        with("rule platform", ["application", "native", "rules"], [["path": "/a", "view_controller": "a", "platforms": ["web"]]])
        with("rule tab icon", ["application", "native", "rules"],
             [["path": "/a", "view_controller": "a", "tab": ["label": "A", "icon": "rocket"]]])
        with("rule missing", ["application", "native", "rules"], [["path": "/a"]])
        with("links scheme", ["application", "links", "scheme"], "Movie_Catalog")
        with("links scheme digit", ["application", "links", "scheme"], "2movies")
        with("links scheme ok", ["application", "links", "scheme"], "movies+app.v2")
        with("links extra", ["application", "links", "host"], "x")
        with("bridge string", ["application", "bridge", "submit"], "yes")
        with("bridge off", ["application", "bridge", "submit"], false)
        with("bridge unknown", ["application", "bridge", "sumbit"], true)
        with("account uuid", ["account", "subject_uuid"], "x")
        with("account editable", ["account", "editable"], 1)
        return out.compactMap { what, value in
            (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])).map { (what, Array($0)) }
        }
    }

    /// The verdict of Python's jsonschema (Draft 2020-12, the schema itself checked first) on
    /// each Plan: "valid" or "invalid".
    func validate(_ plans: [String: Data]) throws -> [String: String] {
        let python = try ExternalTool.find("python3")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("schema-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var index: [String] = []
        for (i, (name, data)) in plans.sorted(by: { $0.key < $1.key }).enumerated() {
            try data.write(to: dir.appendingPathComponent("\(i).json"))
            index.append(name)
        }
        try Data(PlanSchema.document()).write(to: dir.appendingPathComponent("schema.json"))
        let script = """
        import json, sys
        try:
            import jsonschema
        except ImportError:
            print("SKIP"); sys.exit(0)
        d = sys.argv[1]
        schema = json.load(open(d + "/schema.json"))
        jsonschema.Draft202012Validator.check_schema(schema)
        v = jsonschema.Draft202012Validator(schema)
        for i in range(int(sys.argv[2])):
            print("valid" if v.is_valid(json.load(open("%s/%d.json" % (d, i)))) else "invalid")
        """
        let r = try python.run(["-c", script, dir.path, String(index.count)])
        XCTAssertEqual(r.status, 0, r.err)
        let lines = r.out.split(separator: "\n").map(String.init)
        if lines.first == "SKIP" { throw XCTSkip("Python's jsonschema is not installed; scripts/test.sh installs it") }
        XCTAssertEqual(lines.count, index.count, r.err)
        return Dictionary(uniqueKeysWithValues: zip(index, lines))
    }
}
