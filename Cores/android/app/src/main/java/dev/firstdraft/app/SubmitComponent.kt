package dev.firstdraft.app

import android.view.Menu
import android.view.MenuItem
import dev.hotwire.core.bridge.BridgeComponent
import dev.hotwire.core.bridge.BridgeDelegate
import dev.hotwire.core.bridge.Message
import dev.hotwire.navigation.destinations.HotwireDestination
import org.json.JSONException
import org.json.JSONObject

/**
 * The native half of the built-in `submit` bridge component (the web half is
 * `app/javascript/controllers/bridge/submit_controller.js`, opted in by the generated forms'
 * submit button): the button's title as an action of the destination's toolbar, where the
 * keyboard cannot cover it. A tap replies to the web's `connect` message, whose callback clicks
 * the HTML button, so the form submits exactly as on the web; `disconnect` (the form left the
 * page) removes the action. Registered by [FoundationApplication] from `generated/BridgeRegistry.kt`
 * as `BridgeComponentFactory("submit", ::SubmitComponent)`: the factory's name is the component's.
 */
class SubmitComponent(
    name: String,
    private val delegate: BridgeDelegate<HotwireDestination>,
) : BridgeComponent<HotwireDestination>(name, delegate) {

    override fun onReceive(message: Message) {
        when (message.event) {
            "connect" -> title(message)?.let { showAction(it) }
            "disconnect" -> removeAction()
        }
    }

    private fun title(message: Message): String? = try {
        JSONObject(message.jsonData).optString("title").takeIf { it.isNotBlank() }
    } catch (error: JSONException) {
        null
    }

    private fun showAction(title: String) {
        val menu = delegate.destination.toolbarForNavigation()?.menu ?: return
        menu.removeItem(R.id.bridge_submit)
        menu.add(Menu.NONE, R.id.bridge_submit, ORDER, title).apply {
            setShowAsAction(MenuItem.SHOW_AS_ACTION_ALWAYS)
            setOnMenuItemClickListener {
                replyTo("connect")
                true
            }
        }
    }

    private fun removeAction() {
        delegate.destination.toolbarForNavigation()?.menu?.removeItem(R.id.bridge_submit)
    }

    private companion object {
        /** After every other action: the right-most one. */
        const val ORDER = 999
    }
}
