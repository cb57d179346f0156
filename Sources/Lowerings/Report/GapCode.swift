/// The stable codes of GapSet entries (`FOUNDATION_GAPS.json`, the summary). Workflows match on
/// them, so a code is never renamed; a new kind of gap gets a new code.
public enum GapCode: String, Codable, Hashable, Sendable, CaseIterable, Comparable {
    /// A requested client that could not lower: omitted, the Rails app still generated.
    case nativeClientNotGenerated = "foundation_plan.gap.native_client.not_generated"
    /// An emitted client with a placeholder identity (no domain): it cannot reach the server or
    /// be published.
    case nativeClientPartiallyGenerated = "foundation_plan.gap.native_client.partially_generated"
    /// Theme `toggle`: the emitted clients follow the system; no native preference control.
    case nativeThemePreferenceNotGenerated = "foundation_plan.gap.appearance.native_theme_preference.not_generated"
    /// Push requested for a client whose lowering was omitted, so no push machinery exists for it
    /// (before release 2026-11, every push request: nothing of push was generated yet).
    case nativePushNotGenerated = "foundation_plan.gap.native_push.not_generated"
    /// Push requested for a client: the machinery is generated (Action Push Native, the device
    /// handshake, the native registration, a test send) and the owner must still provide the
    /// credentials (APNs key, Firebase project and google-services.json). One code for every
    /// client (native push, as opposed to browser Web Push, which has no client).
    case nativePushPartiallyGenerated = "foundation_plan.gap.native_push.partially_generated"

    public static func < (a: GapCode, b: GapCode) -> Bool { a.rawValue < b.rawValue }
}
