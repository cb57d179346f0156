package dev.firstdraft.app

import android.annotation.SuppressLint
import android.content.Context
import dev.hotwire.core.turbo.webview.HotwireWebView

/**
 * Hotwire's WebView with one Debug-only addition: a full page load of the
 * configured Codespaces origin carries [CodespacesTunnel]'s header through
 * Android's `loadUrl(url, additionalHttpHeaders)` overload. Hotwire loads a
 * page with `loadUrl(url)` on each cold boot; Turbo visits after that are
 * fetches from the page and are not decorated. MainActivity installs this
 * through `Hotwire.config.makeCustomWebView` in Debug builds only.
 */
@SuppressLint("ViewConstructor") // Created by Hotwire's hook, never inflated from XML.
class AppWebView(context: Context, private val tunnelOrigin: String?) : HotwireWebView(context) {
    override fun loadUrl(url: String) {
        val headers = CodespacesTunnel.headersFor(url, tunnelOrigin)
        if (headers.isEmpty()) super.loadUrl(url) else super.loadUrl(url, headers)
    }
}
