import XCTest
final class TasksPlaceholderTests: XCTestCase { func testBuilds() { XCTAssertTrue(true) } }
