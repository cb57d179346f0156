import Cache
import XCTest
@testable import Lowerings

final class CanonicalJSONTests: XCTestCase {
    func canonical(_ text: String) -> String {
        let doc = JSONReader.read(Array(text.utf8), file: "t.json")
        return String(decoding: CanonicalJSON.encode(doc.root!), as: UTF8.self)
    }

    func testSortsKeysDropsWhitespaceAndEscapesMinimally() {
        XCTAssertEqual(canonical(#" { "b" : [ 1.0 , true , null ] , "a" : { "z": "\u00e9\/\"\\\n\u0001\u007f" , "y": -0 } } "#),
                       "{\"a\":{\"y\":0,\"z\":\"é/\\\"\\\\\\n\\u0001\u{7F}\"},\"b\":[1,true,null]}")
    }

    func testKeysSortByUTF16CodeUnits() {
        // U+FF61 sorts after U+1F600 in UTF-8 byte order but before it in UTF-16 code units (RFC 8785).
        XCTAssertEqual(canonical("{\"😀\": 1, \"｡\": 2, \"a\": 3}"), "{\"a\":3,\"😀\":1,\"｡\":2}")
    }

    // MARK: Plan digest

    func digest(_ text: String) -> Digest? { load(text).loadedPlan?.digest }

    func testDigestIgnoresWhitespaceKeyOrderAndNumberSpelling() throws {
        let fixture = try Fixture.text("notes.plan.json")
        let original = try XCTUnwrap(digest(fixture))
        let reformatted = fixture.replacingOccurrences(of: "\n", with: "\r\n\t  ")
        XCTAssertEqual(digest(reformatted), original, "whitespace")
        let reordered = """
        {"entities":[{"fields":[{"type":"string","required":true,"key":"title"},{"type":"text","key":"body"}],
        "forms":true,"index":"public","icon":"document","plural":"Notes","name":"Note",
        "uuid":"51700d5c-f1a8-5d71-98f6-6182afe4a3aa","plural_key":"notes","key":"note"}],
        "application":{"native":{"ios":{}},"name":"Notes","key":"notes"},
        "project_id":"f75076b4-59b0-5325-813f-ccb9bd82aacf","plan_format":1.0}
        """
        XCTAssertEqual(digest(reordered), original, "key order and 1.0")
        XCTAssertEqual(digest(fixture.replacingOccurrences(of: "\"plan_format\": 1,", with: "\"plan_format\": 1e0,")), original, "1e0")
        XCTAssertEqual(digest(fixture.replacingOccurrences(of: "\"Notes\"", with: "\"\\u004eotes\"")), original, "escape")
    }

    func testDigestChangesWithAnyValue() throws {
        let fixture = try Fixture.text("notes.plan.json")
        let original = try XCTUnwrap(digest(fixture))
        let changes: [(String, String)] = [
            ("\"name\": \"Notes\"", "\"name\": \"Notez\""),
            ("\"required\": true", "\"required\": false"),
            ("\"icon\": \"document\",", ""),
            ("\"icon\": \"document\"", "\"icon\": \"book\""),
            ("f75076b4", "f75076b5"),
            ("\"native\": {\n      \"ios\": {}\n    }", "\"native\": {\n      \"android\": {}\n    }"),
        ]
        for (from, to) in changes {
            let changed = fixture.replacingOccurrences(of: from, with: to)
            XCTAssertNotEqual(changed, fixture, "edit \(from) did not apply")
            let d = try XCTUnwrap(digest(changed), from)
            XCTAssertNotEqual(d, original, from)
        }
        // Array order is meaning: swapping two fields changes the digest.
        var value = JSONEdit.parse(fixture)
        let fields = (((value as! [String: Any])["entities"] as! [Any])[0] as! [String: Any])["fields"] as! [Any]
        value = JSONEdit.set(value, "/entities/0/fields", Array(fields.reversed()))
        XCTAssertNotEqual(digest(JSONEdit.serialize(value)), original)
    }

    func testDigestIsSHA256OfCanonicalBytes() throws {
        let loaded = try XCTUnwrap(load(try Fixture.text("notes.plan.json")).loadedPlan)
        XCTAssertEqual(loaded.digest, Digest.of(loaded.canonical))
        XCTAssertTrue(String(decoding: loaded.canonical, as: UTF8.self).hasPrefix(
            "{\"application\":{\"key\":\"notes\",\"name\":\"Notes\",\"native\":{\"ios\":{}}},\"entities\":[{\"fields\":"))
    }

    /// Cross-checked with `json.dumps(sort_keys=True, separators=(",", ":"), ensure_ascii=False)` + sha256 in Python.
    func testPinnedDigests() throws {
        let pinned = [
            "notes.plan.json": "33bd725453f89f0858a777c5f03d674c4581f830800d67818b9b9cb0e481325e",
            "movie-catalog.plan.json": "1818db9497567d1715e7a803ecdf861bd13a9e7b6d2e81c937881e537cce6b89",
            "studio-ops.plan.json": "62fec677d78cb105d40c57f2f691bfc65b5e823c01c5e7d17f2ac48eef8fc517",
        ]
        for (name, hex) in pinned {
            let loaded = try XCTUnwrap(PlanLoader.load(bytes: try Fixture.bytes(name), file: name).loadedPlan, name)
            XCTAssertEqual(loaded.digest.hex, hex, name)
        }
    }

    /// JCS sorts keys by UTF-16 code units; `keyPrecedes` decides from the UTF-8 bytes and must
    /// agree everywhere, including where UTF-16 and code point order part (U+E000…U+FFFF
    /// against characters above U+FFFF).
    func testKeyOrderIsUTF16Order() {
        let keys = ["", "a", "A", "ab", "a_b", "é", "e\u{301}", "\u{e000}", "\u{ffff}", "\u{fffd}x", "\u{10000}", "😀", "😀a",
                    "\u{7ff}", "\u{800}", "z\u{e000}", "z\u{10000}", "\u{d7ff}"]
        for a in keys {
            for b in keys {
                XCTAssertEqual(CanonicalJSON.keyPrecedes(a, b), a.utf16.lexicographicallyPrecedes(b.utf16), "\(a.unicodeScalars.map(\.value)) vs \(b.unicodeScalars.map(\.value))")
            }
        }
    }
}
