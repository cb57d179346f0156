package dev.firstdraft.app

/**
 * Who reserves which window inset. Hotwire's app bar owns the top inset and
 * visible Material tabs pad themselves for the bottom system bar. The activity
 * root reserves the sides (system bars and cutouts) and keyboard space, plus
 * the bottom system bar when a single destination has no tab bar, and consumes
 * what it reserves. A full-screen modal reserves whatever bottom system inset
 * still reaches it, because Hotwire hides the tab bar under a modal.
 */
object InsetPolicy {
    data class Reserved(val left: Int, val right: Int, val bottom: Int, val consumedBottom: Int)

    /**
     * The root's padding and what it consumes. [keyboardVisibilityFromInsets] is true below
     * API 30, where AndroidX derives `isVisible(ime())` from the IME inset itself: consuming
     * it there would hide the keyboard from Hotwire's tab controller, so it passes on.
     */
    fun root(
        singleDestination: Boolean,
        left: Int,
        right: Int,
        systemBottom: Int,
        imeBottom: Int,
        keyboardVisibilityFromInsets: Boolean,
    ): Reserved {
        val bottom = if (singleDestination) maxOf(systemBottom, imeBottom) else imeBottom
        val consumedBottom = if (singleDestination || !keyboardVisibilityFromInsets) bottom else 0
        return Reserved(left, right, bottom, consumedBottom)
    }

    /** A modal's bottom padding: none with the keyboard up, since the root already reserved that space. */
    fun modalBottom(keyboardVisible: Boolean, remainingSystemBottom: Int): Int =
        if (keyboardVisible) 0 else remainingSystemBottom
}
