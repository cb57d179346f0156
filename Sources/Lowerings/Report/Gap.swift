/// A GapSet entry: something the Plan requests that was not (fully) generated, where the Plan
/// asks for it, and for which clients. Built only by the constructors below, so a code always
/// comes with its status and pointer.
public struct Gap: Codable, Hashable, Sendable {
    public var code: GapCode
    public var pointer: String
    public var status: GapStatus
    public var message: String
    /// The clients the gap applies to, in name order (absent for a gap of no client).
    public var clients: [Platform]?

    public init(code: GapCode, pointer: String, status: GapStatus, message: String, clients: [Platform]? = nil) {
        self.code = code
        self.pointer = pointer
        self.status = status
        self.message = message
        self.clients = clients
    }
}

extension Gap {
    // The texts still differ by client (as every earlier GapSet did); code, status, pointer and
    // clients are set here once per kind of gap.

    /// A requested client its lowering omitted because of `diagnostics` (their codes are named).
    static func clientNotGenerated(_ client: Platform, diagnostics: [Diagnostic]) -> Gap {
        let codes = diagnostics.sorted().map(\.code.rawValue).joined(separator: ", ")
        return Gap(code: .nativeClientNotGenerated, pointer: client.clientPointer, status: .notGenerated, message: client == .android
            ? "The Android client was requested but not generated: \(codes). The Rails application is still generated."
            : "the \(client.displayName) client was requested but not generated (\(codes)); the Rails application is still generated. Fix the diagnostics to generate it.",
                   clients: [client])
    }

    /// An emitted client without a domain: `origin` and `identifier` are placeholders.
    static func placeholderIdentity(_ client: Platform, origin: String, identifier: String) -> Gap {
        Gap(code: .nativeClientPartiallyGenerated, pointer: client.clientPointer, status: .partiallyGenerated, message: client == .android
            ? "The Android client uses the placeholder origin \(origin) and application ID \(identifier), which cannot reach the server or be published. Set application.domain (or replace both values) before a Release build: a store application ID cannot change after the app is published."
            : "the \(client.displayName) client uses the placeholder origin \(origin) and bundle id \(identifier): a Release build cannot reach the server or be submitted. Set /application/domain (or replace both values) before a Release build; a bundle id cannot change once the app is published.",
            clients: [client])
    }

    /// Theme `toggle` for an emitted client, which follows the system appearance instead.
    static func themePreference(_ client: Platform) -> Gap {
        Gap(code: .nativeThemePreferenceNotGenerated, pointer: "/application/appearance/theme", status: .partiallyGenerated, message: client == .android
            ? "The theme toggle is browser-only: the Android client follows the system appearance, and no native preference control or bridge is generated."
            : "theme toggle: the \(client.displayName) client follows the system appearance; no native Light/Dark/System preference control is generated.",
            clients: [client])
    }

    /// Push requested for `client`, whose lowering was omitted: nothing of push is generated.
    static func pushClientNotGenerated(_ client: Platform) -> Gap {
        Gap(code: .nativePushNotGenerated, pointer: client.pushPointer, status: .notGenerated, message: client == .android
            ? "Android push was requested, but the Android client was not generated, so neither its push registration nor the server's Android push is; fix the client's diagnostics."
            : "push for \(client.displayName) is requested, but the \(client.displayName) client was not generated, so neither its push registration nor the server's APNs push is; fix the client's diagnostics.",
            clients: [client])
    }

    /// Push requested for `client`: the machinery is generated; what the owner must still provide
    /// is named (the README's "Push notifications" section says where each value goes).
    static func push(_ client: Platform) -> Gap {
        Gap(code: .nativePushPartiallyGenerated, pointer: client.pushPointer, status: .partiallyGenerated, message: client == .android
            ? "Android push is generated (Firebase Messaging registration after sign-in, Action Push Native devices, a test send on the Account page), but it cannot deliver until the owner provides a Firebase project: android/app/google-services.json for the app's application ID (the Android build stops without it) and, on the server, the service account JSON as FCM_ENCRYPTION_KEY and the project ID as FCM_PROJECT_ID (or Rails credentials)."
            : "push for \(client.displayName) is generated (APNs registration after sign-in, Action Push Native devices, a test send on the Account page), but it cannot deliver until the owner provides an APNs auth key: the Push Notifications capability on the bundle id in the Apple Developer account, and on the server the .p8 key as APNS_ENCRYPTION_KEY, its key ID as APNS_KEY_ID and the Team ID as APNS_TEAM_ID (or Rails credentials).",
            clients: [client])
    }
}
