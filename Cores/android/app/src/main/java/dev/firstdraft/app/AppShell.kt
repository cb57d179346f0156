package dev.firstdraft.app

import android.content.Context
import android.os.Handler
import android.os.Looper
import android.webkit.CookieManager
import dev.hotwire.core.config.Hotwire
import dev.hotwire.navigation.activities.HotwireActivity
import java.lang.ref.WeakReference
import java.net.HttpURLConnection
import java.net.URI
import java.net.URL
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.withContext

/**
 * Helpers for the app's own Kotlin (`native/android`), named as on iOS (`AppShell.swift`):
 * [url] resolves a path against the root the app talks to, [visit] routes a path through the
 * active navigator (web routes load the WebView, native-screen routes push their Fragment; safe
 * from any thread), and [fetch] GETs a path from the app's server with the WebView's session
 * cookie and the native User-Agent, so `hotwire_native_app?` holds; a status outside 200-299
 * throws [FetchError]. Extension code imports `dev.firstdraft.app.AppShell`.
 */
object AppShell {
    class FetchError(val url: String, val status: Int) : Exception("GET $url answered $status")

    private var activity = WeakReference<MainActivity>(null)
    private var context: Context? = null
    private val main = Handler(Looper.getMainLooper())

    internal fun attach(activity: MainActivity) {
        this.activity = WeakReference(activity)
        context = activity.applicationContext
    }

    /** [path] on the root the app talks to (APP_ROOT_URL in Debug, else the generated origin). */
    fun url(path: String): String {
        val root = activity.get()?.rootUrl ?: BuildConfig.APP_ORIGIN
        return URI(root + "/").resolve(path).toString()
    }

    fun visit(path: String) {
        val location = url(path)
        main.post {
            (activity.get() as HotwireActivity?)?.delegate?.currentNavigator?.route(location)
        }
    }

    suspend fun fetch(path: String): String = withContext(Dispatchers.IO) {
        val location = url(path)
        val connection = URL(location).openConnection() as HttpURLConnection
        try {
            CookieManager.getInstance().getCookie(location)?.let { connection.setRequestProperty("Cookie", it) }
            context?.let { connection.setRequestProperty("User-Agent", Hotwire.config.userAgentWithWebViewDefault(it)) }
            val status = connection.responseCode
            if (status !in 200..299) throw FetchError(location, status)
            connection.inputStream.bufferedReader().use { it.readText() }
        } finally {
            connection.disconnect()
        }
    }
}
