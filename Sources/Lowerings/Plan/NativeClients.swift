/// `/application/native`: an object's presence requests that client; absence requests nothing.
public struct NativeClients: Hashable, Sendable {
    public var ios: NativeClient?
    public var android: NativeClient?

    public init(ios: NativeClient? = nil, android: NativeClient? = nil) {
        self.ios = ios
        self.android = android
    }
}
