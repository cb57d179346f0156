import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    private var container: NavigationContainer?
    private var splash: SplashPresenter?

    func scene(
        _ scene: UIScene,
        willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    ) {
        guard let windowScene = scene as? UIWindowScene else { return }

        let window = UIWindow(windowScene: windowScene)
        window.overrideUserInterfaceStyle = ApplicationDefinition.theme.userInterfaceStyle
        if let accent = UIColor(named: "AccentColor") {
            window.tintColor = accent
        }
        window.backgroundColor = .foundationBackground

        let container = NavigationContainer(
            rootURL: AppRootURL.current,
            entries: NavigationDefinition.entries,
            layout: NavigationDefinition.tabLayout
        )
        container.install(in: window)
        window.makeKeyAndVisible()
        let splash = SplashPresenter(window: window)
        container.onFirstPage = { [weak self, weak splash] in
            splash?.firstPageReady()
            self?.shellIsReady()
        }

        self.window = window
        self.container = container
        self.splash = splash

        // A link that launched the app waits for the shell's first page, then is replayed.
        if let url = connectionOptions.urlContexts.first?.url {
            receive(url)
        }
        for activity in connectionOptions.userActivities {
            receive(activity)
        }
    }

    // MARK: Incoming links

    /// The app's custom scheme while it runs.
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        for context in URLContexts {
            receive(context.url)
        }
    }

    /// A Universal Link (applinks:<domain>) while it runs.
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        receive(userActivity)
    }

    private var shellReady = false
    private var pendingLink: URL?

    private func receive(_ activity: NSUserActivity) {
        guard activity.activityType == NSUserActivityTypeBrowsingWeb, let url = activity.webpageURL else { return }
        receive(url)
    }

    /// Canonicalizes the link (DeepLink) and routes it, or keeps the latest one until the shell's
    /// first page is ready. A link that is not the app's is dropped.
    private func receive(_ link: URL) {
        let scheme = Bundle.main.object(forInfoDictionaryKey: "FoundationURLScheme") as? String ?? ""
        guard let url = DeepLink.canonical(link.absoluteString, root: AppRootURL.current,
                                           origin: ApplicationDefinition.origin, scheme: scheme) else { return }
        if shellReady {
            AppShell.visit(url.absoluteString)
        } else {
            pendingLink = url
        }
    }

    private func shellIsReady() {
        shellReady = true
        if let url = pendingLink {
            pendingLink = nil
            AppShell.visit(url.absoluteString)
        }
    }
}
