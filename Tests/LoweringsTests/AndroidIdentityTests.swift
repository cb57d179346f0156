import XCTest
@testable import Lowerings

final class AndroidIdentityTests: XCTestCase {
    private func id(_ key: String, _ domain: String?) -> AndroidIdentity? {
        try? AndroidIdentity.derive(key: key, domain: domain).get()
    }

    private func problems(_ key: String, _ domain: String?) -> [AndroidIdentity.Problem] {
        if case .failure(let list) = AndroidIdentity.derive(key: key, domain: domain) { return list.problems }
        return []
    }

    func testDomainLabelsAreReversedAndTheKeyIsLast() {
        let identity = id("movie_catalog", "movies.example.com")
        XCTAssertEqual(identity?.applicationID, "com.example.movies.movie_catalog")
        XCTAssertEqual(identity?.origin, "https://movies.example.com")
        XCTAssertEqual(identity?.isPlaceholder, false)
    }

    func testLabelTransforms() {
        let table: [(String, String)] = [
            ("my-app.example.com", "com.example.my_happ.k"),
            ("a--b.example", "example.a_h_hb.k"),
            ("ops.42-studio.example", "example.d_42_hstudio.ops.k"),
            ("9lives.example.com", "com.example.d_9lives.k"),
            ("x1.example", "example.x1.k"),
            ("example", "example.k"),
        ]
        for (domain, expected) in table {
            XCTAssertEqual(id("k", domain)?.applicationID, expected, domain)
        }
        XCTAssertEqual(AndroidIdentity.segment(forLabel: "3d-print"), "d_3d_hprint")
        // Distinct domains stay distinct: "-" becomes "_h" and DNS labels never hold "_".
        XCTAssertNotEqual(id("k", "a-h.example")?.applicationID, id("k", "a-.example")?.applicationID)
    }

    func testPlaceholderIdentity() {
        let identity = id("movie_catalog", nil)
        XCTAssertEqual(identity?.applicationID, "invalid.firstdraft.movie_catalog")
        XCTAssertEqual(identity?.origin, "https://movie-catalog.invalid")
        XCTAssertEqual(identity?.isPlaceholder, true)
        XCTAssertEqual(id("a", nil)?.origin, "https://a.invalid")
    }

    func testKeywordsAreOrdinarySegments() {
        // 000 gives the whole rule (`-` → `_h`, digit first → `d_`); the Kotlin namespace is fixed, so the
        // application ID is never a package name and a keyword segment is fine.
        for key in ["class", "fun", "object", "new", "in", "is", "val", "var", "when", "typealias", "package", "int", "true", "null", "goto"] {
            XCTAssertEqual(id(key, "app.example.com")?.applicationID, "com.example.app." + key, key)
            XCTAssertEqual(id(key, nil)?.applicationID, "invalid.firstdraft." + key, key)
        }
        XCTAssertEqual(id("app", "new.example.com")?.applicationID, "com.example.new.app")
        XCTAssertEqual(id("app", "do.if.example")?.applicationID, "example.if.do.app")
    }

    func testADomainThatIsNotADNSNameIsADomainProblem() {
        XCTAssertEqual(problems("app", "Movies.example.com"), [.domain(.labelInvalid(label: "Movies"))])
        XCTAssertEqual(problems("app", "mo_vies.example.com"), [.domain(.labelInvalid(label: "mo_vies"))])
        XCTAssertEqual(problems("app", "movies..example.com"), [.domain(.labelInvalid(label: ""))])
        XCTAssertEqual(problems("app", "movies.example.42"), [.domain(.finalLabelNotLetter(label: "42"))])
        XCTAssertEqual(problems("app", "movies.invalid"), [.domain(.reservedInvalid)])
        XCTAssertEqual(problems("app", "movies.invalid").first?.pointer, "/application/domain")
    }

