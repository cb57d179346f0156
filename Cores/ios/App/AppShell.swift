import HotwireNative
import UIKit
import WebKit

/// Helpers for the app's own Swift (`native/ios`), named as on Android (`AppShell.kt`):
///
/// * `session`: a URL session for requests to the app's own server, sharing the web views'
///   cookies (Hotwire copies them into `HTTPCookieStorage.shared` after every request, and `fetch`
///   copies them again first) and sending the app's User-Agent, so `hotwire_native_app?` holds;
/// * `url(forPath:)`: a path on the root the app talks to (APP_ROOT_URL in Debug, else the
///   generated origin), never a hard-coded domain;
/// * `visit(_:)`: routes a path through the active navigator: web routes load in the web view,
///   native-screen routes push their screen, modal rules stay modal. Safe from any thread;
/// * `fetch(_:)`: GET a path with that session; a status outside 200–299 throws `AppShell.FetchError`.
enum AppShell {
    struct FetchError: Error, Equatable {
        let url: URL
        let status: Int
    }

    static let session: URLSession = {
        let configuration = URLSessionConfiguration.default
        configuration.httpCookieStorage = .shared
        configuration.httpAdditionalHeaders = ["User-Agent": Hotwire.config.userAgent]
        return URLSession(configuration: configuration)
    }()

    static func url(forPath path: String) -> URL {
        guard let relative = URL(string: path, relativeTo: AppRootURL.current) else { return AppRootURL.current }
        return relative.absoluteURL
    }

    static func visit(_ path: String) {
        let url = url(forPath: path)
        DispatchQueue.main.async {
            NavigationContainer.current?.activeNavigator?.route(url)
        }
    }

    static func fetch(_ path: String) async throws -> Data {
        let url = url(forPath: path)
        let cookies = await WKWebsiteDataStore.default().httpCookieStore.allCookies()
        for cookie in cookies {
            HTTPCookieStorage.shared.setCookie(cookie)
        }
        let (data, response) = try await session.data(from: url)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else { throw FetchError(url: url, status: status) }
        return data
    }
}
