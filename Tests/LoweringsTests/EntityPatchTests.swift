import Foundation
import Tasks
import XCTest
@testable import Lowerings

/// `EntityPatch`: a Plan changed inside one entity's plain fields is lowered for that entity alone,
/// and what that gives is what loading and lowering the whole new Plan gives; anything else is
/// refused, with its reason.
final class EntityPatchTests: XCTestCase {
    private let fixture = "movie-catalog.plan.json"

    private func text() throws -> String { try Fixture.text(fixture) }

    /// `text` with `find` (which must occur once) replaced.
    private func replacing(_ text: String, _ find: String, _ replacement: String, line: UInt = #line) -> String {
        XCTAssertEqual(text.components(separatedBy: find).count, 2, "\(find) occurs once", line: line)
        return text.replacingOccurrences(of: find, with: replacement)
    }

    private func change(_ old: String, _ new: String) throws -> Result<EntityPatch.Change, EntityPatch.Refusal> {
        let base = try XCTUnwrap(EntityBase(try LoweringHarness.loaded(old, file: fixture)))
        return EntityPatch.change(from: base, old: Array(old.utf8), new: Array(new.utf8), file: fixture)
    }

    private let synopsis = "\"key\": \"synopsis\",\n          \"type\": \"text\""
    private let bornOn = "\"key\": \"born_on\",\n          \"type\": \"date\"\n        }"
    private let releasedOn = "\"key\": \"released_on\",\n          \"type\": \"date\""

    /// Changed, added and re-flagged plain fields: the Plan digest, the next base and the entity's
    /// task keys are those of the new Plan loaded and lowered whole.
    func testAPlainFieldChangeGivesWhatTheWholeNewPlanGives() throws {
        let old = try text()
        let edits: [(String, String, String)] = [
            ("movie", synopsis, "\"key\": \"synopsis\",\n          \"type\": \"string\""),
            ("person", bornOn, bornOn + ",\n        { \"key\": \"nickname\", \"type\": \"string\", \"required\": true }"),
            ("movie", releasedOn, releasedOn + ",\n          \"required\": true"),
            ("person", bornOn, bornOn + "   \n\n"),
        ]
        for (entity, find, replacement) in edits {
            let new = replacing(old, find, replacement)
            let full = try LoweringHarness.loaded(new, file: fixture)
            guard case let .success(c) = try change(old, new) else { return XCTFail("\(entity): refused \(try change(old, new))") }
            XCTAssertEqual(c.entity, entity)
            XCTAssertEqual(c.planDigest, full.digest, entity)
            XCTAssertEqual(c.base, EntityBase(full), entity)
            let lowered = RailsLowering.lower(full).tasks
            let ids = Set(c.tasks.map(\.id))
            let expected = lowered.filter { ids.contains($0.id) }
            XCTAssertEqual(expected.count, c.tasks.count, "\(entity): the full lowering has every task of the patch")
            XCTAssertGreaterThanOrEqual(c.tasks.count, 6, entity)
            for (a, b) in zip(c.tasks.sorted { $0.id < $1.id }, expected.sorted { $0.id < $1.id }) {
                XCTAssertEqual(a.path, b.path)
                XCTAssertEqual(TaskKey(task: a, dependencyDigests: [:]), TaskKey(task: b, dependencyDigests: [:]), a.id)
                XCTAssertEqual(try LoweringHarness.render(a), try LoweringHarness.render(b), a.id)
            }
            XCTAssertEqual(c.projections["entity:\(entity)"], RailsLowering.lower(full).projections["entity:\(entity)"], entity)
        }
    }

