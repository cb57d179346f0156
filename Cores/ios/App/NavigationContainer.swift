import HotwireNative
import UIKit

/// Owns the window's navigators and builds the container the tab layout asks for:
/// one Navigator, one tab per entry, or four tabs plus Core's own More list.
///
/// The More tab is a Navigator started at `moreListPath`; Core answers that
/// proposal with `MoreListViewController`, so overflow destinations push onto
/// the More stack and Back returns to the list. UIKit's moreNavigationController
/// is never used, because it would start every overflow navigator at launch.
final class NavigationContainer: NSObject {
    static let moreListPath = "/__firstdraft_ios_more__"
    static let resetNavigationProperty = "reset_navigation"

    /// The window's container, for `AppShell.visit`.
    private(set) static weak var current: NavigationContainer?

    private let rootURL: URL
    private let entries: [NavigationEntry]
    private let layout: TabLayout
    private weak var window: UIWindow?
    private var navigators: [Navigator] = []
    private weak var tabBar: LazyTabBarController?
    /// Called once when the first page is ready (a finished request, or a native screen shown),
    /// at once when set after that: the entry path may open a native screen inside `install`.
    var onFirstPage: (() -> Void)? {
        didSet { if firstPageIsReady { notifyFirstPage() } }
    }
    private var firstPageIsReady = false

    init(rootURL: URL, entries: [NavigationEntry], layout: TabLayout) {
        precondition(!entries.isEmpty, "a native client needs at least one navigation entry")
        self.rootURL = rootURL
        self.entries = entries
        self.layout = layout
        super.init()
    }

    func install(in window: UIWindow) {
        self.window = window
        Self.current = self
        window.rootViewController = makeRootController()
    }

    /// The navigator of the selected tab (or the single one).
    var activeNavigator: Navigator? {
        tabBar?.selectedNavigator ?? navigators.first
    }

    /// Rebuilds every navigator, so no tab keeps a page from before a sign-in change.
    func rebuild() {
        guard let window else { return }
        window.rootViewController?.dismiss(animated: false)
        install(in: window)
    }

    var overflowEntries: [NavigationEntry] {
        guard case let .tabsWithMore(directTabs) = layout else { return [] }
        return Array(entries.dropFirst(directTabs))
    }

    // MARK: Building

    private func makeRootController() -> UIViewController {
        navigators = []
        switch layout {
        case .single:
            let navigator = makeNavigator(name: "main", startLocation: entries[0].url(relativeTo: rootURL))
            navigator.start()
            return navigator.rootViewController
        case .tabs:
            return makeTabs(direct: entries, includeMore: false)
        case let .tabsWithMore(directTabs):
            return makeTabs(direct: Array(entries.prefix(directTabs)), includeMore: true)
        }
    }

    private func makeTabs(direct: [NavigationEntry], includeMore: Bool) -> UIViewController {
        var tabs: [LazyTabBarController.Tab] = direct.enumerated().map { index, entry in
            let navigator = makeNavigator(name: "tab-\(index)", startLocation: entry.url(relativeTo: rootURL))
            return LazyTabBarController.Tab(navigator: navigator, item: entry.makeTabBarItem(tag: index))
        }
        if includeMore {
            let navigator = makeNavigator(name: "more", startLocation: moreListURL)
            let item = UITabBarItem(tabBarSystemItem: .more, tag: tabs.count)
            item.accessibilityIdentifier = "tab.more"
            tabs.append(LazyTabBarController.Tab(navigator: navigator, item: item))
        }
        let tabBar = LazyTabBarController(tabs: tabs)
        self.tabBar = tabBar
        return tabBar
    }

    private func makeNavigator(name: String, startLocation: URL) -> Navigator {
        let navigator = Navigator(
            configuration: Navigator.Configuration(name: name, startLocation: startLocation),
            delegate: self
        )
        navigators.append(navigator)
        return navigator
    }

    private var moreListURL: URL {
        var components = URLComponents(url: rootURL, resolvingAgainstBaseURL: false)
        components?.path = Self.moreListPath
        return components?.url ?? rootURL
    }
}

extension NavigationContainer: NavigatorDelegate {
    func handle(proposal: VisitProposal, from navigator: Navigator) -> ProposalResult {
        if proposal.url.path == Self.moreListPath {
            let list = MoreListViewController(entries: overflowEntries, rootURL: rootURL, navigator: navigator)
            return .acceptCustom(list)
        }
        if proposal.properties[Self.resetNavigationProperty] as? Bool == true {
            DispatchQueue.main.async { [weak self] in
                self?.rebuild()
                // Signed in or out: push (when generated) asks for permission only after sign-in.
                PushRegistration.sessionDidChange()
            }
            return .reject
        }
        // A rule's `view_controller: <id>` opens the app's own screen; an id this build does not
        // know falls through to the web.
        if let screen = ExtensionRegistry.screen(proposal.viewController, url: proposal.url) {
            firstPageReady()
            return .acceptCustom(screen)
        }
        return .accept
    }

    func requestDidFinish(at url: URL) {
        firstPageReady()
    }

    private func firstPageReady() {
        firstPageIsReady = true
        notifyFirstPage()
    }

    private func notifyFirstPage() {
        guard let notify = onFirstPage else { return }
        onFirstPage = nil
        notify()
    }
}
