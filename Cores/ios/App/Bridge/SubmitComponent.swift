import HotwireNative
import UIKit

/// The native half of the built-in `submit` bridge component (the web half is
/// `app/javascript/controllers/bridge/submit_controller.js`, opted in by the generated forms'
/// submit button): the button's title as the right bar button of the page's controller, where the
/// keyboard cannot cover it. A tap replies to the web's `connect` message, whose callback clicks
/// the HTML button, so the form submits exactly as on the web; `disconnect` (the form left the
/// page) removes the bar button. Registered by `AppDelegate` from `Generated/BridgeRegistry.swift`.
final class SubmitComponent: BridgeComponent {
    override class var name: String { "submit" }

    private weak var barButtonItem: UIBarButtonItem?

    private var viewController: UIViewController? {
        delegate?.destination as? UIViewController
    }

    override func onReceive(message: Message) {
        switch message.event {
        case "connect":
            guard let data: ConnectData = message.data() else { return }
            showBarButton(title: data.title)
        case "disconnect":
            removeBarButton()
        default:
            break
        }
    }

    private func showBarButton(title: String) {
        guard let viewController else { return }
        let action = UIAction { [weak self] _ in
            self?.reply(to: "connect")
        }
        let item = UIBarButtonItem(title: title, primaryAction: action)
        item.accessibilityIdentifier = "bridge.submit"
        viewController.navigationItem.rightBarButtonItem = item
        barButtonItem = item
    }

    private func removeBarButton() {
        guard let viewController, let item = barButtonItem,
              viewController.navigationItem.rightBarButtonItem === item else { return }
        viewController.navigationItem.rightBarButtonItem = nil
    }

    private struct ConnectData: Decodable {
        let title: String
    }
}
