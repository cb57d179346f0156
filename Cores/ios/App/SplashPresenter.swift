import UIKit

/// Shows the declared splash (`ExtensionRegistry.splash`) over the window until the first page
/// is ready (its request finished, or the entry path opened a native screen), but at least
/// `ExtensionRegistry.splashMinimumSeconds`, and gives up after `giveUpSeconds` whatever happens.
final class SplashPresenter {
    static let giveUpSeconds: TimeInterval = 8

    private var controller: UIViewController?
    private let shownAt = Date()
    private var ready = false

    /// nil when the Plan declares no splash.
    init?(window: UIWindow) {
        guard let make = ExtensionRegistry.splash else { return nil }
        let controller = make()
        controller.view.frame = window.bounds
        controller.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        if controller.view.backgroundColor == nil {
            controller.view.backgroundColor = .foundationBackground
        }
        controller.view.accessibilityIdentifier = "splash"
        window.addSubview(controller.view)
        self.controller = controller
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.giveUpSeconds) { [weak self] in
            self?.dismiss()
        }
    }

    /// The first page is there: dismiss once the minimum time has passed.
    func firstPageReady() {
        guard !ready else { return }
        ready = true
        let remaining = max(0, ExtensionRegistry.splashMinimumSeconds - Date().timeIntervalSince(shownAt))
        DispatchQueue.main.asyncAfter(deadline: .now() + remaining) { [weak self] in
            self?.dismiss()
        }
    }

    private func dismiss() {
        guard let view = controller?.view else { return }
        controller = nil
        UIView.animate(withDuration: 0.2, animations: { view.alpha = 0 }, completion: { _ in view.removeFromSuperview() })
    }
}
