package dev.firstdraft.app.extensions

import android.os.Bundle
import android.view.LayoutInflater
import android.view.View
import android.view.ViewGroup
import android.widget.Button
import android.widget.ImageView
import android.widget.LinearLayout
import android.widget.TextView
import androidx.lifecycle.lifecycleScope
import dev.firstdraft.app.AppShell
import dev.firstdraft.app.R
import dev.hotwire.navigation.destinations.HotwireDestinationDeepLink
import dev.hotwire.navigation.fragments.HotwireFragment
import kotlinx.coroutines.launch
import org.json.JSONArray

/** The native Map tab: trails fetched from the app's own server with the WebView's cookie. */
@HotwireDestinationDeepLink(uri = "hotwire://fragment/map")
class MapFragment : HotwireFragment() {
    override fun onCreateView(inflater: LayoutInflater, container: ViewGroup?, savedInstanceState: Bundle?): View {
        val list = LinearLayout(requireContext()).apply { orientation = LinearLayout.VERTICAL }
        list.addView(ImageView(requireContext()).apply { setImageResource(R.drawable.trail) })
        list.addView(Button(requireContext()).apply {
            text = "Log a sighting"
            setOnClickListener { AppShell.visit("/sightings/new") }
        })
        // Tied to the view: a fetch that outlives it is cancelled, not resumed into dead views.
        viewLifecycleOwner.lifecycleScope.launch {
            val trails = runCatching { JSONArray(AppShell.fetch("/trails.json")) }.getOrNull() ?: return@launch
            for (i in 0 until trails.length()) {
                list.addView(TextView(requireContext()).apply { text = trails.getJSONObject(i).getString("name") })
            }
        }
        return list
    }
}
