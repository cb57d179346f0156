package dev.firstdraft.app

import android.app.Application
import androidx.appcompat.app.AppCompatDelegate
import dev.firstdraft.app.generated.ApplicationDefinition
import dev.firstdraft.app.generated.BridgeRegistry
import dev.firstdraft.app.generated.ExtensionRegistry
import dev.hotwire.core.config.Hotwire
import dev.hotwire.core.turbo.config.PathConfiguration
import dev.hotwire.navigation.config.defaultFragmentDestination
import dev.hotwire.navigation.config.registerBridgeComponents
import dev.hotwire.navigation.config.registerFragmentDestinations
import dev.hotwire.navigation.config.registerRouteDecisionHandlers
import dev.hotwire.navigation.destinations.HotwireDestinationDeepLink
import dev.hotwire.navigation.routing.AppNavigationRouteDecisionHandler
import dev.hotwire.navigation.routing.BrowserTabRouteDecisionHandler
import dev.hotwire.navigation.routing.SystemNavigationRouteDecisionHandler

class FoundationApplication : Application() {
    override fun onCreate() {
        super.onCreate()
        AppCompatDelegate.setDefaultNightMode(ApplicationDefinition.THEME.nightMode)

        // Read when each WebView is created, so it is set before any navigator exists.
        Hotwire.config.applicationUserAgentPrefix = ApplicationDefinition.USER_AGENT_PREFIX
        Hotwire.config.webViewDebuggingEnabled = BuildConfig.DEBUG

        Hotwire.defaultFragmentDestination = AppWebFragment::class
        Hotwire.registerFragmentDestinations(
            AppWebFragment::class,
            AppWebBottomSheetFragment::class,
            MoreFragment::class,
            *extensionScreens(),
        )
        // Before any WebView exists: the User-Agent lists the registered components. The built-in
        // components /application/bridge leaves on and those native.android declares, in one call:
        // registering replaces the list.
        val components = BridgeRegistry.COMPONENTS + ExtensionRegistry.COMPONENTS
        if (components.isNotEmpty()) {
            Hotwire.registerBridgeComponents(*components.toTypedArray())
        }
        // Hotwire's own handlers, in its own order, stated so the policy is this file's: the app's
        // host stays in the app; other http(s) links open in a Custom Tab; anything else (mailto:,
        // tel:, sms:, ...) goes to the system.
        Hotwire.registerRouteDecisionHandlers(
            AppNavigationRouteDecisionHandler(),
            BrowserTabRouteDecisionHandler(),
            SystemNavigationRouteDecisionHandler(),
        )

        // The bundled rules apply from the first launch; MainActivity adds the
        // server copy once it knows the root (a Debug launch can name a local server).
        Hotwire.loadPathConfiguration(
            context = this,
            location = PathConfiguration.Location(assetFilePath = PATH_CONFIGURATION_ASSET),
        )
    }

    /**
     * The screen Fragments native.android declares. Each must carry the deep link its id derives
     * (`hotwire://fragment/<id>`), which the generated path configuration routes to.
     */
    private fun extensionScreens() = ExtensionRegistry.SCREENS.map { (id, klass) ->
        val uri = klass.java.getAnnotation(HotwireDestinationDeepLink::class.java)?.uri
        check(uri == "hotwire://fragment/$id") {
            "${klass.simpleName} is native.android screen \"$id\"; annotate it @HotwireDestinationDeepLink(uri = \"hotwire://fragment/$id\") (found ${uri ?: "none"})"
        }
        klass
    }.toTypedArray()

    companion object {
        const val PATH_CONFIGURATION_ASSET = "json/android_v1.json"
        const val PATH_CONFIGURATION_SERVER_PATH = "/configurations/android_v1.json"
    }
}
