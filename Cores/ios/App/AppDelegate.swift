import HotwireNative
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        configureHotwire(rootURL: AppRootURL.current)
        PushRegistration.applicationDidLaunch()
        return true
    }

    // APNs answers `registerForRemoteNotifications()` here (Generated/PushRegistration.swift asks).
    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        PushRegistration.didRegister(deviceToken: deviceToken)
    }

    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: Error) {
        PushRegistration.didFailToRegister(error)
    }

    /// Runs before any Navigator exists, so the first visit already sees the rules.
    private func configureHotwire(rootURL: URL) {
        Hotwire.config.applicationUserAgentPrefix = ApplicationDefinition.userAgentPrefix
        Hotwire.config.backButtonDisplayMode = .minimal
        // Core installs Cancel on the first controller of a modal stack itself.
        Hotwire.config.showDoneButtonOnModals = false
        Hotwire.config.defaultViewController = { url in
            AppWebViewController(url: url)
        }
        Hotwire.config.makeCustomWebView = { configuration in
            AppWebView.make(configuration: configuration, rootURL: rootURL)
        }
        Hotwire.config.makeCustomErrorView = { error, retryHandler in
            TryAgainErrorView(error: error, handler: retryHandler)
        }
        registerBridgeComponents()
        // Hotwire's own handlers, in its own order, stated so the policy is this file's: the app's
        // host stays in the app; other http(s) links open in SFSafariViewController (or their
        // Universal Link's app); anything else (mailto:, tel:, sms:, …) goes to the system.
        Hotwire.registerRouteDecisionHandlers([
            AppNavigationRouteDecisionHandler(),
            SafariViewControllerRouteDecisionHandler(),
            SystemNavigationRouteDecisionHandler(),
        ])
        Hotwire.loadPathConfiguration(from: PathConfigurationSources.make(rootURL: rootURL))
    }

    /// The built-in bridge components /application/bridge leaves on (Generated/BridgeRegistry.swift)
    /// and those native.ios declares, in one call: registering replaces the list. Each declared
    /// type's own `name` must be the one the Plan gives it, which is what the web's Stimulus half
    /// names (the compile checks the Swift source too).
    private func registerBridgeComponents() {
        let declared = ExtensionRegistry.components
        for component in declared {
            assert(component.type.name == component.name,
                   "\(component.type) names itself \"\(component.type.name)\", but native.ios.components calls it \"\(component.name)\"")
        }
        let components = BridgeRegistry.components + declared.map(\.type)
        if !components.isEmpty {
            Hotwire.registerBridgeComponents(components)
        }
    }
}
