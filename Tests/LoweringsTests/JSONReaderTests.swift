import XCTest
@testable import Lowerings

final class JSONReaderTests: XCTestCase {
    func read(_ text: String) -> JSONDocument { JSONReader.read(Array(text.utf8), file: "t.json") }

    func testPositionsAndPointersOfNestedValues() throws {
        let text = """
        {
          "a": [1, {"b/c": true, "m~n": null}],
          "é": "x"
        }
        """
        let doc = read(text)
        XCTAssertEqual(doc.diagnostics, [])
        let root = try XCTUnwrap(doc.root)
        XCTAssertEqual(root.position, SourcePosition(line: 1, column: 1, offset: 0))
        let a = try XCTUnwrap(root["a"])
        XCTAssertEqual(a.position.description, "2:8")
        XCTAssertEqual(a.pointer.description, "/a")
        guard case .array(let elements) = a.kind else { return XCTFail("not an array") }
        XCTAssertEqual(elements[0].position.description, "2:9")
        XCTAssertEqual(elements[1].pointer.description, "/a/1")
        let bc = try XCTUnwrap(elements[1]["b/c"])
        XCTAssertEqual(bc.pointer.description, "/a/1/b~1c")
        XCTAssertEqual(bc.position.description, "2:20")
        XCTAssertEqual(bc.kind, .bool(true))
        let mn = try XCTUnwrap(elements[1]["m~n"])
        XCTAssertEqual(mn.pointer.description, "/a/1/m~0n")
        XCTAssertEqual(mn.kind, .null)
        // Columns count Unicode scalars: "é" is one column.
        let e = try XCTUnwrap(root["é"])
        XCTAssertEqual(e.position.description, "3:8")
        XCTAssertEqual(e.pointer.description, "/é")
        guard case .object(let members) = root.kind else { return XCTFail("not an object") }
        XCTAssertEqual(members.map(\.key), ["a", "é"])
        XCTAssertEqual(members[1].keyPosition.description, "3:3")
    }

    func testPointerRoundTripAndEscaping() {
        let p = JSONPointer.root.appending("a~/b").appending(3)
        XCTAssertEqual(p.description, "/a~0~1b/3")
        XCTAssertEqual(JSONPointer("/a~0~1b/3"), p)
        XCTAssertEqual(JSONPointer(""), .root)
        XCTAssertNil(JSONPointer("a"))
        XCTAssertNil(JSONPointer("/a~2"))
        XCTAssertEqual(JSONPointer.escape("~1"), "~01")
    }

