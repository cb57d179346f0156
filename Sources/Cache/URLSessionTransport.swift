import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `HTTPRemoteCache.Transport` over one URLSession (FoundationNetworking, libcurl on Linux):
/// a synchronous call with its own deadline, so a server that never answers costs one timeout.
final class URLSessionTransport: @unchecked Sendable {
    private let session: URLSession
    private let timeout: Double

    init(timeout: Double, connections: Int) {
        let config = URLSessionConfiguration.ephemeral
        // FoundationNetworking hands libcurl whole seconds (0.5 would become "time out at once"):
        // the session's own limit is a whole second later, the deadline below is the real one.
        config.timeoutIntervalForRequest = timeout.rounded(.up) + 1
        config.timeoutIntervalForResource = timeout.rounded(.up) + 1
        config.httpMaximumConnectionsPerHost = max(1, connections)
        config.urlCache = nil
        config.requestCachePolicy = .reloadIgnoringLocalCacheData
        config.httpShouldSetCookies = false
        session = URLSession(configuration: config)
        self.timeout = timeout
    }

    deinit { session.finishTasksAndInvalidate() }

    func send(_ request: URLRequest) throws -> HTTPRemoteCache.Response {
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let handler: @Sendable (Data?, URLResponse?, Error?) -> Void = { data, response, error in
            box.set(data, response, error)
            done.signal()
        }
        let task: URLSessionTask
        if let body = request.httpBody {
            var r = request
            r.httpBody = nil
            task = session.uploadTask(with: r, from: body, completionHandler: handler)
        } else {
            task = session.dataTask(with: request, completionHandler: handler)
        }
        task.resume()
        if done.wait(timeout: .now() + timeout) == .timedOut {
            task.cancel()
            throw URLError(.timedOut)
        }
        let (data, response, error) = box.get()
        if let error { throw error }
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var headers: [String: String] = [:]
        for (k, v) in http.allHeaderFields {
            if let k = k as? String, let v = v as? String { headers[k.lowercased()] = v }
        }
        return HTTPRemoteCache.Response(status: http.statusCode, headers: headers, body: data.map { [UInt8]($0) } ?? [])
    }

    private final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var value: (Data?, URLResponse?, Error?) = (nil, nil, nil)
        func set(_ d: Data?, _ r: URLResponse?, _ e: Error?) { lock.lock(); value = (d, r, e); lock.unlock() }
        func get() -> (Data?, URLResponse?, Error?) { lock.lock(); defer { lock.unlock() }; return value }
    }
}
