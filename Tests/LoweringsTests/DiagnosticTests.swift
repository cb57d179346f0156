import XCTest
@testable import Lowerings

final class DiagnosticTests: XCTestCase {
    func d(_ line: Int, _ column: Int, _ code: DiagnosticCode, _ pointer: String = "/a") -> Diagnostic {
        Diagnostic(file: "plan.json", position: SourcePosition(line: line, column: column, offset: 0),
                   pointer: JSONPointer(pointer)!, code: code, message: "m")
    }

    func testRendering() {
        XCTAssertEqual(d(14, 17, .iosDomainLabelInvalid, "/application/domain").description,
                       "plan.json:14:17: error[ios.identity.domain_label_invalid]: /application/domain: m")
        XCTAssertEqual(d(1, 1, .jsonEmpty, "").description, "plan.json:1:1: error[json.empty]: m")
        var warning = d(2, 3, .unknownKey, "/a~1b")
        warning.severity = .warning
        XCTAssertEqual(warning.description, "plan.json:2:3: warning[plan.unknown_key]: /a~1b: m")
    }

    func testSortsByLineColumnThenCode() {
        let unsorted = [d(3, 1, .nameEmpty), d(2, 9, .wrongType), d(2, 9, .missingKey), d(2, 10, .colorInvalid), d(10, 1, .jsonComment)]
        XCTAssertEqual(unsorted.sorted().map { "\($0.position) \($0.code.rawValue)" },
                       ["2:9 plan.missing_key", "2:9 plan.wrong_type", "2:10 plan.appearance.color_invalid",
                        "3:1 plan.name.empty", "10:1 json.comment"])
    }

    func testCodesAreUniqueAndWellFormed() {
        let raw = DiagnosticCode.allCases.map(\.rawValue)
        XCTAssertEqual(Set(raw).count, raw.count)
        for code in raw {
            XCTAssertTrue(["json.", "plan.", "native.", "ios.", "android.", "rails."].contains { code.hasPrefix($0) }, code)
            XCTAssertTrue(code.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "_" }, code)
        }
    }

    func testColorParsing() {
        XCTAssertEqual(RGBColor(hex: "#e4572e"), RGBColor(red: 0xE4, green: 0x57, blue: 0x2E))
        XCTAssertEqual(RGBColor(hex: "#e4572e")?.hex, "#E4572E")
        for bad in ["E4572E", "#E4572", "#E4572E0", "#E4572G", "#+12345", "#-1-2-3", ""] {
            XCTAssertNil(RGBColor(hex: bad), bad)
        }
        XCTAssertEqual(Color.scalar(RGBColor(red: 1, green: 2, blue: 3)).dark, RGBColor(red: 1, green: 2, blue: 3))
    }

    func testLoadingIsDeterministic() throws {
        let bytes = try Fixture.bytes("movie-catalog.plan.json")
        let first = PlanLoader.load(bytes: bytes, file: "p")
        for _ in 0..<10 { XCTAssertEqual(PlanLoader.load(bytes: bytes, file: "p"), first) }
        let broken = Array(String(decoding: bytes, as: UTF8.self)
            .replacingOccurrences(of: "\"public\"", with: "\"open\"").utf8)
        let failures = PlanLoader.load(bytes: broken, file: "p")
        XCTAssertEqual(failures.diagnostics.map(\.code), [.entityIndexUnknown, .entityIndexUnknown])
        for _ in 0..<10 { XCTAssertEqual(PlanLoader.load(bytes: broken, file: "p"), failures) }
    }
}
