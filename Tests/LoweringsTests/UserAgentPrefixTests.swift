import XCTest
@testable import Lowerings

final class UserAgentPrefixTests: XCTestCase {
    func testBuiltFromTheDisplayName() {
        XCTAssertEqual(UserAgentPrefix.make(name: "Movie Catalog", key: "movie_catalog"), "MovieCatalog;")
        XCTAssertEqual(UserAgentPrefix.make(name: "studio-ops 2", key: "x"), "StudioOps2;")
        XCTAssertEqual(UserAgentPrefix.make(name: "  Notes!  ", key: "x"), "Notes;")
        XCTAssertEqual(UserAgentPrefix.make(name: "Café \"Olé\"; $x", key: "x"), "CafOlX;")
    }

    func testANameWithoutASCIILettersFallsBackToTheKey() {
        XCTAssertEqual(UserAgentPrefix.make(name: "映画", key: "movie_catalog"), "MovieCatalog;")
        XCTAssertEqual(UserAgentPrefix.make(name: "—", key: "movie-catalog"), "MovieCatalog;")
    }

    func testDifferentAppsSendDifferentPrefixesAndBothClientsAgree() throws {
        var prefixes: Set<String> = []
        for name in ["movie-catalog", "notes", "studio-ops"] {
            let loaded = try LoweringHarness.fixture("\(name).plan.json")
            let ios = try XCTUnwrap(LoweringHarness.files(IOSLowering.lower(loaded))["Generated/ApplicationDefinition.swift"])
            let prefix = UserAgentPrefix.make(name: loaded.plan.application.name, key: loaded.plan.application.key)
            XCTAssertTrue(String(decoding: ios, as: UTF8.self).contains("static let userAgentPrefix = \"\(prefix)\""), name)
            // notes selects iOS only.
            if loaded.plan.application.native.android != nil {
                let android = try XCTUnwrap(LoweringHarness.files(AndroidLowering.lower(loaded))["app/src/main/java/dev/firstdraft/app/generated/ApplicationDefinition.kt"])
                XCTAssertTrue(String(decoding: android, as: UTF8.self).contains("const val USER_AGENT_PREFIX = \"\(prefix)\""), name)
            }
            prefixes.insert(prefix)
        }
        XCTAssertEqual(prefixes.count, 3)
    }
}
