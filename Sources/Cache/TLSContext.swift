import CCrypto
import Foundation

/// OpenSSL's client context for `https://` caches: TLS 1.2 or later, the peer's certificate
/// chain checked against the system's trust store (`SSL_CERT_FILE` / `SSL_CERT_DIR` are honoured,
/// read when the context is made) and its name against the host. Owns an `SSL_CTX`.
final class TLSContext: @unchecked Sendable {
    let ctx: OpaquePointer

    init() throws {
        guard let ctx = SSL_CTX_new(TLS_client_method()) else { throw TransportFailure.tls(Self.lastError()) }
        self.ctx = ctx
        _ = orchestrate_SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION)
        // Non-blocking writes may be retried with another buffer address and may be partial.
        _ = orchestrate_SSL_CTX_set_mode(ctx, Int(SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER))
        SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, nil)
        guard SSL_CTX_set_default_verify_paths(ctx) == 1 else { throw TransportFailure.tls(Self.lastError()) }
    }

    deinit { SSL_CTX_free(ctx) }

    /// The oldest queued OpenSSL error as text (and clears the queue).
    static func lastError() -> String {
        let code = ERR_get_error()
        ERR_clear_error()
        guard code != 0 else { return "unknown error" }
        var buf = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &buf, buf.count)
        return String(cString: buf)
    }
}
