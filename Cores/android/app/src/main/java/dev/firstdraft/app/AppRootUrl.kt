package dev.firstdraft.app

import java.net.URI
import java.net.URISyntaxException

/**
 * Chooses the Rails root the app talks to. Release builds always use the
 * generated HTTPS origin. Debug builds accept the Intent string extra
 * APP_ROOT_URL when it is an HTTPS host root or an HTTP root on a loopback
 * host, including the Android Emulator's 10.0.2.2.
 */
object AppRootUrl {
    const val EXTRA = "APP_ROOT_URL"
    private val loopbackHosts = setOf("localhost", "127.0.0.1", "10.0.2.2", "[::1]", "::1")

    fun resolve(extra: String?, debug: Boolean, compiledOrigin: String): String {
        if (!debug || extra == null) return compiledOrigin
        return acceptedOverride(extra) ?: compiledOrigin
    }

    fun acceptedOverride(value: String): String? {
        val uri = try {
            URI(value.trim())
        } catch (error: URISyntaxException) {
            return null
        }
        val scheme = uri.scheme?.lowercase() ?: return null
        val host = uri.host?.lowercase()?.takeIf { it.isNotEmpty() } ?: return null
        val path = uri.rawPath.orEmpty()
        if (path.isNotEmpty() && path != "/") return null
        if (uri.rawQuery != null || uri.rawFragment != null || uri.rawUserInfo != null) return null
        when (scheme) {
            "https" -> Unit
            "http" -> if (host !in loopbackHosts) return null
            else -> return null
        }
        val port = if (uri.port == -1) "" else ":${uri.port}"
        return "$scheme://$host$port"
    }
}
