/// `/application/native`: an object's presence requests that client; absence requests nothing.
public struct NativeClients: Hashable, Sendable {
    public var ios: NativeClient?
    public var android: NativeClient?

    public init(ios: NativeClient? = nil, android: NativeClient? = nil) {
        self.ios = ios
        self.android = android
    }
}

extension NativeClients {
    /// Whether the Plan requests `client` (always false for Rails, which is not a client).
    public func requests(_ client: Platform) -> Bool {
        switch client {
        case .ios: return ios != nil
        case .android: return android != nil
        case .rails: return false
        }
    }
}
