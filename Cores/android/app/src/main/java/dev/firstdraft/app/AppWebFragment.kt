package dev.firstdraft.app

import android.os.Bundle
import android.view.View
import android.webkit.CookieManager
import android.widget.Button
import android.widget.TextView
import dev.hotwire.core.turbo.errors.VisitError
import dev.hotwire.navigation.activities.HotwireActivity
import dev.hotwire.navigation.destinations.HotwireDestinationDeepLink
import dev.hotwire.navigation.fragments.HotwireWebFragment

/**
 * Core's web destination. A failed load shows a Try again button that calls
 * Hotwire's public refresh; nothing is retried automatically. A page whose
 * rule sets `reset_navigation: true` restarts every navigator at its root.
 */
@HotwireDestinationDeepLink(uri = "hotwire://fragment/web")
class AppWebFragment : HotwireWebFragment() {
    override fun onViewCreated(view: View, savedInstanceState: Bundle?) {
        super.onViewCreated(view, savedInstanceState)
        if (pathProperties[RESET_NAVIGATION] == true) {
            CookieManager.getInstance().flush()
            (requireActivity() as HotwireActivity).delegate.resetNavigators()
        }
    }

    override fun createErrorView(error: VisitError): View {
        val errorView = layoutInflater.inflate(R.layout.error_try_again, null)
        errorView.findViewById<TextView>(R.id.error_message).text = getString(R.string.core_error_message)
        errorView.findViewById<Button>(R.id.error_try_again).setOnClickListener {
            refresh(displayProgress = true)
        }
        return errorView
    }

    private companion object {
        const val RESET_NAVIGATION = "reset_navigation"
    }
}
