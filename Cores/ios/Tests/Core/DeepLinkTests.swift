@testable import FoundationApp
import XCTest

/// The same cases as the Android Core's `DeepLinkTest.kt`: one rule set on both clients.
final class DeepLinkTests: XCTestCase {
    private let origin = URL(string: "https://example.com")!
    private let scheme = "movie-catalog"

    private func canonical(_ link: String, root: String = "https://example.com") -> String? {
        DeepLink.canonical(link, root: URL(string: root)!, origin: origin, scheme: scheme)?.absoluteString
    }

    func testCustomSchemeLinksBecomePathsOnTheRootWithTheirQuery() {
        XCTAssertEqual(canonical("movie-catalog:///movies/1?sort=year"), "https://example.com/movies/1?sort=year")
        XCTAssertEqual(canonical("movie-catalog://movies/1"), "https://example.com/movies/1")
        XCTAssertEqual(canonical("MOVIE-CATALOG:/movies#top"), "https://example.com/movies")
    }

    func testRelativePathsBecomeAbsoluteOnTheRoot() {
        XCTAssertEqual(canonical("/people?page=2"), "https://example.com/people?page=2")
        XCTAssertEqual(canonical("/people", root: "http://localhost:3000"), "http://localhost:3000/people")
    }

    func testUniversalLinksOnTheOriginStayAndMoveToTheRoot() {
        XCTAssertEqual(canonical("https://EXAMPLE.com:443/movies/1?x=1"), "https://example.com/movies/1?x=1")
        XCTAssertEqual(canonical("https://example.com/movies/1", root: "http://localhost:3000"), "http://localhost:3000/movies/1")
    }

    func testLinksThatAreNotTheAppsAreRejected() {
        for link in ["https://evil.example/movies", "https://example.com.evil.example/", "http://example.com/movies",
                     "https://example.com:8443/movies", "//evil.example/movies", "mailto:someone@example.com",
                     "other-app:///movies", "movie-catalog:movies", "movie-catalog://user@movies/1", "movie-catalog://movies:80/1",
                     "https://user:secret@example.com/", "movie-catalog:///movies/../admin", "movies", "", "   "] {
            XCTAssertNil(canonical(link), link)
        }
    }
}
