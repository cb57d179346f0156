import Foundation

/// Why `SocketTransport` got no usable answer. `HTTPRemoteCache` turns it into a
/// `CacheError.remote` (status nil), which opens the remote layer's breaker.
enum TransportFailure: Error, Equatable, CustomStringConvertible {
    case timedOut
    case refused
    case hostNotFound(host: String)
    /// The peer closed or reset the connection before the answer was complete.
    case connectionLost
    /// The peer closed a kept-alive connection before sending anything (worth one retry).
    case closedBeforeAnswer
    /// The bytes that came back are not an HTTP/1.x answer we can read.
    case malformedAnswer(String)
    case tls(String)
    case system(operation: String, errno: Int32)
    /// The request cannot be sent as it is (not an http(s) URL, a header with control characters).
    case invalidRequest(String)
    /// A file being uploaded ended before its announced size.
    case fileChanged(path: String)

    var description: String {
        switch self {
        case .timedOut: return "timed out"
        case .refused: return "connection refused"
        case let .hostNotFound(host): return "host \(host) not found"
        case .connectionLost, .closedBeforeAnswer: return "connection lost"
        case let .malformedAnswer(why): return "not an HTTP answer (\(why))"
        case let .tls(why): return "TLS: \(why)"
        case let .system(op, e): return "\(op): \(String(cString: strerror(e))) (errno \(e))"
        case let .invalidRequest(why): return "cannot send the request: \(why)"
        case let .fileChanged(path): return "\(path) changed while it was being uploaded"
        }
    }
}

/// The moment a request must be done by, on the monotonic clock.
struct Deadline {
    let end: UInt64

    init(seconds: Double) {
        end = DispatchTime.now().uptimeNanoseconds &+ UInt64(max(0, seconds) * 1_000_000_000)
    }

    /// Milliseconds left for `poll(2)`: at least 1 while time remains; throws once it passed.
    func pollTimeout() throws -> Int32 {
        let now = DispatchTime.now().uptimeNanoseconds
        guard now < end else { throw TransportFailure.timedOut }
        return Int32(clamping: max(1, (end - now) / 1_000_000))
    }
}
