// Seam placeholder (owner: ios.navigation_ui_tests). Composition replaces this
// file with UI tests for every rendered tab (and the More list when present).
import XCTest

final class GeneratedNavigationUITests: XCTestCase {
    override func setUp() {
        continueAfterFailure = false
    }

    func testSingleEntryHasNoTabBar() {
        let app = XCUIApplication()
        app.launch()
        XCTAssertTrue(app.navigationBars.firstMatch.waitForExistence(timeout: 15))
        XCTAssertFalse(app.tabBars.firstMatch.exists)
    }
}
