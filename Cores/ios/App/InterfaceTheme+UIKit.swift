import UIKit

extension InterfaceTheme {
    var userInterfaceStyle: UIUserInterfaceStyle {
        switch self {
        case .automatic: return .unspecified
        case .light: return .light
        case .dark: return .dark
        }
    }
}

extension UIColor {
    /// The Core's named background color (light and dark), which the launch
    /// storyboard, window, controllers and web views all draw behind content.
    static var foundationBackground: UIColor {
        UIColor(named: "FoundationBackground") ?? .systemBackground
    }
}
