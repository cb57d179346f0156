package dev.firstdraft.app

import android.os.Bundle
import android.view.View
import dev.hotwire.core.turbo.errors.VisitError
import dev.hotwire.navigation.destinations.HotwireDestinationDeepLink
import dev.hotwire.navigation.fragments.HotwireWebBottomSheetFragment

/**
 * The optional bottom-sheet destination, registered for rules that name its
 * URI; generated forms use the full-screen modal instead. Like [AppWebFragment]
 * it names its toolbar icon and offers Try again after a failed load.
 */
@HotwireDestinationDeepLink(uri = "hotwire://fragment/web/modal/sheet")
class AppWebBottomSheetFragment : HotwireWebBottomSheetFragment() {
    override fun onViewCreated(view: View, savedInstanceState: Bundle?) {
        super.onViewCreated(view, savedInstanceState)
        toolbarForNavigation()?.describeNavigationIcon(isModal)
    }

    override fun createErrorView(error: VisitError): View = tryAgainView(layoutInflater, this)
}
