package dev.firstdraft.app

import android.os.Bundle
import android.view.View
import android.webkit.CookieManager
import androidx.appcompat.app.AppCompatActivity
import androidx.core.view.ViewCompat
import androidx.core.view.WindowInsetsCompat
import androidx.core.view.updatePadding
import dev.firstdraft.app.generated.PushRegistration
import dev.hotwire.core.turbo.errors.VisitError
import dev.hotwire.navigation.activities.HotwireActivity
import dev.hotwire.navigation.destinations.HotwireDestinationDeepLink
import dev.hotwire.navigation.fragments.HotwireWebFragment

/**
 * Core's web destination. Its toolbar icon is named Back or Close; a full-screen
 * modal keeps its content above the navigation bar that the hidden tab bar no
 * longer covers; a failed load shows a Try again button that calls Hotwire's
 * public refresh. A page whose rule sets `reset_navigation: true` flushes the
 * WebView cookies and restarts every navigator at its root.
 */
@HotwireDestinationDeepLink(uri = "hotwire://fragment/web")
class AppWebFragment : HotwireWebFragment() {
    override fun onViewCreated(view: View, savedInstanceState: Bundle?) {
        // Hotwire installs the toolbar's Back or Close icon in here.
        super.onViewCreated(view, savedInstanceState)
        toolbarForNavigation()?.describeNavigationIcon(isModal)
        if (isModal) reserveRemainingBottomInset(view)

        if (pathProperties[RESET_NAVIGATION] == true) {
            CookieManager.getInstance().flush()
            (requireActivity() as HotwireActivity).delegate.resetNavigators()
            // Signed in or out: push (when generated) asks for permission only after sign-in.
            PushRegistration.sessionChanged(requireActivity() as AppCompatActivity)
        }
    }

    override fun createErrorView(error: VisitError): View = tryAgainView(layoutInflater, this)

    override fun onVisitCompleted(location: String, completedOffline: Boolean) {
        super.onVisitCompleted(location, completedOffline)
        (activity as? MainActivity)?.firstPageReady()
    }

    override fun onVisitErrorReceived(location: String, error: VisitError) {
        super.onVisitErrorReceived(location, error)
        (activity as? MainActivity)?.firstPageReady()
    }

    private fun reserveRemainingBottomInset(view: View) {
        ViewCompat.setOnApplyWindowInsetsListener(view) { modalView, insets ->
            val bottom = InsetPolicy.modalBottom(
                keyboardVisible = insets.isVisible(WindowInsetsCompat.Type.ime()),
                remainingSystemBottom = insets.getInsets(WindowInsetsCompat.Type.systemBars()).bottom,
            )
            modalView.updatePadding(bottom = bottom)
            insets.inset(0, 0, 0, bottom)
        }
        ViewCompat.requestApplyInsets(view)
    }

    private companion object {
        const val RESET_NAVIGATION = "reset_navigation"
    }
}
