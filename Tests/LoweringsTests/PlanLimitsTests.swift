import Foundation
import Tasks
import XCTest
@testable import Lowerings

/// The length limits of Plan format v1 hold what they promise: a Plan whose every key is at the
/// limit lowers to paths the disk can hold, and one byte more is a positioned diagnostic.
final class PlanLimitsTests: XCTestCase {
    /// What the materializer adds to a file name while writing it (`.orchestrate-tmp-<pid>-<counter>-`
    /// with a 7-digit pid and a 10-digit counter; Tasks/Materializer.swift).
    static let temporaryPrefix = ".orchestrate-tmp-4194304-9999999999-".utf8.count

    /// A studio-ops-like Plan with two entities (one nested below the other, with a reference)
    /// whose keys, plural keys and field keys are all `PlanLimits.keyBytes` long.
    static func longestKeys() throws -> LoadedPlan {
        let n = PlanLimits.keyBytes
        let parent = String(repeating: "p", count: n), parents = String(repeating: "q", count: n)
        let child = String(repeating: "c", count: n), children = String(repeating: "d", count: n)
        var plan = JSONEdit.parse(try Fixture.text("notes.plan.json"))
        plan = JSONEdit.set(plan, "/entities/0/key", parent)
        plan = JSONEdit.set(plan, "/entities/0/plural_key", parents)
        plan = JSONEdit.set(plan, "/entities/0/fields/0/key", String(repeating: "t", count: n))
        plan = JSONEdit.set(plan, "/entities/1", [
            "key": child, "plural_key": children, "uuid": "51700d5c-f1a8-5d71-98f6-6182afe4a3ab", "name": "Child",
            "plural": "Children", "index": "public", "forms": true, "parent": parent,
            "fields": [["key": parent, "type": "reference", "to": parent, "required": true]],
        ] as [String: Any])
        return try LoweringHarness.loaded(JSONEdit.serialize(plan))
    }

    func testEveryPathOfAPlanAtTheKeyLimitFitsTheDisk() throws {
        let paths = PlanLowering.lower(try Self.longestKeys()).flatMap(\.tasks).map(\.path)
        let longestComponent = paths.flatMap { $0.split(separator: "/") }.map(\.utf8.count).max()!
        let longestPath = paths.map(\.utf8.count).max()!
        XCTAssertTrue(paths.contains { $0.hasSuffix("_create_" + String(repeating: "q", count: PlanLimits.keyBytes) + ".rb") }, "\(paths)")
        XCTAssertEqual(longestComponent, PlanLimits.keyBytes + 25, "the migration is the longest component")
        XCTAssertLessThanOrEqual(longestComponent + Self.temporaryPrefix, 255, "NAME_MAX, while the materializer writes it")
        XCTAssertLessThanOrEqual(longestPath, 110)
    }

    func testOneByteOverTheLimitIsADiagnosticAtTheKey() throws {
        var plan = JSONEdit.parse(try Fixture.text("notes.plan.json"))
        plan = JSONEdit.set(plan, "/entities/0/plural_key", String(repeating: "q", count: PlanLimits.keyBytes + 1))
        let result = load(JSONEdit.serialize(plan))
        XCTAssertNil(result.loadedPlan)
        XCTAssertEqual(summary(result.diagnostics), ["plan.entity.key_too_long /entities/0/plural_key"])
        XCTAssertEqual(result.diagnostics.first?.message,
                       "this value is 64 bytes; an entity key or plural key holds at most 63 (UTF-8): shorten it")
    }

    /// A 100 000-byte value for a closed set once went through an edit distance against every
    /// choice; the length limit stops it first, in well under a second.
    func testLongValuesAreRejectedQuickly() throws {
        var plan = JSONEdit.parse(try Fixture.text("notes.plan.json"))
        plan = JSONEdit.set(plan, "/entities/0/icon", String(repeating: "f", count: 1_000_000))
        plan = JSONEdit.set(plan, "/entities/0/" + String(repeating: "k", count: 1_000_000), 1)
        let start = Date()
        let result = load(JSONEdit.serialize(plan))
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
        XCTAssertEqual(Set(result.diagnostics.map(\.code)), [.stringTooLong, .unknownKey])
        XCTAssertTrue(result.diagnostics.allSatisfy { $0.message.utf8.count < 400 }, "\(result.diagnostics.map(\.message.utf8.count))")
    }
}
