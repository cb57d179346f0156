// Seam placeholder (owner: ios.extension_registry). Composition replaces this file when
// native.ios declares components, screens or a splash; the members below are the exact API Core
// reads.
import HotwireNative
import UIKit

enum ExtensionRegistry {
    static let components: [(name: String, type: BridgeComponent.Type)] = []

    static func screen(_ id: String, url: URL) -> UIViewController? {
        nil
    }

    static let splash: (() -> UIViewController)? = nil

    static let splashMinimumSeconds: TimeInterval = 1.0
}
