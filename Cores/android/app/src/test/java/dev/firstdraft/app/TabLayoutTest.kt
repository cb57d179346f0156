package dev.firstdraft.app

import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Test

class TabLayoutTest {
    private fun entries(count: Int) = (1..count).map { NavigationEntry("id-$it", "Entry $it", "/e$it", 0) }

    @Test
    fun noEntryHasNoLayout() {
        assertNull(TabLayout.forEntryCount(0))
    }

    @Test
    fun oneEntryIsASingleNavigator() {
        assertEquals(TabLayout.Single, TabLayout.forEntryCount(1))
    }

    @Test
    fun twoToFiveEntriesAreOneTabEach() {
        for (count in 2..5) {
            assertEquals(TabLayout.Tabs, TabLayout.forEntryCount(count))
        }
    }

    @Test
    fun moreThanFiveEntriesKeepFourDirectTabsAndListTheRest() {
        val layout = TabLayout.forEntryCount(7)!!
        assertEquals(TabLayout.TabsWithMore(4), layout)
        assertEquals(listOf("id-1", "id-2", "id-3", "id-4"), layout.directEntries(entries(7)).map { it.id })
        assertEquals(listOf("id-5", "id-6", "id-7"), layout.overflowEntries(entries(7)).map { it.id })
    }

    @Test
    fun entryUrlJoinsRootAndPath() {
        val entry = NavigationEntry("id", "Movies", "/movies", 0)
        assertEquals("https://movies.example.com/movies", entry.url("https://movies.example.com"))
    }
}
