import XCTest
@testable import FoundationApp

final class TabLayoutTests: XCTestCase {
    func testNoEntryHasNoLayout() {
        XCTAssertNil(TabLayout(entryCount: 0))
    }

    func testOneEntryIsASingleNavigator() {
        XCTAssertEqual(TabLayout(entryCount: 1), .single)
    }

    func testTwoToFiveEntriesAreOneTabEach() {
        for count in 2...5 {
            XCTAssertEqual(TabLayout(entryCount: count), .tabs, "\(count) entries")
        }
    }

    func testMoreThanFiveEntriesAreFourTabsPlusMore() {
        for count in [6, 7, 12] {
            XCTAssertEqual(TabLayout(entryCount: count), .tabsWithMore(directTabs: 4), "\(count) entries")
        }
    }

    func testEntryURLReplacesThePathOfTheRoot() {
        let entry = NavigationEntry(id: "x", label: "Movies", path: "/movies", symbol: "film", selectedSymbol: "film.fill")
        let root = URL(string: "https://movies.example.com")!
        XCTAssertEqual(entry.url(relativeTo: root).absoluteString, "https://movies.example.com/movies")
    }
}
