import CCrypto
import Foundation

/// One TLS session over a connected non-blocking socket. Owns an `SSL`.
final class TLSStream {
    private let ssl: OpaquePointer

    /// Handshakes over `fd` (connected, non-blocking) by `deadline`, checking the certificate
    /// against `host` (a DNS name or an IP literal).
    init(context: TLSContext, fd: Int32, host: String, deadline: Deadline) throws {
        guard let ssl = SSL_new(context.ctx) else { throw TransportFailure.tls(TLSContext.lastError()) }
        self.ssl = ssl
        SSL_set_fd(ssl, fd)
        if Self.isIPLiteral(host) {
            X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), host)
        } else {
            _ = orchestrate_SSL_set_tlsext_host_name(ssl, host)
            SSL_set1_host(ssl, host)
        }
        while true {
            let rc = withoutSIGPIPE { SSL_connect(ssl) }
            if rc == 1 { return }
            try wait(rc, fd: fd, deadline: deadline, during: "handshake")
        }
    }

    deinit { SSL_free(ssl) }

    func write(_ bytes: UnsafeRawBufferPointer, fd: Int32, deadline: Deadline) throws -> Int {
        while true {
            let n = withoutSIGPIPE { SSL_write(ssl, bytes.baseAddress, Int32(clamping: bytes.count)) }
            if n > 0 { return Int(n) }
            try wait(n, fd: fd, deadline: deadline, during: "write")
        }
    }

    /// Bytes read, 0 at a clean or unclean end of the stream.
    func read(into buffer: UnsafeMutableRawBufferPointer, fd: Int32, deadline: Deadline) throws -> Int {
        while true {
            let n = withoutSIGPIPE { SSL_read(ssl, buffer.baseAddress, Int32(clamping: buffer.count)) }
            if n > 0 { return Int(n) }
            switch SSL_get_error(ssl, n) {
            case SSL_ERROR_ZERO_RETURN: return 0
            case SSL_ERROR_SYSCALL:
                ERR_clear_error()
                // EOF without close_notify, or a reset: the answer ends here (framing decides).
                return 0
            default: try wait(n, fd: fd, deadline: deadline, during: "read")
            }
        }
    }

    /// Polls for what OpenSSL wants next; throws for anything but "try again".
    private func wait(_ rc: Int32, fd: Int32, deadline: Deadline, during: String) throws {
        let events: Int16
        switch SSL_get_error(ssl, rc) {
        case SSL_ERROR_WANT_READ: events = Int16(POLLIN)
        case SSL_ERROR_WANT_WRITE: events = Int16(POLLOUT)
        case SSL_ERROR_SSL:
            let verify = SSL_get_verify_result(ssl)
            if verify != X509_V_OK {
                ERR_clear_error()
                throw TransportFailure.tls("certificate not trusted: \(String(cString: X509_verify_cert_error_string(verify)))")
            }
            throw TransportFailure.tls("\(during) failed: \(TLSContext.lastError())")
        case SSL_ERROR_SYSCALL:
            let e = errno
            ERR_clear_error()
            throw e == 0 || e == ECONNRESET || e == EPIPE ? TransportFailure.connectionLost : TransportFailure.system(operation: "TLS \(during)", errno: e)
        default:
            throw TransportFailure.tls("\(during) failed: \(TLSContext.lastError())")
        }
        try Socket.poll(fd, events, deadline)
    }

    private static func isIPLiteral(_ host: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }

    /// Runs `body` with SIGPIPE blocked on this thread and drops a SIGPIPE it raised: OpenSSL
    /// writes to the socket with write(2), which signals instead of failing on a closed peer.
    private func withoutSIGPIPE<T>(_ body: () -> T) -> T {
        var pipe = sigset_t(), old = sigset_t(), pending = sigset_t()
        sigemptyset(&pipe)
        sigaddset(&pipe, SIGPIPE)
        sigpending(&pending)
        let alreadyPending = sigismember(&pending, SIGPIPE) == 1
        pthread_sigmask(SIG_BLOCK, &pipe, &old)
        let result = body()
        if !alreadyPending {
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var zero = timespec()
                _ = sigtimedwait(&pipe, nil, &zero)
            }
        }
        pthread_sigmask(SIG_SETMASK, &old, nil)
        return result
    }
}
