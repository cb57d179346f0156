import Foundation
import HotwireNative

/// The bundled rules first (read synchronously), then the server copy
/// (a cached copy applies at once, a fresh one when its request succeeds).
enum PathConfigurationSources {
    static let bundledName = "ios_v1"
    static let serverPath = "/configurations/ios_v1.json"

    static func make(rootURL: URL, bundle: Bundle = .main) -> [PathConfiguration.Source] {
        var sources: [PathConfiguration.Source] = []
        if let bundled = bundle.url(forResource: bundledName, withExtension: "json") {
            sources.append(.file(bundled))
        } else {
            assertionFailure("\(bundledName).json is missing from the app bundle")
        }
        sources.append(.server(serverURL(rootURL: rootURL)))
        return sources
    }

    static func serverURL(rootURL: URL) -> URL {
        var components = URLComponents(url: rootURL, resolvingAgainstBaseURL: false)
        components?.path = serverPath
        components?.query = nil
        return components?.url ?? rootURL
    }
}
