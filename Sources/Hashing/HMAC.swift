/// HMAC-SHA256 (RFC 2104) built on the streaming libcrypto SHA-256.
public enum HMAC {
    private static let blockSize = 64

    public static func sha256(key: [UInt8], message: some Collection<UInt8>) -> Digest {
        let m = Streaming(key: key)
        m.update(message)
        return m.finalize()
    }

    /// Incremental HMAC-SHA256 for messages that arrive in pieces.
    public final class Streaming {
        private let inner = SHA256Hasher()
        private let outerPad: [UInt8]

        public init(key: [UInt8]) {
            var k = key.count > HMAC.blockSize ? Digest.of(key).bytes : key
            k += [UInt8](repeating: 0, count: HMAC.blockSize - k.count)
            outerPad = k.map { $0 ^ 0x5c }
            inner.update(k.map { $0 ^ 0x36 })
        }

        public func update(_ data: some Collection<UInt8>) { inner.update(data) }

        public func finalize() -> Digest {
            let innerDigest = inner.finalize()
            let outer = SHA256Hasher()
            outer.update(outerPad)
            outer.update(innerDigest.bytes)
            return outer.finalize()
        }
    }
}
