import Foundation

/// Where bytes of an HTTP answer come from: a connection, or canned bytes in tests.
protocol ByteSource: AnyObject {
    /// Reads at most `buffer.count` bytes; 0 means the peer closed the stream.
    func read(into buffer: UnsafeMutableRawBufferPointer, deadline: Deadline) throws -> Int
}

/// One TCP connection to a cache (TLS on top for `https://`), non-blocking underneath, every
/// call bounded by the request's deadline. Owns the socket.
final class HTTPConnection: ByteSource {
    let origin: Origin
    private let fd: Int32
    private let tls: TLSStream?

    /// scheme, host and port: what a kept-alive connection may be reused for.
    struct Origin: Hashable, Sendable {
        var secure: Bool
        var host: String
        var port: Int

        init?(_ url: URL) {
            guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty else { return nil }
            secure = scheme == "https"
            // URL.host keeps the brackets of an IPv6 literal on some platforms.
            self.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
            port = url.port ?? (secure ? 443 : 80)
        }

        /// The `Host` header: the port only when it is not the scheme's default.
        var hostHeader: String {
            let h = host.contains(":") ? "[\(host)]" : host
            return port == (secure ? 443 : 80) ? h : "\(h):\(port)"
        }
    }

    /// Resolves, connects (trying each address in turn) and, for `https`, handshakes.
    init(origin: Origin, tls context: TLSContext?, deadline: Deadline) throws {
        self.origin = origin
        fd = try Socket.connect(host: origin.host, port: origin.port, deadline: deadline)
        do {
            if origin.secure {
                guard let context else { throw TransportFailure.tls("no TLS context") }
                tls = try TLSStream(context: context, fd: fd, host: origin.host, deadline: deadline)
            } else {
                tls = nil
            }
        } catch {
            close(fd)
            throw error
        }
    }

    deinit { close(fd) }

    func write(_ bytes: UnsafeRawBufferPointer, deadline: Deadline) throws {
        var done = 0
        while done < bytes.count {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[done...])
            if let tls {
                done += try tls.write(rest, fd: fd, deadline: deadline)
                continue
            }
            let n = send(fd, rest.baseAddress, rest.count, Int32(MSG_NOSIGNAL))
            if n >= 0 { done += n; continue }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: try Socket.poll(fd, Int16(POLLOUT), deadline)
            case EPIPE, ECONNRESET: throw TransportFailure.connectionLost
            case let e: throw TransportFailure.system(operation: "send", errno: e)
            }
        }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer, deadline: Deadline) throws -> Int {
        if let tls { return try tls.read(into: buffer, fd: fd, deadline: deadline) }
        while true {
            let n = recv(fd, buffer.baseAddress, buffer.count, 0)
            if n >= 0 { return n }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: try Socket.poll(fd, Int16(POLLIN), deadline)
            case ECONNRESET: return 0
            case let e: throw TransportFailure.system(operation: "recv", errno: e)
            }
        }
    }

    /// Whether an idle kept-alive connection still looks usable: no bytes and no hang-up waiting.
    var looksIdle: Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return Glibc.poll(&p, 1, 0) == 0
    }
}
