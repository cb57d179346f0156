// Seam placeholder (owner: ios.application_tests). Composition replaces this
// file with tests rendered for the Plan's identity and navigation.
import XCTest
@testable import FoundationApp

final class GeneratedApplicationTests: XCTestCase {
    func testProjectionDigestMatchesTheBundle() {
        let bundled = Bundle.main.object(forInfoDictionaryKey: "FoundationProjectionDigest") as? String
        XCTAssertEqual(bundled, ApplicationDefinition.projectionDigest)
    }

    func testOriginMatchesTheBundle() {
        let bundled = Bundle.main.object(forInfoDictionaryKey: "FoundationOrigin") as? String
        XCTAssertEqual(bundled, ApplicationDefinition.origin.absoluteString)
    }

    func testTabLayoutFollowsTheEntryCount() {
        XCTAssertEqual(TabLayout(entryCount: NavigationDefinition.entries.count), NavigationDefinition.tabLayout)
    }

    func testBundledPathConfigurationIsPresent() {
        XCTAssertNotNil(Bundle.main.url(forResource: "ios_v1", withExtension: "json"))
    }
}
