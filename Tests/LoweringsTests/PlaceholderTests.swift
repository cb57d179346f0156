import XCTest
final class LoweringsPlaceholderTests: XCTestCase { func testBuilds() { XCTAssertTrue(true) } }
