package dev.firstdraft.app

import org.junit.Assert.assertEquals
import org.junit.Test

class InsetPolicyTest {
    @Test
    fun aSingleDestinationReservesTheBottomBarOrTheKeyboardWhicheverIsTaller() {
        assertEquals(InsetPolicy.Reserved(0, 0, 48, 48), root(single = true, systemBottom = 48, imeBottom = 0))
        assertEquals(InsetPolicy.Reserved(0, 0, 900, 900), root(single = true, systemBottom = 48, imeBottom = 900))
        assertEquals(InsetPolicy.Reserved(0, 0, 900, 900), root(single = true, systemBottom = 48, imeBottom = 900, apiBelow30 = true))
    }

    @Test
    fun withTabsTheRootLeavesTheBottomBarToTheTabsAndReservesOnlyTheKeyboard() {
        assertEquals(InsetPolicy.Reserved(0, 0, 0, 0), root(single = false, systemBottom = 48, imeBottom = 0))
        assertEquals(InsetPolicy.Reserved(0, 0, 900, 900), root(single = false, systemBottom = 48, imeBottom = 900))
    }

    @Test
    fun belowApi30TheKeyboardInsetPassesOnSoHotwireCanHideTheTabs() {
        assertEquals(InsetPolicy.Reserved(0, 0, 900, 0), root(single = false, systemBottom = 48, imeBottom = 900, apiBelow30 = true))
    }

    @Test
    fun theRootReservesBothSides() {
        assertEquals(InsetPolicy.Reserved(80, 24, 0, 0), root(single = false, left = 80, right = 24))
    }

    @Test
    fun aModalReservesWhatReachesItUnlessTheKeyboardIsUp() {
        assertEquals(48, InsetPolicy.modalBottom(keyboardVisible = false, remainingSystemBottom = 48))
        assertEquals(0, InsetPolicy.modalBottom(keyboardVisible = false, remainingSystemBottom = 0))
        assertEquals(0, InsetPolicy.modalBottom(keyboardVisible = true, remainingSystemBottom = 48))
    }

    private fun root(single: Boolean, left: Int = 0, right: Int = 0, systemBottom: Int = 0, imeBottom: Int = 0, apiBelow30: Boolean = false) =
        InsetPolicy.root(single, left, right, systemBottom, imeBottom, keyboardVisibilityFromInsets = apiBelow30)
}
