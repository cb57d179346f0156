/// `/application/push`: each flag needs its platform's client and an account.
public struct Push: Hashable, Sendable {
    public var ios: Bool
    public var android: Bool

    public init(ios: Bool = false, android: Bool = false) {
        self.ios = ios
        self.android = android
    }
}
