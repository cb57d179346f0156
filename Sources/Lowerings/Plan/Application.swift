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
    /// `/application/version`: the marketing version both clients ship (iOS
    /// `CFBundleShortVersionString`, Android `versionName`); nil means `ReleaseVersion.default`.
    /// The build number is never a Plan fact: CI stamps it at build time.
    public var version: String?
    /// `/application/bridge`: the built-in bridge components (each on by default).
    public var bridge: Bridge
    /// `/application/links`: the custom URL scheme.
    public var links: Links

    public init(key: String, name: String, domain: String? = nil, home: String? = nil,
                appearance: Appearance? = nil, native: NativeClients = NativeClients(), push: Push = Push(),
                version: String? = nil, bridge: Bridge = Bridge(), links: Links = Links()) {
        self.key = key
        self.name = name
        self.domain = domain
        self.home = home
        self.appearance = appearance
        self.native = native
        self.push = push
        self.version = version
        self.bridge = bridge
        self.links = links
    }
}
