/// `/application/push`: each flag needs its platform's client and an account.
public struct Push: Hashable, Sendable {
    public var ios: Bool
    public var android: Bool

    public init(ios: Bool = false, android: Bool = false) {
        self.ios = ios
        self.android = android
    }
}

extension Push {
    /// Whether the Plan requests push for `client` (always false for Rails).
    public func requested(for client: Platform) -> Bool {
        switch client {
        case .ios: return ios
        case .android: return android
        case .rails: return false
        }
    }
}
