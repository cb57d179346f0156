import HotwireNative
import UIKit

/// A tab bar of Navigators in which each tab makes its first visit only when
/// it is first selected, so a cold launch requests one page.
final class LazyTabBarController: UITabBarController, UITabBarControllerDelegate {
    struct Tab {
        let navigator: Navigator
        let item: UITabBarItem
    }

    private let tabs: [Tab]
    private var startedTabs: Set<Int> = []

    init(tabs: [Tab]) {
        self.tabs = tabs
        super.init(nibName: nil, bundle: nil)
        viewControllers = tabs.map { tab in
            let controller = tab.navigator.rootViewController
            controller.tabBarItem = tab.item
            return controller
        }
        delegate = self
        startTab(at: 0)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("LazyTabBarController is built in code")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        let appearance = UITabBarAppearance()
        appearance.configureWithDefaultBackground()
        tabBar.standardAppearance = appearance
        tabBar.scrollEdgeAppearance = appearance
    }

    /// The selected tab's navigator.
    var selectedNavigator: Navigator? {
        tabs.indices.contains(selectedIndex) ? tabs[selectedIndex].navigator : nil
    }

    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        startTab(at: selectedIndex)
    }

    private func startTab(at index: Int) {
        guard tabs.indices.contains(index), !startedTabs.contains(index) else { return }
        startedTabs.insert(index)
        tabs[index].navigator.start()
    }
}
