package dev.firstdraft.app

import android.content.Intent
import android.os.Build
import android.os.Bundle
import android.view.View
import androidx.activity.enableEdgeToEdge
import androidx.core.view.ViewCompat
import androidx.core.view.WindowInsetsCompat
import androidx.core.view.isVisible
import com.google.android.material.bottomnavigation.BottomNavigationView
import dev.firstdraft.app.generated.ApplicationDefinition
import dev.firstdraft.app.generated.PushRegistration
import dev.hotwire.core.config.Hotwire
import dev.hotwire.core.turbo.config.PathConfiguration
import dev.hotwire.navigation.activities.HotwireActivity
import dev.hotwire.navigation.navigator.NavigatorConfiguration
import dev.hotwire.navigation.tabs.HotwireBottomNavigationController
import dev.hotwire.navigation.tabs.HotwireBottomTab

/**
 * Hosts one navigator (a single entry), one bottom tab per entry (two to
 * five), or four tabs plus a More destination at [MORE_PATH], which the path
 * configuration maps to `hotwire://fragment/firstdraft-more`.
 */
class MainActivity : HotwireActivity() {
    lateinit var rootUrl: String
        private set

    private val entries = ApplicationDefinition.NAVIGATION
    private val layout = requireNotNull(TabLayout.forEntryCount(entries.size)) {
        "a native client needs at least one navigation entry"
    }
    private var bottomNavigation: HotwireBottomNavigationController? = null
    private var splash: SplashOverlay? = null
    private var shellReady = false
    private var pendingLink: String? = null

    override fun onCreate(savedInstanceState: Bundle?) {
        // The root must be known before HotwireActivity asks for the navigator configurations.
        val extra = intent.getStringExtra(AppRootUrl.EXTRA)
        rootUrl = AppRootUrl.resolve(extra = extra, debug = BuildConfig.DEBUG, compiledOrigin = BuildConfig.APP_ORIGIN)
        val tunnelOrigin = CodespacesTunnel.origin(extra, BuildConfig.DEBUG)
        if (BuildConfig.DEBUG) {
            // Each navigator creates its WebView when its host fragment is created, which can
            // happen inside super.onCreate when fragments are restored, so this comes first.
            Hotwire.config.makeCustomWebView = { context -> AppWebView(context, tunnelOrigin) }
        }
        enableEdgeToEdge()
        super.onCreate(savedInstanceState)
        setContentView(R.layout.activity_main)

        val remoteFileUrl = rootUrl + FoundationApplication.PATH_CONFIGURATION_SERVER_PATH
        Hotwire.loadPathConfiguration(
            context = this,
            location = PathConfiguration.Location(
                assetFilePath = FoundationApplication.PATH_CONFIGURATION_ASSET,
                remoteFileUrl = remoteFileUrl,
            ),
            options = PathConfiguration.LoaderOptions(
                httpHeaders = CodespacesTunnel.headersFor(remoteFileUrl, tunnelOrigin),
            ),
        )

        applyRootInsets()
        loadTabs()
        AppShell.attach(this)
        PushRegistration.activityCreated(this)
        if (savedInstanceState == null) {
            // A link that launched the app waits for the first page, then is replayed.
            receive(intent)
            splash = SplashOverlay.show(this)
            // An entry path a rule routes to a native screen needs no page.
            val entryUri = Hotwire.config.pathConfiguration.properties(entries.first().url(rootUrl))["uri"]
            if (entryUri != null && entryUri != WEB_URI) firstPageReady()
        }
    }

    /** Called by Core's web destination when a visit completes. */
    fun firstPageReady() {
        splash?.firstPageReady()
        if (!shellReady) {
            shellReady = true
            pendingLink?.let { AppShell.visit(it) }
            pendingLink = null
        }
    }

    /** A link in the app's scheme or an App Link while the app runs (launchMode singleTask). */
    override fun onNewIntent(intent: Intent) {
        super.onNewIntent(intent)
        setIntent(intent)
        receive(intent)
    }

    /**
     * Canonicalizes an incoming link ([DeepLink]) and routes it, or keeps the latest one until the
     * first page is ready. A link that is not the app's is dropped.
     */
    private fun receive(intent: Intent?) {
        if (intent?.action != Intent.ACTION_VIEW) return
        val link = intent.dataString ?: return
        val location = DeepLink.canonical(link, root = rootUrl, origin = BuildConfig.APP_ORIGIN, scheme = BuildConfig.APP_URL_SCHEME) ?: return
        // AppShell.visit routes through the current navigator, posted to the main thread.
        if (shellReady) AppShell.visit(location) else pendingLink = location
    }

    override fun navigatorConfigurations(): List<NavigatorConfiguration> = tabs().map { it.configuration }

    /** The overflow entries the More destination lists, in rank order. */
    fun overflowEntries(): List<NavigationEntry> = layout.overflowEntries(entries)

    private fun tabs(): List<HotwireBottomTab> {
        val direct = layout.directEntries(entries).mapIndexed { index, entry ->
            HotwireBottomTab(
                title = entry.label,
                iconResId = entry.iconResId,
                configuration = NavigatorConfiguration(
                    name = "tab-$index",
                    startLocation = entry.url(rootUrl),
                    navigatorHostId = NAVIGATOR_HOST_IDS[index],
                ),
            )
        }
        if (layout !is TabLayout.TabsWithMore) return direct
        val more = HotwireBottomTab(
            title = getString(R.string.core_more),
            iconResId = R.drawable.ic_tab_more,
            configuration = NavigatorConfiguration(
                name = "more",
                startLocation = rootUrl + MORE_PATH,
                navigatorHostId = NAVIGATOR_HOST_IDS[direct.size],
            ),
        )
        return direct + more
    }

    private fun loadTabs() {
        val bottomNavigationView: BottomNavigationView? = findViewById(R.id.bottom_nav)
        if (layout == TabLayout.Single) {
            bottomNavigationView?.isVisible = false
            return
        }
        val view = requireNotNull(bottomNavigationView) { "activity_main.xml has no bottom_nav for tabs" }
        bottomNavigation = HotwireBottomNavigationController(this, view, lazyLoadTabs = true).also {
            it.load(tabs())
        }
    }

    /** The root's share of the window insets; see [InsetPolicy]. */
    private fun applyRootInsets() {
        val root = findViewById<View>(R.id.main_root)
        ViewCompat.setOnApplyWindowInsetsListener(root) { view, insets ->
            val outer = insets.getInsets(WindowInsetsCompat.Type.systemBars() or WindowInsetsCompat.Type.displayCutout())
            val reserved = InsetPolicy.root(
                singleDestination = layout == TabLayout.Single,
                left = outer.left,
                right = outer.right,
                systemBottom = outer.bottom,
                imeBottom = insets.getInsets(WindowInsetsCompat.Type.ime()).bottom,
                keyboardVisibilityFromInsets = Build.VERSION.SDK_INT < Build.VERSION_CODES.R,
            )
            view.setPadding(reserved.left, 0, reserved.right, reserved.bottom)
            insets.inset(reserved.left, 0, reserved.right, reserved.consumedBottom)
        }
    }

    companion object {
        const val MORE_PATH = "/__firstdraft_android_more__"
        private const val WEB_URI = "hotwire://fragment/web"

        private val NAVIGATOR_HOST_IDS = listOf(
            R.id.navigator_host_0,
            R.id.navigator_host_1,
            R.id.navigator_host_2,
            R.id.navigator_host_3,
            R.id.navigator_host_4,
        )
    }
}
