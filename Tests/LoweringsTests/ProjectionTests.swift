import Cache
import Tasks
import XCTest
@testable import Lowerings

final class ProjectionTests: XCTestCase {
    private func plan(_ json: String) throws -> Plan {
        let r = PlanLoader.load(bytes: Array(json.utf8), file: "p.json")
        guard let p = r.loadedPlan else { throw XCTSkip("fixture did not load: \(r.diagnostics)") }
        return p.plan
    }

    private func entity(_ key: String, index: String = "public", icon: String? = nil) -> String {
        let uuid = Digest.of(key).hex
        let u = "\(uuid.prefix(8))-\(uuid.dropFirst(8).prefix(4))-\(uuid.dropFirst(12).prefix(4))-\(uuid.dropFirst(16).prefix(4))-\(uuid.dropFirst(20).prefix(12))"
        return """
        {"key":"\(key)","plural_key":"\(key)s","uuid":"\(u)","name":"\(key.capitalized)","plural":"\(key.capitalized)s",\
        \(icon.map { "\"icon\":\"\($0)\"," } ?? "")"index":"\(index)"}
        """
    }

    private func planJSON(entities: [String], home: String? = nil, account: Bool = false, appearance: String? = nil) -> String {
        """
        {"plan_format":1,"project_id":"0f8fad5b-d9cb-469f-a165-70867728950e",
         "application":{"key":"app","name":"App"\(home.map { ",\"home\":\"\($0)\"" } ?? "")\(appearance.map { ",\"appearance\":\($0)" } ?? "")},
         \(account ? "\"account\":{\"subject_uuid\":\"6f1c0000-0000-4000-8000-000000000001\"}," : "")
         "entities":[\(entities.joined(separator: ","))]}
        """
    }

    func testNavigationOrderHomeFirstAccountLast() throws {
        let p = try plan(planJSON(entities: [entity("alpha"), entity("beta", index: "none"), entity("gamma", index: "protected", icon: "star"), entity("delta")],
                                  home: "delta", account: true))
        let nav = ApplicationNavigation(plan: p)
        XCTAssertEqual(nav.entries.map(\.route), ["/deltas", "/alphas", "/gammas", "/account"])
        XCTAssertEqual(nav.entries.map(\.rank), [1, 2, 3, 4])
        XCTAssertEqual(nav.entries.map(\.icon), [.grid, .grid, .star, .person])
        XCTAssertEqual(nav.entries.last?.id, "account-self:6f1c0000-0000-4000-8000-000000000001")
        XCTAssertEqual(nav.entries.first?.source, "/entities/3")
        XCTAssertEqual(nav.entries.map(\.requiresAccount), [false, false, true, true])
        XCTAssertEqual(nav.entries.map(\.label), ["Deltas", "Alphas", "Gammas", "Account"])
    }

    func testTabLayoutThresholds() throws {
        for (count, name, direct, more) in [(1, "single", 1, 0), (2, "tabs", 2, 0), (5, "tabs", 5, 0), (6, "tabs_with_more", 4, 2), (9, "tabs_with_more", 4, 5)] {
            let p = try plan(planJSON(entities: (0..<count).map { entity("e\(Character(UnicodeScalar(97 + $0)!))") }))
            let layout = try XCTUnwrap(ApplicationNavigation(plan: p).layout)
            XCTAssertEqual(layout.name, name, "\(count)")
            XCTAssertEqual(layout.directRoots.count, direct, "\(count)")
            XCTAssertEqual(layout.moreEntries.count, more, "\(count)")
        }
        XCTAssertNil(ApplicationNavigation(plan: try plan(planJSON(entities: [entity("x", index: "none")]))).layout)
    }

