import XCTest
@testable import Lowerings

final class JSONNumberTests: XCTestCase {
    func testCanonicalSpellingOfEqualValuesAgrees() {
        let groups: [[String]] = [
            ["1", "1.0", "1e0", "10e-1", "0.1e1", "1.000E+0"],
            ["0", "-0", "0.0", "-0.0e5", "0e-3"],
            ["100", "1e2", "1E+2", "100.00"],
            ["0.5", "5e-1", "50E-2"],
            ["-12.25", "-1225e-2"],
        ]
        for group in groups {
            let spellings = Set(group.map { JSONNumber(lexeme: $0)!.canonical })
            XCTAssertEqual(spellings.count, 1, "\(group) → \(spellings)")
        }
    }

    func testCanonicalLayout() {
        let cases = [
            ("1", "1"), ("-0", "0"), ("12.25", "12.25"), ("0.000001", "0.000001"), ("1e-7", "1e-7"),
            ("123456789012345678901", "123456789012345678901"), ("1e21", "1e+21"), ("1.5e300", "1.5e+300"),
            ("-2.50e-10", "-2.5e-10"), ("1e400", "1e+400"), ("0.1", "0.1"),
            ("12345678901234567890123", "1.2345678901234567890123e+22"),
        ]
        for (lexeme, canonical) in cases {
            XCTAssertEqual(JSONNumber(lexeme: lexeme)?.canonical, canonical, lexeme)
        }
    }

    func testIntegerValueIsExact() {
        XCTAssertEqual(JSONNumber(lexeme: "1.0")?.integerValue, 1)
        XCTAssertEqual(JSONNumber(lexeme: "1e0")?.integerValue, 1)
        XCTAssertEqual(JSONNumber(lexeme: "-42")?.integerValue, -42)
        XCTAssertNil(JSONNumber(lexeme: "1.5")?.integerValue)
        XCTAssertNil(JSONNumber(lexeme: "1e30")?.integerValue)
    }

    func testRejectsWhatRFC8259Rejects() {
        for lexeme in ["", "-", "01", "1.", ".5", "+1", "1e", "1e+", "0x10", "1 ", "1e1234567890"] {
            XCTAssertNil(JSONNumber(lexeme: lexeme), lexeme)
        }
    }
}
