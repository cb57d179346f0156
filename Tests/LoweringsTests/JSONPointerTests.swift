import XCTest
@testable import Lowerings

/// A pointer is a chain of shared nodes; these pin that it still behaves as its list of tokens.
final class JSONPointerTests: XCTestCase {
    func testEveryWayOfMakingAPointerGivesTheSameTokensTextEqualityAndHash() {
        let appended = JSONPointer.root.appending("entities").appending(2).appending("a/b~c")
        let listed = JSONPointer(tokens: ["entities", "2", "a/b~c"])
        let parsed = JSONPointer("/entities/2/a~1b~0c")!
        for p in [appended, listed, parsed] {
            XCTAssertEqual(p.tokens, ["entities", "2", "a/b~c"])
            XCTAssertEqual(p.description, "/entities/2/a~1b~0c")
            XCTAssertEqual(p.depth, 3)
            XCTAssertFalse(p.isRoot)
        }
        XCTAssertEqual(appended, listed)
        XCTAssertEqual(listed, parsed)
        XCTAssertEqual(Set([appended, listed, parsed]).count, 1)
        XCTAssertEqual([appended: 1][parsed], 1)
    }

    func testPointersThatDifferAnywhereAreUnequal() {
        let base = JSONPointer.root.appending("entities")
        let a = base.appending(1).appending("key")
        XCTAssertNotEqual(a, base.appending(2).appending("key"), "differs above a shared-looking suffix")
        XCTAssertNotEqual(a, base.appending(1), "a prefix")
        XCTAssertNotEqual(a, JSONPointer(tokens: ["entities", "1", "key", ""]), "an empty last token")
        XCTAssertNotEqual(JSONPointer.root, JSONPointer(tokens: [""]), "the root is not the empty token")
        XCTAssertEqual(JSONPointer(tokens: [""]).description, "/")
        XCTAssertEqual(Set([a, base, base.appending(1), JSONPointer.root, JSONPointer(tokens: [""])]).count, 5)
    }

    func testParentsAndTheRoot() {
        let p = JSONPointer("/a/b")!
        XCTAssertEqual(p.parent, JSONPointer("/a")!)
        XCTAssertEqual(p.parent.parent, .root)
        XCTAssertEqual(JSONPointer.root.parent, .root)
        XCTAssertTrue(JSONPointer("")!.isRoot)
        XCTAssertEqual(JSONPointer.root.tokens, [])
        XCTAssertEqual(JSONPointer.root.description, "")
        XCTAssertNil(JSONPointer("a/b"))
        XCTAssertNil(JSONPointer("/a~2"))
        // A parent's own appending does not change the child made before.
        let child = p.appending("c")
        _ = p.appending("d")
        XCTAssertEqual(child.description, "/a/b/c")
    }

    func testOrderIsTheEscapedTextsByteOrder() {
        let texts = ["/b", "/a/c", "/a", "", "/a~1b", "/a/b", "/a/10", "/a/9"]
        let sorted = texts.map { JSONPointer($0)! }.sorted().map(\.description)
        XCTAssertEqual(sorted, texts.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    func testAParsedPlanNamesItsValuesByPointer() throws {
        let text = #"{"entities":[{"key":"a"},{"key":"b","fields":[{"name":"x"}]}]}"#
        let document = JSONReader.read(Array(text.utf8), file: "p.json")
        XCTAssertEqual(document.diagnostics, [])
        guard let root = document.root, case .object(let top) = root.kind, case .array(let entities) = top[0].value.kind,
              case .object(let second) = entities[1].kind, case .array(let fields) = second[1].value.kind,
              case .object(let field) = fields[0].kind else { return XCTFail("shape") }
        XCTAssertEqual(entities[1].pointer.description, "/entities/1")
        XCTAssertEqual(field[0].value.pointer.description, "/entities/1/fields/0/name")
        XCTAssertEqual(field[0].value.pointer, JSONPointer(tokens: ["entities", "1", "fields", "0", "name"]))
    }
}
