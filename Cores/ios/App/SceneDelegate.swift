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
        container.onFirstPage = { [weak splash] in splash?.firstPageReady() }

        self.window = window
        self.container = container
        self.splash = splash
    }
}