    func testStringEscapesAndSurrogatePairs() throws {
        let doc = read(#"["\"\\\/\b\f\n\r\t", "\u00e9\u0041", "\ud83c\udfac", "🎬", "a\u0000b"]"#)
        XCTAssertEqual(doc.diagnostics, [])
        guard case .array(let values) = try XCTUnwrap(doc.root).kind else { return XCTFail() }
        XCTAssertEqual(values.map(\.kind), [
            .string("\"\\/\u{8}\u{C}\n\r\t"), .string("éA"), .string("🎬"), .string("🎬"), .string("a\u{0}b"),
        ])
        XCTAssertEqual(values[4].position.description, "1:59")  // "🎬" is one column
    }

    func testNumbersKeepLexemeAndValue() throws {
        let doc = read("[1.50e1, -0, 12]")
        guard case .array(let values) = try XCTUnwrap(doc.root).kind,
              case .number(let a) = values[0].kind, case .number(let b) = values[1].kind,
              case .number(let c) = values[2].kind else { return XCTFail() }
        XCTAssertEqual(a.lexeme, "1.50e1")
        XCTAssertEqual(a.doubleValue, 15)
        XCTAssertEqual(a.integerValue, 15)
        XCTAssertEqual(a.canonical, "15")
        XCTAssertEqual(b.canonical, "0")
        XCTAssertEqual(c.integerValue, 12)
    }

    func testLineBreaksCountCRLFOnce() throws {
        let doc = read("{\r\n\"a\":\r\n 1,\r\"b\": 2}")
        let root = try XCTUnwrap(doc.root)
        XCTAssertEqual(root["a"]?.position.description, "3:2")
        XCTAssertEqual(root["b"]?.position.description, "4:6")
    }

    func testSyntaxErrorsHaveCodeAndPosition() {
        let cases: [(String, DiagnosticCode, String, UInt)] = [
            ("", .jsonEmpty, "1:1", #line),
            ("  \n ", .jsonEmpty, "2:2", #line),
            ("{\"a\":1,}", .jsonTrailingComma, "1:7", #line),
            ("[1,\n 2,\n]", .jsonTrailingComma, "2:3", #line),
            ("{\"a\":1 // note\n}", .jsonComment, "1:8", #line),
            ("/* c */ {}", .jsonComment, "1:1", #line),
            ("{a:1}", .jsonKeyNotString, "1:2", #line),
            ("{1:1}", .jsonKeyNotString, "1:2", #line),
            ("[01]", .jsonNumberInvalid, "1:2", #line),
            ("[1.]", .jsonNumberInvalid, "1:4", #line),
            ("[-]", .jsonNumberInvalid, "1:3", #line),
            ("[1e]", .jsonNumberInvalid, "1:4", #line),
            ("[+1]", .jsonNumberInvalid, "1:2", #line),
            ("[.5]", .jsonNumberInvalid, "1:2", #line),
            ("[1e1234567890]", .jsonNumberOutOfRange, "1:2", #line),
            ("\"abc", .jsonStringUnterminated, "1:1", #line),
            ("[\"a\\x\"]", .jsonStringInvalidEscape, "1:4", #line),
            ("[\"\\u12G4\"]", .jsonStringInvalidEscape, "1:3", #line),
            ("[\"\\ud800\"]", .jsonStringLoneSurrogate, "1:3", #line),
            ("[\"\\ud800\\u0041\"]", .jsonStringLoneSurrogate, "1:3", #line),
            ("[\"é\\udc00\"]", .jsonStringLoneSurrogate, "1:4", #line),
            ("[\"a\tb\"]", .jsonStringControlCharacter, "1:4", #line),
            ("[\"a\nb\"]", .jsonStringControlCharacter, "1:4", #line),
            ("[tru]", .jsonInvalidLiteral, "1:2", #line),
            ("[True]", .jsonInvalidLiteral, "1:2", #line),
            ("[NaN]", .jsonInvalidLiteral, "1:2", #line),
            ("['a']", .jsonUnexpectedCharacter, "1:2", #line),
            ("{\"a\" 1}", .jsonUnexpectedCharacter, "1:6", #line),
            ("[1 2]", .jsonUnexpectedCharacter, "1:4", #line),
            ("{\"a\":1 \"b\":2}", .jsonUnexpectedCharacter, "1:8", #line),
            ("[é]", .jsonUnexpectedCharacter, "1:2", #line),
            ("{} x", .jsonTrailingContent, "1:4", #line),
            ("[1", .jsonUnexpectedEnd, "1:3", #line),
            ("{\"a\":", .jsonUnexpectedEnd, "1:6", #line),
            ("\u{FEFF}{}", .jsonByteOrderMark, "1:1", #line),
            (String(repeating: "[", count: 300), .jsonTooDeep, "1:257", #line),
        ]
        for (text, code, position, line) in cases {
            let doc = read(text)
            XCTAssertNil(doc.root, "root for \(text.debugDescription)", line: line)
            XCTAssertEqual(doc.diagnostics.map(\.code), [code], "codes for \(text.debugDescription)", line: line)
            XCTAssertEqual(doc.diagnostics.first?.position.description, position, "for \(text.debugDescription)", line: line)
        }
    }

    func testInvalidUTF8() {
        let inString = JSONReader.read([0x5B, 0x22, 0x61, 0xC3, 0x28, 0x22, 0x5D], file: "t.json")
        XCTAssertEqual(inString.diagnostics.map(\.code), [.jsonInvalidUTF8])
        XCTAssertEqual(inString.diagnostics.first?.position.description, "1:4")
        let overlong = JSONReader.read([0x22, 0xC0, 0xAF, 0x22], file: "t.json")
        XCTAssertEqual(overlong.diagnostics.map(\.code), [.jsonInvalidUTF8])
        let encodedSurrogate = JSONReader.read([0x22, 0xED, 0xA0, 0x80, 0x22], file: "t.json")
        XCTAssertEqual(encodedSurrogate.diagnostics.map(\.code), [.jsonInvalidUTF8])
        let outside = JSONReader.read([0x5B, 0xFF, 0x5D], file: "t.json")
        XCTAssertEqual(outside.diagnostics.map(\.code), [.jsonInvalidUTF8])
    }

    func testSyntaxErrorNamesThePointerWhereItHappened() {
        let doc = read("{\"a\": {\"b\": [1, tru]}}")
        XCTAssertEqual(doc.diagnostics.first?.pointer.description, "/a/b/1")
        XCTAssertEqual(doc.diagnostics.first?.description,
                       "t.json:1:17: error[json.invalid_literal]: /a/b/1: tru is not a JSON value; quote text as a \"string\", or use true, false or null")
    }

    func testDuplicateKeysAreAllReportedWithBothPositionsAndFirstIsKept() throws {
        let doc = read("{\"a\": 1,\n \"b\": {\"x\": 1, \"x\": 2},\n \"a\": 3}")
        XCTAssertEqual(summary(doc.diagnostics), ["json.duplicate_key /b/x", "json.duplicate_key /a"])
        XCTAssertEqual(doc.diagnostics.map(\.position.description), ["2:16", "3:2"])
        XCTAssertTrue(doc.diagnostics[1].message.contains("already defined at 1:2"), doc.diagnostics[1].message)
        let root = try XCTUnwrap(doc.root)
        XCTAssertEqual(root["a"]?.kind, .number(JSONNumber(lexeme: "1")!))
    }

    /// Objects of every size around the point where the reader switches from scanning the members
    /// to a map of seen keys: each repeated key is reported against its first position, and the
    /// first value is kept.
    func testDuplicateKeysInLargeObjectsToo() throws {
        for count in [1, 15, 16, 17, 40] {
            var members = (0..<count).map { "\"k\($0)\": \($0)" }
            // Repeat the first key and the last one, after the others.
            members.append("\"k0\": 100")
            members.append("\"k\(count - 1)\": 200")
            let doc = read("{" + members.joined(separator: ", ") + "}")
            let expected = count == 1 ? ["json.duplicate_key /k0", "json.duplicate_key /k0"] : ["json.duplicate_key /k0", "json.duplicate_key /k\(count - 1)"]
            XCTAssertEqual(summary(doc.diagnostics), expected, "\(count) members")
            XCTAssertTrue(doc.diagnostics.allSatisfy { $0.message.contains("already defined at 1:") }, "\(count)")
            let root = try XCTUnwrap(doc.root)
            XCTAssertEqual(root["k0"]?.kind, .number(JSONNumber(lexeme: "0")!), "\(count): the first is kept")
            if case let .object(kept) = root.kind { XCTAssertEqual(kept.count, count, "\(count)") } else { XCTFail("not an object") }
        }
    }

    func testEveryTruncationIsASyntaxDiagnosticNotACrash() throws {
        let bytes = try Fixture.bytes("notes.plan.json")
        for length in 0..<bytes.count {
            let prefix = Array(bytes[..<length])
            let doc = JSONReader.read(prefix, file: "t.json")
            // The only complete prefix is the whole object (the file ends with a newline).
            if length < bytes.count - 1 {
                XCTAssertNil(doc.root, "prefix \(length)")
                XCTAssertEqual(doc.diagnostics.count, 1, "prefix \(length)")
            }
        }
    }

    func testCorruptedBytesNeverCrash() throws {
        let bytes = try Fixture.bytes("studio-ops.plan.json")
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15  // fixed seed
        for _ in 0..<500 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            var copy = bytes
            copy[Int(state >> 33) % copy.count] = UInt8(truncatingIfNeeded: state >> 17)
            let result = PlanLoader.load(bytes: copy, file: "t.json")
            if result.loadedPlan == nil { XCTAssertFalse(result.diagnostics.isEmpty) }
            for d in result.diagnostics { XCTAssertGreaterThanOrEqual(d.line, 1); XCTAssertGreaterThanOrEqual(d.column, 1) }
        }
    }
}
