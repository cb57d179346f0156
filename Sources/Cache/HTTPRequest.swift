import Foundation

/// One request to a remote cache, as `HTTPRemoteCache` hands it to its transport.
public struct HTTPRequest: Sendable {
    public var method: String
    public var url: URL
    /// Sent in order, after `Host` (and `Content-Length` when there is a body).
    public var headers: [RemoteOptions.HTTPHeader]
    public var body: Body?
    /// How much of a 2xx answer's body to take, and where a large one goes.
    public var limit: BodyLimit

    public init(method: String, url: URL, headers: [RemoteOptions.HTTPHeader] = [], body: Body? = nil,
                limit: BodyLimit = BodyLimit(maxBytes: 0)) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.limit = limit
    }

    /// The last value of a header, by case-insensitive name.
    public func header(_ name: String) -> String? {
        headers.last { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The body's bytes when they are in memory (tests read uploads through this).
    public var bodyBytes: [UInt8]? {
        if case let .bytes(b)? = body { return b }
        return nil
    }
}

/// How much of a successful answer's body a request accepts.
///
/// A 2xx body longer than `maxBytes` is abandoned the moment that is known (from its
/// `Content-Length`, or as it arrives) and the connection closed; the response then carries
/// `abandoned` and no body. Bodies longer than `memoryBytes` are written to a temporary file in
/// `spoolDirectory` instead of memory (kept in memory when there is no such folder).
public struct BodyLimit: Hashable, Sendable {
    public var maxBytes: UInt64
    public var spoolDirectory: String?
    public var memoryBytes: Int

    public init(maxBytes: UInt64, spoolDirectory: String? = nil, memoryBytes: Int = 1 << 20) {
        self.maxBytes = maxBytes
        self.spoolDirectory = spoolDirectory
        self.memoryBytes = memoryBytes
    }
}