    func testAppearanceDefaultsAndExpansion() throws {
        let bare = AppearanceProjection(plan: try plan(planJSON(entities: [entity("a")])))
        XCTAssertEqual(bare.theme, .light)
        XCTAssertNil(bare.accent)
        XCTAssertEqual(bare.background.light.hex, "#FFFFFF")
        XCTAssertEqual(bare.background.dark.hex, "#000000")
        let scalar = AppearanceProjection(plan: try plan(planJSON(entities: [entity("a")], appearance: "{\"theme\":\"dark\",\"accent\":\"#E4572E\"}")))
        XCTAssertEqual(scalar.accent?.light.hex, "#E4572E")
        XCTAssertEqual(scalar.accent?.dark.hex, "#E4572E")
        XCTAssertEqual(scalar.theme, .dark)
    }

    /// Invariance/sensitivity pairs for the projections the keys read.
    func testProjectionDigestsMoveOnlyWithTheirInputs() throws {
        let base = try plan(planJSON(entities: [entity("a"), entity("b")], appearance: "{\"accent\":\"#E4572E\"}"))
        let accent = try plan(planJSON(entities: [entity("a"), entity("b")], appearance: "{\"accent\":\"#000000\"}"))
        XCTAssertEqual(ApplicationNavigation(plan: base).projection.digest, ApplicationNavigation(plan: accent).projection.digest)
        XCTAssertEqual(IdentityProjection(plan: base, release: "r").digest, IdentityProjection(plan: accent, release: "r").digest)
        let a = AppearanceProjection(plan: base), b = AppearanceProjection(plan: accent)
        XCTAssertNotEqual(a.accentProjection.digest, b.accentProjection.digest)
        XCTAssertEqual(a.backgroundProjection.digest, b.backgroundProjection.digest)
        XCTAssertEqual(a.themeProjection.digest, b.themeProjection.digest)
        XCTAssertNotEqual(IdentityProjection(plan: base, release: "r1").digest, IdentityProjection(plan: base, release: "r2").digest)
        let reordered = try plan(planJSON(entities: [entity("b"), entity("a")], appearance: "{\"accent\":\"#E4572E\"}"))
        XCTAssertNotEqual(ApplicationNavigation(plan: base).projection.digest, ApplicationNavigation(plan: reordered).projection.digest)
    }

