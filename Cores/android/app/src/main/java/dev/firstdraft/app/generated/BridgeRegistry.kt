// Seam placeholder (owner: android.bridge_registry). Composition replaces this file with the
// built-in bridge components /application/bridge leaves on; the member below is the exact API Core
// reads.
package dev.firstdraft.app.generated

import dev.hotwire.core.bridge.BridgeComponent
import dev.hotwire.core.bridge.BridgeComponentFactory
import dev.hotwire.navigation.destinations.HotwireDestination

object BridgeRegistry {
    val COMPONENTS: List<BridgeComponentFactory<HotwireDestination, BridgeComponent<HotwireDestination>>> = listOf()
}
