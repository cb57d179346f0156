import Foundation

/// `HTTPRemoteCache.Transport` over plain sockets (OpenSSL for `https://`): HTTP/1.1 with
/// kept-alive connections, one deadline per request (connecting included), and bodies taken
/// only as far as the request's `BodyLimit` allows.
///
/// * **No redirect is followed.** A 3xx is returned like any answer; nothing is ever sent to a
///   host other than the request's own, so credentials never travel.
/// * **No body is held whole unless it is small.** A 2xx body is abandoned as soon as it is known
///   to be longer than the limit (its `Content-Length`, or as it arrives), and the connection is
///   closed; a large one is written to the spool folder as it arrives. Other answers' bodies are
///   read (at most 64 KiB, to keep the connection) and dropped.
///
/// Why not URLSession: FoundationNetworking collects the body of a 301–308 answer itself, out of
/// any delegate's reach, and `cancel()` of such a transfer does not return, so a cache answering
/// 302 with an endless body hung the compile; it also follows redirects to other hosts with
/// every header of the request (`HostileRemoteTests`).
final class SocketTransport: @unchecked Sendable {
    /// The most bytes of a non-2xx body read to keep its connection; past that it is closed.
    static let maxDiscardedBytes: UInt64 = 64 * 1024
    /// Headers the transport writes itself; one given in `HTTPRequest.headers` is left out.
    private static let framingHeaders: Set<String> = ["host", "content-length", "transfer-encoding", "connection"]

    private let timeout: Double
    private let maxIdle: Int
    private let lock = NSLock()
    private var idle: [HTTPConnection.Origin: [HTTPConnection]] = [:]
    private var tls: TLSContext?

    init(timeout: Double, connections: Int) {
        self.timeout = timeout
        maxIdle = max(1, connections)
    }

    func send(_ request: HTTPRequest) throws -> HTTPRemoteCache.Response {
        guard let origin = HTTPConnection.Origin(request.url) else { throw TransportFailure.invalidRequest("not an http(s) URL: \(request.url)") }
        let deadline = Deadline(seconds: timeout)
        let head = try Self.head(request, origin)
        var attempt = 0
        while true {
            let (connection, reused) = try connection(for: origin, deadline: deadline)
            do {
                let (response, reusable) = try exchange(connection, head, request, deadline)
                if reusable { release(connection) }
                return response
            } catch TransportFailure.closedBeforeAnswer where reused && attempt == 0 {
                // The server closed a kept-alive connection meanwhile: once more, on a new one.
                attempt += 1
            } catch TransportFailure.closedBeforeAnswer {
                throw TransportFailure.connectionLost
            }
        }
    }

    // MARK: Internals

    private func exchange(_ c: HTTPConnection, _ head: [UInt8], _ request: HTTPRequest, _ deadline: Deadline) throws -> (HTTPRemoteCache.Response, Bool) {
        var sendFailure: TransportFailure?
        do {
            try head.withUnsafeBytes { try c.write($0, deadline: deadline) }
            try writeBody(request.body, to: c, deadline: deadline)
        } catch let e as TransportFailure where e == .connectionLost {
            // The server may have answered early (413 for a large upload) and closed: read it.
            sendFailure = e
        }
        let reader = HTTPResponseReader(source: c)
        var answer: HTTPResponseReader.Head
        do {
            repeat { answer = try reader.readHead(deadline: deadline, bodyless: request.method == "HEAD") } while (100..<200).contains(answer.status)
        } catch TransportFailure.closedBeforeAnswer where sendFailure != nil {
            throw TransportFailure.closedBeforeAnswer
        }
        let reusable = answer.keepAlive && sendFailure == nil
        guard (200..<300).contains(answer.status) else {
            var seen: UInt64 = 0
            let whole = try reader.readBody(answer.framing, deadline: deadline) { piece in
                seen += UInt64(piece.count)
                return seen <= Self.maxDiscardedBytes
            }
            return (HTTPRemoteCache.Response(status: answer.status, headers: answer.headers), reusable && whole && !reader.hasUnreadBytes)
        }
        let limit = request.limit
        if case let .length(n) = answer.framing, n > limit.maxBytes {
            return (HTTPRemoteCache.Response(status: answer.status, headers: answer.headers, abandoned: .tooLong(limit: limit.maxBytes, announced: n)), false)
        }
        let collector = BodyCollector(limit: limit)
        guard try reader.readBody(answer.framing, deadline: deadline, take: { try collector.append($0) }) else {
            return (HTTPRemoteCache.Response(status: answer.status, headers: answer.headers, abandoned: .tooLong(limit: limit.maxBytes, announced: nil)), false)
        }
        return (HTTPRemoteCache.Response(status: answer.status, headers: answer.headers, body: try collector.finish()), reusable && !reader.hasUnreadBytes)
    }

    private func writeBody(_ body: Body?, to c: HTTPConnection, deadline: Deadline) throws {
        switch body {
        case nil: return
        case let .bytes(b)?: try b.withUnsafeBytes { try c.write($0, deadline: deadline) }
        case let .file(f)?:
            let fd = open(f.path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw TransportFailure.system(operation: "open \(f.path)", errno: errno) }
            defer { close(fd) }
            let chunk = 1 << 20
            let buf = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
            defer { buf.deallocate() }
            var left = f.size
            while left > 0 {
                let n = read(fd, buf.baseAddress, Int(min(UInt64(chunk), left)))
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { throw n == 0 ? TransportFailure.fileChanged(path: f.path) : TransportFailure.system(operation: "read \(f.path)", errno: errno) }
                try c.write(UnsafeRawBufferPointer(rebasing: buf[0..<n]), deadline: deadline)
                left -= UInt64(n)
            }
        }
    }

    /// The request line and headers.
    static func head(_ r: HTTPRequest, _ origin: HTTPConnection.Origin) throws -> [UInt8] {
        var path = URLComponents(url: r.url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? "/"
        if path.isEmpty { path = "/" }
        var text = "\(r.method) \(path) HTTP/1.1\r\nHost: \(origin.hostHeader)\r\nUser-Agent: orchestrate\r\n"
        if let body = r.body {
            text += "Content-Length: \(body.count)\r\n"
        } else if r.method == "PUT" {
            text += "Content-Length: 0\r\n"
        }
        for h in r.headers where !framingHeaders.contains(h.name.lowercased()) {
            let bad = { (s: String) in s.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7f } }
            guard !bad(h.name), !bad(h.value), !h.name.contains(":"), !h.name.isEmpty else {
                throw TransportFailure.invalidRequest("header \"\(h.name)\" with control characters")
            }
            text += "\(h.name): \(h.value)\r\n"
        }
        text += "\r\n"
        return Array(text.utf8)
    }

    private func connection(for origin: HTTPConnection.Origin, deadline: Deadline) throws -> (HTTPConnection, reused: Bool) {
        lock.lock()
        while let c = idle[origin]?.popLast() {
            lock.unlock()
            if c.looksIdle { return (c, true) }
            lock.lock()
        }
        var context: TLSContext? = nil
        if origin.secure {
            if tls == nil {
                do { tls = try TLSContext() } catch { lock.unlock(); throw error }
            }
            context = tls
        }
        lock.unlock()
        return (try HTTPConnection(origin: origin, tls: context, deadline: deadline), false)
    }

    private func release(_ c: HTTPConnection) {
        lock.lock(); defer { lock.unlock() }
        if idle[c.origin, default: []].count < maxIdle { idle[c.origin, default: []].append(c) }
    }
}
