import HotwireNative
import UIKit
import WebKit

/// Core's web destination. The first controller of a modal stack gets UIKit's
/// Cancel item, which only dismisses; the Rails form's own button saves.
final class AppWebViewController: HotwireWebViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(named: "FoundationBackground") ?? .systemBackground
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        installCancelIfFirstInModalStack()
    }

    override func visitableDidActivateWebView(_ webView: WKWebView) {
        super.visitableDidActivateWebView(webView)
        webView.scrollView.keyboardDismissMode = .onDrag
        if let background = UIColor(named: "FoundationBackground") {
            webView.underPageBackgroundColor = background
        }
    }

    private func installCancelIfFirstInModalStack() {
        guard presentingViewController != nil,
              navigationController?.viewControllers.first === self,
              navigationItem.leftBarButtonItem == nil else {
            return
        }
        let cancel = UIAction { [weak self] _ in
            self?.dismiss(animated: true)
        }
        navigationItem.leftBarButtonItem = UIBarButtonItem(systemItem: .cancel, primaryAction: cancel)
    }
}
