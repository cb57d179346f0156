package dev.firstdraft.app

import java.net.URI
import java.net.URISyntaxException

/**
 * Incoming links (seed 002, "Deep Links"): a custom-scheme link (`<scheme>:///movies/1?sort=year`
 * or `<scheme>://movies/1`), an App Link (`https://<domain>/movies/1`) or a path made into a URL
 * on the root the app talks to, or null when the link is not the app's: another scheme, another
 * host or port, a protocol-relative or malformed link, credentials, a `..` segment. The query is
 * kept; the fragment is dropped. The same rules as iOS's `DeepLink.swift`; plain JVM, so
 * `DeepLinkTest` runs it without a device.
 */
object DeepLink {
    /**
     * [root] is the root the app talks to (the result is on it); [origin] the compiled origin,
     * whose links a Debug build with another root still accepts; [scheme] the app's own scheme.
     */
    fun canonical(link: String, root: String, origin: String, scheme: String): String? {
        val text = link.trim()
        if (text.isEmpty()) return null
        val uri = parse(text) ?: return null
        if (uri.rawUserInfo != null) return null
        var path = when (uri.scheme?.lowercase()) {
            // A path on the app's root; "//host/..." would name another host.
            null -> if (text.startsWith("/") && !text.startsWith("//")) uri.rawPath.orEmpty() else return null
            scheme.lowercase() -> {
                // <scheme>://movies/1 reads the authority as the first segment; <scheme>:///movies/1 has none.
                if (uri.isOpaque || uri.port != -1) return null
                val first = uri.rawAuthority.orEmpty()
                if (first.isEmpty()) uri.rawPath.orEmpty() else "/" + first + uri.rawPath.orEmpty()
            }
            "http", "https" -> if (sameServer(uri, root) || sameServer(uri, origin)) uri.rawPath.orEmpty() else return null
            else -> return null
        }
        if (path.isEmpty()) path = "/"
        if (!path.startsWith("/") || path.split("/").any { it == ".." }) return null
        val base = parse(root) ?: return null
        val query = uri.rawQuery?.let { "?$it" }.orEmpty()
        return "${base.scheme}://${base.rawAuthority}$path$query"
    }

    /** Same scheme, host (case-insensitively) and port (a default port equals none). */
    fun sameServer(link: URI, server: String): Boolean {
        val other = parse(server) ?: return false
        val scheme = link.scheme?.lowercase() ?: return false
        if (scheme != other.scheme?.lowercase()) return false
        val host = link.host?.lowercase()?.takeIf { it.isNotEmpty() } ?: return false
        if (host != other.host?.lowercase()) return false
        return port(link.port, scheme) == port(other.port, scheme)
    }

    private fun port(port: Int, scheme: String): Int = when {
        port != -1 -> port
        scheme == "https" -> 443
        else -> 80
    }

    private fun parse(text: String): URI? = try {
        URI(text)
    } catch (error: URISyntaxException) {
        null
    }
}
