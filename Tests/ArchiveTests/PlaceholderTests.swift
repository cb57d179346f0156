import XCTest
final class ArchivePlaceholderTests: XCTestCase { func testBuilds() { XCTAssertTrue(true) } }
