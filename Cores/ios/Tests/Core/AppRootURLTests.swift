import XCTest
@testable import FoundationApp

final class AppRootURLTests: XCTestCase {
    private let compiled = URL(string: "https://movies.example.com")!

    func testWithoutOverrideTheCompiledOriginIsUsed() {
        let url = AppRootURL.resolve(arguments: [], environment: [:], compiled: compiled)
        XCTAssertEqual(url, compiled)
    }

    func testHTTPSHostRootFromTheEnvironmentIsAccepted() {
        let url = AppRootURL.resolve(arguments: [], environment: ["APP_ROOT_URL": "https://abc.trycloudflare.com/"], compiled: compiled)
        XCTAssertEqual(url.absoluteString, "https://abc.trycloudflare.com")
    }

    func testLaunchArgumentWinsOverTheEnvironment() {
        let url = AppRootURL.resolve(
            arguments: ["FoundationApp", "-APP_ROOT_URL", "http://localhost:3000"],
            environment: ["APP_ROOT_URL": "https://abc.trycloudflare.com"],
            compiled: compiled
        )
        XCTAssertEqual(url.absoluteString, "http://localhost:3000")
    }

    func testPlainHTTPToARemoteHostIsIgnored() {
        XCTAssertNil(AppRootURL.acceptedOverride("http://example.com"))
    }

    func testAURLWithAPathOrQueryIsIgnored() {
        XCTAssertNil(AppRootURL.acceptedOverride("https://example.com/movies"))
        XCTAssertNil(AppRootURL.acceptedOverride("https://example.com/?a=b"))
    }

    func testOtherSchemesAreIgnored() {
        XCTAssertNil(AppRootURL.acceptedOverride("file:///tmp"))
        XCTAssertNil(AppRootURL.acceptedOverride("not a url"))
    }
}
