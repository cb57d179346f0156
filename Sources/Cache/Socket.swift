import Foundation

/// The few socket calls `HTTPConnection` needs, with deadlines.
enum Socket {
    /// A connected non-blocking TCP socket to `host:port`.
    static func connect(host: String, port: Int, deadline: Deadline) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        // getaddrinfo has no deadline of its own; a literal address or /etc/hosts answers at once.
        let rc = getaddrinfo(host, String(port), &hints, &list)
        guard rc == 0, let first = list else { throw TransportFailure.hostNotFound(host: host) }
        defer { freeaddrinfo(list) }
        var failure = TransportFailure.refused
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let ai = next {
            next = ai.pointee.ai_next
            let fd = socket(ai.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            guard fd >= 0 else { failure = .system(operation: "socket", errno: errno); continue }
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            do {
                try connect(fd, ai.pointee.ai_addr, ai.pointee.ai_addrlen, deadline)
                return fd
            } catch let e as TransportFailure {
                close(fd)
                if e == .timedOut { throw e }
                failure = e
            }
        }
        throw failure
    }

    private static func connect(_ fd: Int32, _ addr: UnsafeMutablePointer<sockaddr>!, _ len: socklen_t, _ deadline: Deadline) throws {
        if Glibc.connect(fd, addr, len) == 0 { return }
        guard errno == EINPROGRESS || errno == EINTR else { throw failure(errno) }
        try poll(fd, Int16(POLLOUT), deadline)
        var err: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &size) == 0 else { throw failure(errno) }
        if err != 0 { throw failure(err) }
    }

    private static func failure(_ e: Int32) -> TransportFailure {
        switch e {
        case ECONNREFUSED: return .refused
        case ETIMEDOUT: return .timedOut
        default: return .system(operation: "connect", errno: e)
        }
    }

    /// Waits until `fd` is ready for `events` (or hung up: the next call then says what happened).
    static func poll(_ fd: Int32, _ events: Int16, _ deadline: Deadline) throws {
        while true {
            var p = pollfd(fd: fd, events: events, revents: 0)
            let n = Glibc.poll(&p, 1, try deadline.pollTimeout())
            if n > 0 { return }
            if n < 0, errno != EINTR { throw TransportFailure.system(operation: "poll", errno: errno) }
        }
    }
}
