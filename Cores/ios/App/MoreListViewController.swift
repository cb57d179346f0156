import HotwireNative
import UIKit

/// Core's native More list: the entries beyond the four direct tabs, in rank order.
/// Selecting one pushes it onto the More tab's own stack, so Back returns here.
final class MoreListViewController: UITableViewController {
    private static let cellIdentifier = "MoreEntry"

    private let entries: [NavigationEntry]
    private let rootURL: URL
    private weak var navigator: Navigator?

    init(entries: [NavigationEntry], rootURL: URL, navigator: Navigator) {
        self.entries = entries
        self.rootURL = rootURL
        self.navigator = navigator
        super.init(style: .insetGrouped)
        title = NSLocalizedString("More", comment: "Title of the list of navigation entries beyond the tab bar")
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("MoreListViewController is built in code")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: Self.cellIdentifier)
        tableView.accessibilityIdentifier = "more.list"
        tableView.backgroundColor = .foundationBackground
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        entries.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: Self.cellIdentifier, for: indexPath)
        let entry = entries[indexPath.row]
        var content = cell.defaultContentConfiguration()
        content.text = entry.label
        content.image = UIImage(systemName: entry.symbol)
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
        cell.accessibilityIdentifier = "more.\(entry.id)"
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        navigator?.route(entries[indexPath.row].url(relativeTo: rootURL))
    }
}
