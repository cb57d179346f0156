import HotwireNative
import UIKit

/// The native half of `share`: the web's `bridge--share` controller sends a URL and a title,
/// and the system share sheet opens over the page.
final class ShareComponent: BridgeComponent {
    override nonisolated class var name: String { "share" }

    override func onReceive(message: Message) {
        guard message.event == "share", let payload: Payload = message.data(),
              let url = URL(string: payload.url),
              let controller = delegate?.destination as? UIViewController else { return }
        let sheet = UIActivityViewController(activityItems: [payload.title, url], applicationActivities: nil)
        controller.present(sheet, animated: true)
    }

    private struct Payload: Decodable {
        let url: String
        let title: String
    }
}
