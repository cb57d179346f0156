import HotwireNative
import UIKit

/// Core's web destination. The page starts below the navigation bar, and the
/// first controller of a modal stack gets UIKit's Cancel item, which only
/// dismisses; the Rails form's own button saves.
final class AppWebViewController: HotwireWebViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .foundationBackground
        anchorVisitableViewBelowNavigationBar()
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        installCancelIfFirstInModalStack()
    }

    /// VisitableViewController's viewDidLoad pins `visitableView` to all four edges
    /// of `view`. Only the top constraint moves, to the safe area's top, so UIKit
    /// keeps the automatic bottom inset for the tab bar and home indicator.
    private func anchorVisitableViewBelowNavigationBar() {
        let pinnedTop = view.constraints.filter { constraint in
            constraint.firstItem === visitableView && constraint.firstAttribute == .top
                && constraint.secondItem === view && constraint.secondAttribute == .top
        }
        NSLayoutConstraint.deactivate(pinnedTop)
        visitableView.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor).isActive = true
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
