/// `/application`: identity, appearance and the requested native clients.
public struct Application: Hashable, Sendable {
    /// `^[a-z][a-z0-9_]*$`.
    public var key: String
    /// One-line display name.
    public var name: String
    /// A lowercase DNS name; nil requests the placeholder identity.
    public var domain: String?
    /// The key of the entity whose index opens first.
    public var home: String?
    /// nil when `/application/appearance` is omitted.
    public var appearance: Appearance?
    public var native: NativeClients
    public var push: Push

    public init(key: String, name: String, domain: String? = nil, home: String? = nil,
                appearance: Appearance? = nil, native: NativeClients = NativeClients(), push: Push = Push()) {
        self.key = key
        self.name = name
        self.domain = domain
        self.home = home
        self.appearance = appearance
        self.native = native
        self.push = push
    }
}

/// `/application/native`: an object's presence requests that client; absence requests nothing.
public struct NativeClients: Hashable, Sendable {
    public var ios: NativeClient?
    public var android: NativeClient?

    public init(ios: NativeClient? = nil, android: NativeClient? = nil) {
        self.ios = ios
        self.android = android
    }
}

/// The settings of one requested native client. Format v1 defines none: the object is `{}`.
public struct NativeClient: Hashable, Sendable {
    public init() {}
}

/// `/application/push`: each flag needs its platform's client and an account.
public struct Push: Hashable, Sendable {
    public var ios: Bool
    public var android: Bool

    public init(ios: Bool = false, android: Bool = false) {
        self.ios = ios
        self.android = android
    }
}