    func testCanonicalBytesAreSortedAndCompact() {
        let p = Projection(name: "x", fields: ["b": .int(1), "a": .array([.string("q\""), .bool(true), .null])])
        XCTAssertEqual(p.text, #"{"a":["q\"",true,null],"b":1,"projection":"x","version":1}"#)
        XCTAssertEqual(p.digest, Digest.of(Array(p.text.utf8)))
    }

    /// A projection writes its canonical bytes and per-field digests in one pass: they must be
    /// what encoding the value, and each field's value, on its own gives.
    func testCanonicalBytesAndFieldDigestsMatchTheValue() {
        let p = Projection(name: "entity:movie", version: 3, fields: [
            "title": .string("Movie \"one\"\n\u{e000}😀"), "\u{10000}": .int(1), "\u{ffff}": .bool(true),
            "nested": .object(["b": .array([.null, .int(-2)]), "a": .object([:])]), "none": .null,
        ])
        XCTAssertEqual(p.canonical, p.value.canonical)
        XCTAssertEqual(p.digest, Digest.of(p.value.canonical))
        guard case let .object(members) = p.value else { return XCTFail("not an object") }
        XCTAssertEqual(Set(p.fieldDigests.keys), Set(members.keys))
        for (k, v) in members { XCTAssertEqual(p.fieldDigests[k], Digest.of(v.canonical), k) }
    }
    /// Only the canonical bytes are kept; the value is read back from them. It is the value built,
    /// for every projection the example Plans lower to.
    func testTheValueReadBackIsTheValueBuilt() throws {
        let fields: [String: ProjectionValue] = ["title": .string("a \"b\"\n\u{1}é😀"), "count": .int(-12), "none": .null,
                                                 "flags": .array([.bool(true), .bool(false), .int(0)]), "empty": .object([:])]
        let p = Projection(name: "x", version: 4, fields: fields)
        var all = fields
        all["projection"] = .string("x")
        all["version"] = .int(4)
        XCTAssertEqual(p.value, .object(all))
        var checked = 0
        for name in ["movie-catalog.plan.json", "notes.plan.json", "studio-ops.plan.json"] {
            for lowering in PlanLowering.lower(try LoweringHarness.fixture(name)) {
                for (key, projection) in lowering.projections {
                    XCTAssertEqual(projection.value.canonical, projection.canonical, "\(name) \(key)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 30)
    }

    func testBytesThatAreNoProjectionValueReadAsNil() {
        for text in ["1.5", "{", "[1,]", "1e3", "{\"a\":1} x", ""] {
            XCTAssertNil(ProjectionValue(canonical: Array(text.utf8)), text)
        }
        XCTAssertEqual(ProjectionValue(canonical: Array("[-3,\"s\",null]".utf8)), .array([.int(-3), .string("s"), .null]))
    }

    /// Sources are kept encoded; what is read back is what was given, odd strings, empty lists and
    /// long pointers (multi-byte lengths) included, and equal sources make equal projections
    /// whatever order the dictionary was built in.
    func testSourcesReadBackAsGiven() {
        let long = "/entities/" + String(repeating: "é", count: 200) + "/fields/\u{0}\u{1}\u{7f}"
        let sources: [String: [String]] = [
            "title": ["/entities/0/fields/0", "/a~1b"], "empty": [], "": [""], "ü": [long, "😀"],
            "many": (0 ..< 300).map { "/entities/\($0)" },
        ]
        let p = Projection(name: "entity:movie", fields: ["title": .string("A")], sources: sources)
        XCTAssertEqual(p.sources, sources)
        var reversed: [String: [String]] = [:]
        for key in sources.keys.sorted().reversed() { reversed[key] = sources[key] }
        XCTAssertEqual(Projection(name: "entity:movie", fields: ["title": .string("A")], sources: reversed), p)
        var moved = sources
        moved["title"] = ["/a~1b", "/entities/0/fields/0"]
        XCTAssertNotEqual(Projection(name: "entity:movie", fields: ["title": .string("A")], sources: moved), p, "pointer order counts")
        moved = sources
        moved["empty"] = nil
        XCTAssertNotEqual(Projection(name: "entity:movie", fields: ["title": .string("A")], sources: moved), p, "an empty list counts")
        XCTAssertEqual(Projection(name: "x", fields: [:]).sources, [:])
    }

    /// A projection packed and read back (`Compaction.compacted`) is equal, with the same canonical
    /// bytes, field digests, value and sources; what follows it in the bytes is read intact.
    func testAPackedProjectionReadsBackEqual() {
        let sources: [String: [String]] = ["title": ["/entities/0/fields/0"], "empty": [], "ü": ["/é", "😀"]]
        let fields: [String: ProjectionValue] = ["title": .string("A \u{0}\"é"), "n": .int(-3), "list": .array([.null, .bool(true)])]
        let projections = [Projection(name: "entity:movie", version: 7, fields: fields, sources: sources), Projection(name: "x", fields: [:])]
        var out = BytePacker()
        for p in projections { p.pack(into: &out) }
        out.string("after")
        XCTAssertLessThanOrEqual(out.bytes.count, projections.reduce(0) { $0 + $1.packedSizeBound } + 6)
        var input = ByteUnpacker(out.bytes)
        for p in projections {
            let back = Projection(unpacking: &input)
            XCTAssertEqual(back, p)
            XCTAssertEqual(back.version, p.version)
            XCTAssertEqual(back.canonical, p.canonical)
            XCTAssertEqual(back.fieldDigests, p.fieldDigests)
            XCTAssertEqual(back.value, p.value)
            XCTAssertEqual(back.sources, p.sources)
        }
        XCTAssertEqual(input.string(), "after")
        XCTAssertTrue(input.isAtEnd)
    }
}
