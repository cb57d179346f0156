// Seam placeholder (owner: ios.push_registration). Composition replaces this file when
// /application/push/ios is true; the members below are the exact API Core calls (AppDelegate,
// NavigationContainer). Without push, nothing asks for notification permission.
import Foundation

enum PushRegistration {
    /// At launch: refresh the token of an app the user already allowed to notify.
    static func applicationDidLaunch() {}

    /// After a sign-in or sign-out (the `reset_navigation` page): ask for permission once signed in.
    static func sessionDidChange() {}

    static func didRegister(deviceToken: Data) {}

    static func didFailToRegister(_ error: Error) {}
}
