// The native half of `share` (the web's bridge--share controller).
package dev.firstdraft.app.extensions

import android.content.Intent
import dev.hotwire.core.bridge.BridgeComponent
import dev.hotwire.core.bridge.BridgeDelegate
import dev.hotwire.core.bridge.Message
import dev.hotwire.navigation.destinations.HotwireDestination
import org.json.JSONObject

/**
 * Opens the system share sheet with the URL and title the page sends. The payload is read with
 * org.json: `message.data<T>()` needs a JSON converter the app would have to configure.
 */
class ShareComponent(
    name: String,
    private val delegate: BridgeDelegate<HotwireDestination>,
) : BridgeComponent<HotwireDestination>(name, delegate) {
    override fun onReceive(message: Message) {
        if (message.event != "share") return
        val payload = JSONObject(message.jsonData)
        val title = payload.optString("title")
        val intent = Intent(Intent.ACTION_SEND).apply {
            type = "text/plain"
            putExtra(Intent.EXTRA_SUBJECT, title)
            putExtra(Intent.EXTRA_TEXT, payload.optString("url"))
        }
        delegate.destination.fragment.startActivity(Intent.createChooser(intent, title))
    }
}