    /// Each thing the rest of the Plan reads, or that is not one entity's fields, is refused.
    func testEverythingButOneEntitysPlainFieldsIsRefused() throws {
        let old = try text()
        let cases: [(String, String, String, EntityPatch.Refusal)] = [
            ("the same bytes", synopsis, synopsis, .samePlan),
            ("the app's name", "\"name\": \"Movie Catalog\"", "\"name\": \"Film Catalog\"", .outsideOneEntity),
            ("an entity's name", "\"name\": \"Movie\",", "\"name\": \"Film\",", .summaryChanged),
            ("a reference's target", "\"key\": \"director\",\n          \"type\": \"reference\",\n          \"to\": \"person\"",
             "\"key\": \"director\",\n          \"type\": \"reference\",\n          \"to\": \"movie\"", .summaryChanged),
            ("a field before a reference", synopsis, synopsis + "\n        },\n        {\n          \"key\": \"tagline\", \"type\": \"string\"",
             .summaryChanged),
            ("a reserved field key", synopsis, "\"key\": \"type\",\n          \"type\": \"text\"", .diagnostics),
            ("a field key twice", synopsis, "\"key\": \"title\",\n          \"type\": \"text\"", .diagnostics),
            ("an unknown field type", synopsis, "\"key\": \"synopsis\",\n          \"type\": \"novel\"", .unreadable),
            ("a JSON error inside the entity", synopsis, "\"key\": \"synopsis\",\n          \"type\": \"text", .unreadable),
            ("a Plan past the size limit", synopsis, synopsis + String(repeating: " ", count: PlanLimits.fileBytes), .unreadable),
            ("a second entity after it", bornOn + "\n      ]\n    }",
             bornOn + "\n      ]\n    },\n    { \"key\": \"studio\" }", .unreadable),
        ]
        let base = try XCTUnwrap(EntityBase(try LoweringHarness.loaded(old, file: fixture)))
        for (what, find, replacement, refusal) in cases {
            let new = replacing(old, find, replacement)
            guard case let .failure(got) = try change(old, new) else { XCTFail("\(what): not refused"); continue }
            XCTAssertEqual(got, refusal, what)
            // The quick look turns away only what `change` refuses as outside one entity.
            if EntityPatch.mayBeOneEntity(base, old: Array(old.utf8), new: Array(new.utf8)) == false {
                XCTAssertEqual(got, .outsideOneEntity, "\(what): the quick look turned it away")
            }
        }
        XCTAssertFalse(EntityPatch.mayBeOneEntity(base, old: Array(old.utf8), new: Array(replacing(old, "\"name\": \"Movie Catalog\"", "\"name\": \"Film\"").utf8)),
                       "the application")
        // Two entities changed at once.
        let both = replacing(replacing(old, synopsis, "\"key\": \"synopsis\",\n          \"type\": \"string\""), bornOn,
                             bornOn + ",\n        { \"key\": \"nickname\", \"type\": \"string\" }")
        guard case let .failure(got) = try change(old, both) else { return XCTFail("two entities: not refused") }
        XCTAssertEqual(got, .outsideOneEntity)
        XCTAssertFalse(EntityPatch.mayBeOneEntity(base, old: Array(old.utf8), new: Array(both.utf8)), "two entities")
        for (_, find, replacement) in [("", synopsis, "\"key\": \"synopsis\",\n          \"type\": \"string\""), ("", bornOn, bornOn + "   ")] {
            XCTAssertTrue(EntityPatch.mayBeOneEntity(base, old: Array(old.utf8), new: Array(replacing(old, find, replacement).utf8)))
        }
    }

    /// The index around one entity gives its spec what the whole index gives it, for every entity
    /// of every example (references, self-references, parents, children).
    func testTheIndexAroundAnEntityIsTheWholeIndexForIt() throws {
        for fixture in Fixture.names {
            let plan = try LoweringHarness.fixture(fixture).plan
            let whole = RailsEntitySpec.PlanIndex(plan)
            for e in plan.entities {
                XCTAssertEqual(RailsEntitySpec(entity: e, lookup: RailsEntitySpec.PlanIndex(plan, around: e), migrationVersion: "1"),
                               RailsEntitySpec(entity: e, lookup: whole, migrationVersion: "1"), "\(fixture) \(e.key)")
            }
        }
    }

    /// A base reads back as it was packed; cut short anywhere, or with a byte changed in its
    /// counts, it is nil rather than a crash or another base.
    func testABaseReadsBackAndNoCutOrCorruptCopyDoes() throws {
        for fixture in Fixture.names {
            let base = try XCTUnwrap(EntityBase(try LoweringHarness.fixture(fixture)))
            let packed = base.packed()
            XCTAssertEqual(EntityBase(unpacking: packed), base, fixture)
            for n in stride(from: 0, to: packed.count, by: max(1, packed.count / 300)) {
                XCTAssertNil(EntityBase(unpacking: Array(packed[..<n])), "\(fixture) cut at \(n)")
            }
            XCTAssertNil(EntityBase(unpacking: packed + [0]), fixture)
            var schema = packed
            schema[3] ^= 1
            XCTAssertNil(EntityBase(unpacking: schema), fixture)
        }
    }
}
