/// `/application/push` as each tree reads it. A native client reads only its own flag, so adding
/// `push.android` leaves every iOS task key and the iOS native input digest as they were (and
/// the reverse). Rails reads `RailsPushSpec`'s `rails.push`.
public enum PushProjection {
    /// `push` (or `name`): whether `client` (iOS or Android) registers for push.
    public static func client(_ client: Platform, requested: Bool, name: String = "push") -> Projection {
        Projection(name: name, fields: ["requested": .bool(requested)],
                   sources: ["requested": [client.pushPointer]])
    }
}
