import SwiftUI
import UIKit

/// Turns a declared screen or splash into the controller Core shows: a SwiftUI View is hosted,
/// a UIViewController is used as it is. The generated registry calls `controller(_:)` with the
/// declared type's instance and overload resolution picks, so either kind compiles.
enum ExtensionHosting {
    static func controller<Content: View>(_ view: Content) -> UIViewController {
        UIHostingController(rootView: view)
    }

    static func controller(_ controller: UIViewController) -> UIViewController {
        controller
    }
}
