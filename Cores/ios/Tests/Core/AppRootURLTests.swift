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

    // MARK: Codespaces preview origin

    func testAPublicCodespacesPortIsAForwardedOrigin() {
        let root = AppRootURL.acceptedOverride("https://fuzzy-space-abc123-3000.app.github.dev/")!
        XCTAssertEqual(CodespacesPreview.forwardedOrigin(of: root), root)
    }

    func testOtherHostsAreNotForwardedOrigins() {
        for value in ["https://abc.trycloudflare.com", "http://localhost:3000", "https://app.github.dev",
                      "https://a.b-3000.app.github.dev", "https://x-3000.app.github.dev.example.com",
                      "https://x-3000.app.github.dev:8443"] {
            XCTAssertNil(CodespacesPreview.forwardedOrigin(of: URL(string: value)!), value)
        }
    }

    func testOnlyTheExactOriginMatches() {
        let origin = URL(string: "https://fuzzy-space-abc123-3000.app.github.dev")!
        XCTAssertTrue(CodespacesPreview.isSameOrigin(URL(string: "https://FUZZY-space-abc123-3000.app.github.dev:443/movies?page=2")!, as: origin))
        XCTAssertFalse(CodespacesPreview.isSameOrigin(URL(string: "https://fuzzy-space-abc123-3001.app.github.dev/")!, as: origin))
        XCTAssertFalse(CodespacesPreview.isSameOrigin(URL(string: "http://fuzzy-space-abc123-3000.app.github.dev/")!, as: origin))
        XCTAssertFalse(CodespacesPreview.isSameOrigin(URL(string: "https://example.com/")!, as: origin))
    }

    #if DEBUG
    func testDebugBuildsCarryTheTunnelSkipHeader() {
        XCTAssertEqual(CodespacesPreview.skipWarningHeader.name, "X-Tunnel-Skip-AntiPhishing-Page")
        XCTAssertEqual(CodespacesPreview.skipWarningHeader.value, "true")
    }
    #endif
}
