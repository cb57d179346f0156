import CCrypto

/// Streaming SHA-256 over libcrypto's EVP interface. Owns an EVP context, hence a class;
/// `finalize()` may be called once. `digest(_:)` is the one-shot form.
public final class SHA256Hasher {
    private let ctx: OpaquePointer
    private var finished = false

    /// The one SHA-256 handle of this code base, fetched from libcrypto's provider once: OpenSSL 3
    /// would otherwise look the algorithm up again on every init or one-shot digest, which costs
    /// more than hashing a small object.
    private static let algorithm: OpaquePointer? = EVP_MD_fetch(nil, "SHA256", nil)

    public init() {
        guard let c = EVP_MD_CTX_new() else { fatalError("EVP_MD_CTX_new failed: out of memory") }
        guard EVP_DigestInit_ex(c, Self.algorithm ?? EVP_sha256(), nil) == 1 else { fatalError("EVP_DigestInit_ex(sha256) failed") }
        ctx = c
    }

    deinit { EVP_MD_CTX_free(ctx) }

    public func update(_ data: some Collection<UInt8>) {
        let done: Void? = data.withContiguousStorageIfAvailable { buf in
            update(UnsafeRawBufferPointer(buf))
        }
        if done == nil { update(Array(data)) }
    }

    public func update(_ raw: UnsafeRawBufferPointer) {
        guard raw.count > 0 else { return }
        _ = EVP_DigestUpdate(ctx, raw.baseAddress, raw.count)
    }

    public func finalize() -> Digest {
        precondition(!finished, "SHA256Hasher.finalize() called twice")
        finished = true
        var out: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var len: UInt32 = 0
        return withUnsafeMutableBytes(of: &out) { p in
            _ = EVP_DigestFinal_ex(ctx, p.baseAddress?.assumingMemoryBound(to: UInt8.self), &len)
            return Digest(raw: UnsafeRawBufferPointer(p))
        }
    }

    /// The SHA-256 of `raw` in one libcrypto call (no context to allocate).
    public static func digest(_ raw: UnsafeRawBufferPointer) -> Digest {
        var out: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &out) { o in
            _ = EVP_Digest(raw.baseAddress, raw.count, o.baseAddress?.assumingMemoryBound(to: UInt8.self), nil, algorithm ?? EVP_sha256(), nil)
            return Digest(raw: UnsafeRawBufferPointer(o))
        }
    }
}
