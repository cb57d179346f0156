import XCTest
final class CLIPlaceholderTests: XCTestCase { func testBuilds() { XCTAssertTrue(true) } }
