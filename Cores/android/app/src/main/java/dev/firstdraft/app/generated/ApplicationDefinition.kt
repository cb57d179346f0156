// Seam placeholder (owner: android.application_definition). Composition
// replaces this file; Core reads exactly these declarations.
package dev.firstdraft.app.generated

import dev.firstdraft.app.InterfaceTheme
import dev.firstdraft.app.NavigationEntry
import dev.firstdraft.app.R

object ApplicationDefinition {
    const val APPLICATION_ID = "invalid.firstdraft.firstdraft_core"
    const val ORIGIN = "https://firstdraft-core.invalid"
    const val DISPLAY_NAME = "First Draft"
    const val PROJECT_ID = "00000000-0000-4000-8000-000000000000"
    const val LOWERING_RELEASE = "android-application-2026-09"
    const val PROJECTION_DIGEST = "0000000000000000000000000000000000000000000000000000000000000000"

    val THEME = InterfaceTheme.LIGHT

    val NAVIGATION = listOf(
        NavigationEntry(
            id = "firstdraft-core-sentinel",
            label = "Home",
            path = "/",
            iconResId = R.drawable.ic_tab_grid,
        ),
    )
}
