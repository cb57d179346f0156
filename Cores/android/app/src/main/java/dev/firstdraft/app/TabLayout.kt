package dev.firstdraft.app

/**
 * How navigation entries become native containers: one entry is a single
 * navigator without tabs, two to five are one tab each, and more than five are
 * four direct tabs plus a More destination listing the rest in order.
 */
sealed class TabLayout {
    data object Single : TabLayout()
    data object Tabs : TabLayout()
    data class TabsWithMore(val directTabs: Int) : TabLayout()

    fun directEntries(entries: List<NavigationEntry>): List<NavigationEntry> = when (this) {
        Single -> entries.take(1)
        Tabs -> entries
        is TabsWithMore -> entries.take(directTabs)
    }

    fun overflowEntries(entries: List<NavigationEntry>): List<NavigationEntry> = when (this) {
        is TabsWithMore -> entries.drop(directTabs)
        else -> emptyList()
    }

    companion object {
        const val MAXIMUM_TABS = 5
        const val DIRECT_TABS_BESIDE_MORE = 4

        /** The layout for [entryCount] entries, or null when there is no entry. */
        fun forEntryCount(entryCount: Int): TabLayout? = when {
            entryCount < 1 -> null
            entryCount == 1 -> Single
            entryCount <= MAXIMUM_TABS -> Tabs
            else -> TabsWithMore(DIRECT_TABS_BESIDE_MORE)
        }
    }
}