    func testLengthLimitAt223Bytes() {
        let base = [String](repeating: "a", count: 63).joined() + "." + [String](repeating: "b", count: 63).joined() + "."
            + [String](repeating: "c", count: 63).joined() + "."
        let fits = base + [String](repeating: "d", count: 27).joined()      // 219-byte domain + ".app" = 223
        let over = base + [String](repeating: "d", count: 28).joined()      // 224
        XCTAssertEqual(id("app", fits)?.applicationID.utf8.count, 223)
        guard case .tooLong(let longID, "/application/domain")? = problems("app", over).first else {
            return XCTFail("\(problems("app", over))")
        }
        XCTAssertEqual(longID.utf8.count, 224)
        // The transforms count: a domain under 223 bytes whose hyphens push the ID over.
        let hyphens = (0..<30).map { _ in "a-b-c" }.joined(separator: ".") + ".example"  // 187 bytes
        XCTAssertLessThan(hyphens.utf8.count, 223)
        XCTAssertEqual(problems("app", hyphens).count, 1)
        // Without a domain the key alone can overflow.
        let longKey = "k" + [String](repeating: "x", count: 204).joined()                 // 19 + 205 = 224
        XCTAssertTrue(problems(longKey, nil).contains(.tooLong(applicationID: "invalid.firstdraft." + longKey, pointer: "/application/key")))
        XCTAssertNotNil(id(String(longKey.dropLast()), "e.example"))
    }

    func testPlaceholderOriginNeedsOneDNSLabel() {
        let key = "k" + [String](repeating: "_", count: 63).joined()
        XCTAssertTrue(problems(key, nil).contains(.placeholderLabelTooLong(label: "k" + [String](repeating: "-", count: 63).joined())))
        XCTAssertNotNil(id(key, "app.example.com"))
        XCTAssertNotNil(id(String(key.dropLast()), nil))
    }

    func testInvalidSegmentIsReportedWhenTheLoaderIsBypassed() {
        XCTAssertEqual(problems("App-1", "app.example.com"), [.invalidSegment(segment: "App-1", pointer: "/application/key")])
        XCTAssertEqual(problems("app", "a_b.example"), [.domain(.labelInvalid(label: "a_b"))])
        XCTAssertEqual(problems("app", "café.example"), [.domain(.labelInvalid(label: "café"))])
    }

    func testDiagnosticsArePositionedAtTheAuthoredValue() throws {
        let text = AndroidFixture.plan(key: "app_", domain: "new.example.invalid")
        let lowering = AndroidLowering.lower(try LoweringHarness.loaded(text))
        XCTAssertEqual(lowering.status, .omitted)
        XCTAssertEqual(summary(lowering.diagnostics), [
            "android.identity.domain_invalid /application/domain",
        ])
        for d in lowering.diagnostics {
            XCTAssertEqual(d.line, 2)
            XCTAssertEqual(d.severity, .warning, "Android is omitted and the run goes on")
        }
        let column = try XCTUnwrap(text.split(separator: "\n")[1].range(of: "\"new.example.invalid\"")).lowerBound.utf16Offset(in: text.split(separator: "\n")[1]) + 1
        XCTAssertEqual(lowering.diagnostics.first?.column, column)
        XCTAssertTrue(lowering.diagnostics.first?.message.contains(".invalid") == true, "\(lowering.diagnostics)")
    }

    func testTooLongDiagnosticThroughTheLoader() throws {
        let domain = ([String](repeating: [String](repeating: "a", count: 60).joined(), count: 3) + ["example"]).joined(separator: ".")
        let lowering = AndroidLowering.lower(try LoweringHarness.loaded(AndroidFixture.plan(key: String(repeating: "k", count: 40), domain: domain)))
        XCTAssertEqual(summary(lowering.diagnostics), ["android.identity.too_long /application/domain"])
        XCTAssertTrue(lowering.diagnostics.first?.message.contains("231 bytes") == true, "\(lowering.diagnostics)")
    }

    func testPlaceholderLabelDiagnosticThroughTheLoader() throws {
        let key = "k" + String(repeating: "_x", count: 32)
        let omitted = AndroidLowering.lower(try LoweringHarness.loaded(AndroidFixture.plan(key: key, domain: nil)))
        XCTAssertEqual(summary(omitted.diagnostics), ["android.identity.placeholder_label_too_long /application/key"])
        XCTAssertEqual(omitted.gaps.map(\.code), [.nativeClientNotGenerated])
        XCTAssertEqual(AndroidLowering.lower(try LoweringHarness.loaded(AndroidFixture.plan(key: key))).status, .emitted)
    }
}
