import Foundation

/// How to reach and trust a remote cache: a Bazel HTTP cache (`http://`, `https://`) or an REAPI
/// v2 server over gRPC (`grpc://`, `grpcs://` with TLS).
public struct RemoteOptions: Sendable {
    /// Which protocol the URL's scheme asks for.
    public enum Wire: Hashable, Sendable {
        case http
        /// REAPI v2 over gRPC; `tls` for `grpcs://`.
        case grpc(tls: Bool)
    }

    public var wire: Wire
    /// The base URL without credentials or a trailing slash (may carry a path prefix). For gRPC,
    /// `scheme://host:port`.
    public var baseURL: String
    /// gRPC: `host:port`, the channel's target.
    public var grpcTarget: String {
        guard let c = URLComponents(string: baseURL), let host = c.host else { return baseURL }
        let h = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(h):\(c.port ?? 443)"
    }
    /// gRPC: the REAPI `instance_name` every request carries ("" is the default instance).
    public var instanceName = ""
    /// gRPC over TLS: the PEM certificates to trust instead of the system's (nil: the system's).
    public var rootCertificates: [UInt8]?
    /// Sent with every request, in order (`Authorization` from the URL's user:password first).
    public var headers: [HTTPHeader]
    /// The HMAC-SHA256 key entries are signed and verified with; nil trusts the server.
    public var signingKey: [UInt8]?
    /// Seconds one request may take, connecting included.
    public var timeout: Double
    /// Requests in flight at once, over all threads.
    public var maxConcurrentRequests: Int
    /// The longest `/ac/` body accepted (an ActionResult of ours is a few hundred bytes).
    public var maxEntryBytes: UInt64 = 1 << 20
    /// The longest object body accepted when no entry declares its size (a pinned object asked
    /// for by digest alone). With a declared size, the body must have exactly that size.
    public var maxUndeclaredObjectBytes: UInt64 = 64 << 20
    /// Bodies longer than this are written to the local store's `tmp/` as they arrive.
    public var memoryBodyBytes = 1 << 20

    public struct HTTPHeader: Hashable, Sendable {
        public var name: String
        public var value: String
        public init(name: String, value: String) { self.name = name; self.value = value }
    }

    /// Parses `http[s]://[user:password@]host[:port][/prefix]` or `grpc[s]://host:port`. A user
    /// and password become a Basic `Authorization` header and are dropped from the URL, so
    /// `location` never shows the password. Throws `CacheError.remote` (status nil) for anything
    /// else.
    public init(url: String, headers: [HTTPHeader] = [], signingKey: [UInt8]? = nil,
                timeout: Double = 10, maxConcurrentRequests: Int = 8) throws {
        guard var c = URLComponents(string: url), let scheme = c.scheme?.lowercased(),
              ["http", "https", "grpc", "grpcs"].contains(scheme), let host = c.host, !host.isEmpty else {
            throw CacheError.remote(url: Self.redact(url), reason: "not an http://, https://, grpc:// or grpcs:// URL with a host")
        }
        guard c.query == nil, c.fragment == nil else {
            throw CacheError.remote(url: Self.redact(url), reason: "a cache URL takes no query or fragment")
        }
        if scheme.hasPrefix("grpc") {
            guard c.port != nil else {
                throw CacheError.remote(url: Self.redact(url), reason: "a gRPC remote needs a port (grpc://host:port)")
            }
            guard c.path.isEmpty || c.path == "/" else {
                throw CacheError.remote(url: Self.redact(url), reason: "a gRPC URL takes no path; an REAPI instance name is given apart")
            }
            self.wire = .grpc(tls: scheme == "grpcs")
        } else {
            self.wire = .http
        }
        var all: [HTTPHeader] = []
        if c.user != nil || c.password != nil {
            let pair = "\(c.user ?? ""):\(c.password ?? "")"
            all.append(HTTPHeader(name: "Authorization", value: "Basic " + Data(pair.utf8).base64EncodedString()))
            c.user = nil
            c.password = nil
        }
        while c.path.hasSuffix("/") { c.path.removeLast() }
        guard let clean = c.string else {
            throw CacheError.remote(url: Self.redact(url), reason: "the URL cannot be rebuilt without its credentials")
        }
        self.baseURL = clean
        self.headers = all + headers
        self.signingKey = signingKey
        self.timeout = timeout
        self.maxConcurrentRequests = max(1, maxConcurrentRequests)
        self.location = Self.redact(url).trimmingSuffix("/")
    }

    /// The URL as messages show it: user kept, password replaced by `****`.
    public let location: String

    /// Replaces the password of `url` (if any) by `****`; leaves anything unparsable alone
    /// except what looks like `user:password@`.
    public static func redact(_ url: String) -> String {
        guard let scheme = url.range(of: "://") else { return url }
        let rest = url[scheme.upperBound...]
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        guard let at = rest[..<authorityEnd].lastIndex(of: "@") else { return url }
        let userinfo = rest[..<at]
        let user = userinfo.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
        let masked = userinfo.contains(":") ? "\(user):****" : user
        return String(url[..<scheme.upperBound]) + masked + String(rest[at...])
    }

    /// Why `header` cannot travel as gRPC call metadata, nil when it can. gRPC's rules for a key
    /// (sent lower-cased): letters, digits, `-`, `_` and `.`; for the value of a text key,
    /// printable ASCII (a key ending in `-bin` carries bytes). The C core refuses a call that
    /// breaks them with a bare error code, so they are checked before anything is sent.
    public static func grpcMetadataProblem(_ header: HTTPHeader) -> String? {
        let name = header.name.lowercased()
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0) }) else {
            return "a name takes only letters, digits, '-', '_' and '.'"
        }
        if name.hasSuffix("-bin") { return nil }
        guard header.value.unicodeScalars.allSatisfy({ (0x20...0x7e).contains($0.value) }) else {
            return "a value takes only printable ASCII"
        }
        return nil
    }

    /// Parses a `Name: value` header as given on the command line; nil when it has no name.
    public static func header(_ text: String) -> HTTPHeader? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let name = text[..<colon].trimmingCharacters(in: .whitespaces)
        let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        let control = { (s: String) in s.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7f } }
        guard !name.isEmpty, !name.contains(" "), !control(name), !control(value) else { return nil }
        return HTTPHeader(name: name, value: value)
    }
}

private extension String {
    func trimmingSuffix(_ s: String) -> String {
        var out = self
        while out.hasSuffix(s) { out.removeLast(s.count) }
        return out
    }
}
