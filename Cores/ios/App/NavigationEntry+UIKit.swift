import UIKit

extension NavigationEntry {
    func makeTabBarItem(tag: Int) -> UITabBarItem {
        let item = UITabBarItem(
            title: label,
            image: UIImage(systemName: symbol),
            selectedImage: UIImage(systemName: selectedSymbol)
        )
        item.tag = tag
        item.accessibilityIdentifier = "tab.\(id)"
        return item
    }
}
