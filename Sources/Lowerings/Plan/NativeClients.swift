/// `/application/native`: an object's presence requests that client; absence requests nothing.
/// `rules` route paths to the clients' native screens.
public struct NativeClients: Hashable, Sendable {
    public var ios: NativeClient?
    public var android: NativeClient?
    public var rules: [NativeRule]

    public init(ios: NativeClient? = nil, android: NativeClient? = nil, rules: [NativeRule] = []) {
        self.ios = ios
        self.android = android
        self.rules = rules
    }
}

extension NativeClients {
    /// Whether the Plan requests `client` (always false for Rails, which is not a client).
    public func requests(_ client: Platform) -> Bool {
        self.client(client) != nil
    }

    /// The settings of `client`, nil when it is not requested.
    public func client(_ client: Platform) -> NativeClient? {
        switch client {
        case .ios: return ios
        case .android: return android
        case .rails: return nil
        }
    }

    /// The rules that route on `client`, in Plan order, whose screen the client declares.
    public func rules(for client: Platform) -> [NativeRule] {
        guard let settings = self.client(client) else { return [] }
        return rules.filter { ($0.platforms ?? Platform.clients).contains(client) && settings.screen($0.viewController) != nil }
    }
}
