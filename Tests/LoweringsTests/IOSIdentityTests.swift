import XCTest
@testable import Lowerings

/// Table tests of the pinned iOS identity (`BundleIdentity.derive`), independent of Plan loading.
final class IOSIdentityTests: XCTestCase {
    private func label(_ n: Int, _ c: Character = "a") -> String { String(repeating: c, count: n) }

    func testIdentityTable() {
        let rows: [(key: String, domain: String?, bundle: String, origin: String, placeholder: Bool)] = [
            ("movie_catalog", "movies.example.com", "com.example.movies.movie-catalog", "https://movies.example.com", false),
            ("notes", nil, "invalid.firstdraft.notes", "https://notes.invalid", true),
            ("a_b_c", nil, "invalid.firstdraft.a-b-c", "https://a-b-c.invalid", true),
            ("studio_ops", "ops.42-studio.example", "example.42-studio.ops.studio-ops", "https://ops.42-studio.example", false),
            ("x9", "localhost", "localhost.x9", "https://localhost", false),
            ("double__under", "xn--bcher-kva.example", "example.xn--bcher-kva.double--under", "https://xn--bcher-kva.example", false),
            (label(63), nil, "invalid.firstdraft." + label(63), "https://\(label(63)).invalid", true),
            ("app", label(63) + ".com", "com.\(label(63)).app", "https://\(label(63)).com", false),
        ]
        for row in rows {
            let (identity, problems) = BundleIdentity.derive(key: row.key, domain: row.domain)
            XCTAssertEqual(problems, [], row.key)
            XCTAssertEqual(identity?.bundleIdentifier, row.bundle, row.key)
            XCTAssertEqual(identity?.origin, row.origin, row.key)
            XCTAssertEqual(identity?.isPlaceholder, row.placeholder, row.key)
        }
    }

    func testDomainsAtAndOverTheLengthLimits() {
        // 4 labels of 63 bytes and 3 dots = 255; trim to 253 with a shorter final label.
        let at253 = [label(63), label(63), label(63), label(61)].joined(separator: ".")
        XCTAssertEqual(at253.utf8.count, 253)
        XCTAssertEqual(BundleIdentity.derive(key: "app", domain: at253).problems, [])
        let at254 = [label(63), label(63), label(63), label(62)].joined(separator: ".")
        XCTAssertEqual(BundleIdentity.derive(key: "app", domain: at254).problems.map(\.code), [.iosDomainTooLong])
        let longLabel = label(64) + ".com"
        XCTAssertEqual(BundleIdentity.derive(key: "app", domain: longLabel).problems.map(\.code), [.iosDomainLabelInvalid])
    }

    func testRejectedKeysAndDomains() {
        let rows: [(key: String, domain: String?, codes: [DiagnosticCode], pointer: String)] = [
            (label(64), nil, [.iosKeyTooLong], "/application/key"),
            ("movie_", nil, [.iosKeyNotDNSLabel], "/application/key"),
            ("app", "example.invalid", [.iosDomainReservedInvalid], "/application/domain"),
            ("app", "sub.example.invalid", [.iosDomainReservedInvalid], "/application/domain"),
            ("app", "example.123", [.iosDomainFinalLabelNotLetter], "/application/domain"),
            ("app", "example.9com", [.iosDomainFinalLabelNotLetter], "/application/domain"),
            ("app", "a..b", [.iosDomainLabelInvalid], "/application/domain"),
            ("app", "-a.com", [.iosDomainLabelInvalid], "/application/domain"),
            ("app", "a_b.com", [.iosDomainLabelInvalid], "/application/domain"),
            ("app", "Example.com", [.iosDomainLabelInvalid], "/application/domain"),
        ]
        for row in rows {
            let (identity, problems) = BundleIdentity.derive(key: row.key, domain: row.domain)
            XCTAssertNil(identity, "\(row.key) \(row.domain ?? "-")")
            XCTAssertEqual(problems.map(\.code), row.codes, "\(row.key) \(row.domain ?? "-")")
            XCTAssertEqual(problems.map(\.pointer.description), row.codes.map { _ in row.pointer })
            XCTAssertFalse(problems.contains { $0.message.isEmpty })
        }
        // Key and domain problems are reported together.
        XCTAssertEqual(BundleIdentity.derive(key: label(64), domain: "x.invalid").problems.map(\.code),
                       [.iosKeyTooLong, .iosDomainReservedInvalid])
    }

    func testEveryIconTokenHasPinnedSymbols() {
        XCTAssertEqual(IconToken.allCases.count, 28)
        XCTAssertEqual(SFSymbol.forToken(.grid), SFSymbol(normal: "square.grid.2x2", selected: "square.grid.2x2.fill"))
        XCTAssertEqual(SFSymbol.forToken(.person), SFSymbol(normal: "person", selected: "person.fill"))
        for token in IconToken.allCases {
            let symbol = SFSymbol.forToken(token)
            XCTAssertNotNil(symbol.normal.range(of: "^[a-z0-9]+(\\.[a-z0-9]+)*$", options: .regularExpression), "\(token)")
            XCTAssertTrue(symbol.selected == symbol.normal || symbol.selected == symbol.normal + ".fill", "\(token)")
        }
        let normals = IconToken.allCases.map { SFSymbol.forToken($0).normal }
        XCTAssertEqual(Set(normals).count, normals.count, "each token has its own symbol")
    }
}
