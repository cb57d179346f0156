// Seam placeholder (owner: android.application_definition). Composition
// replaces this file; Core reads exactly these declarations. The application
// ID and origin are not here: they come from app/application.properties
// through BuildConfig, so a new domain rewrites no Kotlin source.
package dev.firstdraft.app.generated

import dev.firstdraft.app.InterfaceTheme
import dev.firstdraft.app.NavigationEntry
import dev.firstdraft.app.R

object ApplicationDefinition {
    const val PROJECT_ID = "00000000-0000-4000-8000-000000000000"
    const val LOWERING_RELEASE = "android-application-2026-11.1"
    const val PROJECTION_DIGEST = "0000000000000000000000000000000000000000000000000000000000000000"
    const val USER_AGENT_PREFIX = "FirstDraft;"

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
