package dev.firstdraft.app

import java.net.URI
import java.net.URISyntaxException

/**
 * The Debug-only Codespaces preview workaround. A public Codespaces port,
 * `https://<codespace>-<port>.app.github.dev` (one label before that domain),
 * is served through Microsoft dev tunnels, which answer a browser's first HTML
 * GET with an anti-phishing page unless the request carries [HEADER]. Only a
 * Debug APP_ROOT_URL override on such a host qualifies, and only loads of
 * exactly that origin get the header. A private port still needs GitHub sign-in.
 */
object CodespacesTunnel {
    const val HEADER = "X-Tunnel-Skip-AntiPhishing-Page"
    const val VALUE = "true"
    private const val HOST_SUFFIX = ".app.github.dev"

    /** The origin that gets the header, or null (always null in Release). */
    fun origin(extra: String?, debug: Boolean): String? {
        if (!debug || extra == null) return null
        val accepted = AppRootUrl.acceptedOverride(extra) ?: return null
        val uri = URI(accepted)
        val label = uri.host?.removeSuffix(HOST_SUFFIX)?.takeIf { it != uri.host } ?: return null
        if (uri.scheme != "https" || label.isEmpty() || '.' in label) return null
        return originOf(accepted)
    }

    /** The extra request headers for loading [url]: the tunnel header on exactly [origin], none elsewhere. */
    fun headersFor(url: String, origin: String?): Map<String, String> =
        if (origin != null && originOf(url) == origin) mapOf(HEADER to VALUE) else emptyMap()

    /** `scheme://host[:port]` in lower case, without the scheme's default port; null when [url] has none. */
    fun originOf(url: String): String? {
        val uri = try {
            URI(url.trim())
        } catch (error: URISyntaxException) {
            return null
        }
        val scheme = uri.scheme?.lowercase() ?: return null
        val host = uri.host?.lowercase()?.takeIf { it.isNotEmpty() } ?: return null
        val defaultPort = when (scheme) {
            "https" -> 443
            "http" -> 80
            else -> -1
        }
        val port = if (uri.port == -1 || uri.port == defaultPort) "" else ":${uri.port}"
        return "$scheme://$host$port"
    }
}
