package dev.firstdraft.app

import android.app.Application
import androidx.appcompat.app.AppCompatDelegate
import dev.firstdraft.app.generated.ApplicationDefinition
import dev.hotwire.core.config.Hotwire
import dev.hotwire.core.turbo.config.PathConfiguration
import dev.hotwire.navigation.config.defaultFragmentDestination
import dev.hotwire.navigation.config.registerFragmentDestinations

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
        )

        // The bundled rules apply from the first launch; MainActivity adds the
        // server copy once it knows the root (a Debug launch can name a local server).
        Hotwire.loadPathConfiguration(
            context = this,
            location = PathConfiguration.Location(assetFilePath = PATH_CONFIGURATION_ASSET),
        )
    }

    companion object {
        const val PATH_CONFIGURATION_ASSET = "json/android_v1.json"
        const val PATH_CONFIGURATION_SERVER_PATH = "/configurations/android_v1.json"
    }
}
