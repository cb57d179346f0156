import UIKit
import WebKit

/// The web view of every Navigator session, made by `Hotwire.config.makeCustomWebView`
/// from the configuration Hotwire prepares (user agent, shared process pool). It is
/// transparent over FoundationBackground, so no opaque white shows before or under a
/// page, and dragging its content dismisses the keyboard.
final class AppWebView: WKWebView {
    static func make(configuration: WKWebViewConfiguration, rootURL: URL) -> AppWebView {
        let webView = AppWebView(frame: .zero, configuration: configuration)
        let background = UIColor.foundationBackground
        webView.isOpaque = false
        webView.backgroundColor = background
        webView.scrollView.backgroundColor = background
        webView.underPageBackgroundColor = background
        webView.scrollView.keyboardDismissMode = .onDrag
        #if DEBUG
        // Hotwire's default web view is inspectable in Debug; keep that.
        if #available(iOS 16.4, *) {
            webView.isInspectable = true
        }
        // Only an APP_ROOT_URL override is decorated, never the compiled origin.
        if rootURL != ApplicationDefinition.origin {
            webView.tunnelOrigin = CodespacesPreview.forwardedOrigin(of: rootURL)
        }
        #endif
        return webView
    }

    #if DEBUG
    /// The public Codespaces origin APP_ROOT_URL names, if it names one.
    private var tunnelOrigin: URL?

    /// Hotwire's cold boot visits load through here; requests to exactly the
    /// Codespaces origin carry the skip-warning header.
    override func load(_ request: URLRequest) -> WKNavigation? {
        guard let origin = tunnelOrigin, let url = request.url,
              CodespacesPreview.isSameOrigin(url, as: origin) else {
            return super.load(request)
        }
        var decorated = request
        let header = CodespacesPreview.skipWarningHeader
        decorated.setValue(header.value, forHTTPHeaderField: header.name)
        return super.load(decorated)
    }
    #endif
}
