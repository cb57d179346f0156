package dev.firstdraft.app

import android.os.Bundle
import android.view.LayoutInflater
import android.view.View
import android.view.ViewGroup
import android.widget.ArrayAdapter
import android.widget.ListView
import androidx.appcompat.widget.Toolbar
import dev.hotwire.navigation.destinations.HotwireDestinationDeepLink
import dev.hotwire.navigation.fragments.HotwireFragment

/**
 * Core's native More list: every entry beyond the four direct tabs. Selecting
 * one pushes it on the More tab's own stack, so Back returns to this list.
 */
@HotwireDestinationDeepLink(uri = "hotwire://fragment/firstdraft-more")
class MoreFragment : HotwireFragment() {
    override fun onCreateView(inflater: LayoutInflater, container: ViewGroup?, savedInstanceState: Bundle?): View =
        inflater.inflate(R.layout.fragment_more, container, false)

    override fun onViewCreated(view: View, savedInstanceState: Bundle?) {
        super.onViewCreated(view, savedInstanceState)
        toolbarForNavigation()?.describeNavigationIcon(isModal)
        val activity = requireActivity() as MainActivity
        val entries = activity.overflowEntries()
        val list = view.findViewById<ListView>(R.id.more_list)
        list.adapter = ArrayAdapter(requireContext(), android.R.layout.simple_list_item_1, entries.map { it.label })
        list.setOnItemClickListener { _, _, position, _ ->
            navigator.route(entries[position].url(activity.rootUrl))
        }
    }

    override fun toolbarForNavigation(): Toolbar? = view?.findViewById(R.id.more_toolbar)
}
