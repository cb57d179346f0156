// Seam placeholder (owner: android.extension_registry). Composition replaces this file when
// native.android declares components, screens or a splash; the members below are the exact API
// Core reads.
package dev.firstdraft.app.generated

import android.content.Context
import android.view.View
import androidx.fragment.app.Fragment
import dev.hotwire.core.bridge.BridgeComponent
import dev.hotwire.core.bridge.BridgeComponentFactory
import dev.hotwire.navigation.destinations.HotwireDestination
import kotlin.reflect.KClass

object ExtensionRegistry {
    val COMPONENTS: List<BridgeComponentFactory<HotwireDestination, BridgeComponent<HotwireDestination>>> = listOf()

    val SCREENS: Map<String, KClass<out Fragment>> = mapOf()

    val SPLASH: ((Context) -> View)? = null

    const val SPLASH_MIN_MILLISECONDS: Long = 1000L
}
