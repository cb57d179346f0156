import Foundation
import XCTest
@testable import Lowerings

/// The schema's patterns say what the validator's checks say, and `$schema` is editor metadata.
final class PlanShapeTests: XCTestCase {
    static let samples = [
        "", "a", "A", "a1", "1a", "a_b", "a__b", "_a", "a_", "ab_c_d", "a-b", "movie", "watchlist_items", "x_ray", "v2_item",
        "ünï", "a b", "a\n", "movie-catalog", "a+b.c", "-ab", "+ab", "a%b", "\na", String(repeating: "k", count: 63), String(repeating: "k", count: 64), "map", "map-view", "Map",
        "#E4572E", "#e4572e", "#FFF", "E4572E", "#E4572E0", "#GGGGGG", "#+12345", "#-12345", "#12 456", "#E4572E\n",
        "0f8fad5b-d9cb-469f-a165-70867728950e", "0F8FAD5B-D9CB-469F-A165-70867728950E", "0f8fad5bd9cb469fa16570867728950e",
        "1", "1.0", "1.2.3", "0.0.0", "10.20.30", "123456789.0", "1234567890", "1.2.3.4", "01.2", "1.02", "1.", ".1", "1..2",
        "1.2.3-rc1", "v1.2", "1.2.3\n", "١.٢",
        "0f8fad5b-d9cb-469f-a165-70867728950e\n", "0f8fad5b-d9cb-469f-a165-70867728950", "gf8fad5b-d9cb-469f-a165-70867728950e",
    ]

    func testPatternsAgreeWithTheValidatorsChecks() throws {
        let pairs: [(String, String, (String) -> Bool)] = [
            ("uuid", PlanShape.uuidPattern, PlanValidator.isUUID),
            ("application key", PlanShape.applicationKeyPattern, PlanValidator.isApplicationKey),
            ("snake case", PlanShape.snakeCasePattern, PlanValidator.isSnakeCase),
            ("color", PlanShape.colorPattern, { RGBColor(hex: $0) != nil }),
            ("native id", PlanShape.nativeIDPattern, PlanValidator.isNativeID),
            ("url scheme", PlanShape.schemePattern, Links.isScheme),
            ("release version", PlanShape.releaseVersionPattern, ReleaseVersion.isValid),
        ]
        for (what, pattern, check) in pairs {
            // ECMA-262's `$` matches only at the end (no multiline flag), as NSRegularExpression's
            // does with .anchorsMatchLines off, except before a final "\n": tested separately below.
            let regex = try NSRegularExpression(pattern: pattern)
            for s in Self.samples where !s.hasSuffix("\n") {
                let matches = regex.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) != nil
                XCTAssertEqual(matches, check(s), "\(what): \(s.debugDescription)")
            }
            for s in Self.samples where s.hasSuffix("\n") { XCTAssertFalse(check(s), "\(what): \(s.debugDescription)") }
        }
    }

    func testSchemaKeyIsAcceptedAndLeftOutOfThePlanDigest() throws {
        let plain = #"{"plan_format": 1, "project_id": "0f8fad5b-d9cb-469f-a165-70867728950e", "application": {"key": "a", "name": "A"}, "entities": []}"#
        let with = #"{"$schema": "../schema/plan-v1.schema.json", "plan_format": 1, "project_id": "0f8fad5b-d9cb-469f-a165-70867728950e", "application": {"key": "a", "name": "A"}, "entities": []}"#
        let other = with.replacingOccurrences(of: "../schema", with: "https://example.com")
        let digests = try [plain, with, other].map { text -> String in
            let loaded = try XCTUnwrap(PlanLoader.load(bytes: Array(text.utf8), file: "p.json").loadedPlan,
                                       "\(PlanLoader.load(bytes: Array(text.utf8), file: "p.json").diagnostics)")
            return loaded.digest.hex
        }
        XCTAssertEqual(Set(digests).count, 1)
        // Anything else about it is still checked: a string, at the top only.
        let number = with.replacingOccurrences(of: #""../schema/plan-v1.schema.json""#, with: "3")
        XCTAssertEqual(PlanLoader.load(bytes: Array(number.utf8), file: "p.json").diagnostics.map(\.code), [.wrongType])
        let nested = plain.replacingOccurrences(of: #""name": "A"}"#, with: #""name": "A", "$schema": "x"}"#)
        XCTAssertEqual(PlanLoader.load(bytes: Array(nested.utf8), file: "p.json").diagnostics.map(\.code), [.unknownKey])
    }
}
