package dev.firstdraft.app

import androidx.appcompat.widget.Toolbar

/**
 * Names the navigation icon Hotwire installed: Close in a modal, Back elsewhere.
 * Hotwire sets the icon, without a description, in `HotwireFragmentDelegate.initToolbar`,
 * which `HotwireFragment.onViewCreated` and `HotwireBottomSheetFragment.onViewCreated`
 * run, so a destination calls this after `super.onViewCreated`. Hotwire sets no icon
 * on a navigator's start destination; that toolbar stays as it is.
 */
fun Toolbar.describeNavigationIcon(isModal: Boolean) {
    if (navigationIcon == null) return
    setNavigationContentDescription(if (isModal) R.string.core_navigation_close else R.string.core_navigation_back)
}
