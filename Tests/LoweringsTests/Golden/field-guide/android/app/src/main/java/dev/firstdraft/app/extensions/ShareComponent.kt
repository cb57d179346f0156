// The native half of `share` (the web's bridge--share controller).
package dev.firstdraft.app.extensions

import android.content.Intent
import dev.hotwire.core.bridge.BridgeComponent
import dev.hotwire.core.bridge.BridgeDelegate
import dev.hotwire.core.bridge.Message
import dev.hotwire.navigation.destinations.HotwireDestination
import kotlinx.serialization.Serializable

/** Opens the system share sheet with the URL and title the page sends. */
class ShareComponent(
    name: String,
    private val delegate: BridgeDelegate<HotwireDestination>,
) : BridgeComponent<HotwireDestination>(name, delegate) {
    override fun onReceive(message: Message) {
        if (message.event != "share") return
        val payload = message.data<Payload>() ?: return
        val intent = Intent(Intent.ACTION_SEND).apply {
            type = "text/plain"
            putExtra(Intent.EXTRA_SUBJECT, payload.title)
            putExtra(Intent.EXTRA_TEXT, payload.url)
        }
        delegate.destination.fragment.startActivity(Intent.createChooser(intent, payload.title))
    }

    @Serializable
    data class Payload(val url: String, val title: String)
}
