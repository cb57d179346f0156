import CCrypto
import Foundation

/// Streaming SHA-256 over libcrypto's EVP interface. Owns an EVP context, hence a class;
/// `finalize()` may be called once.
public final class SHA256Hasher {
    private let ctx: OpaquePointer
    private var finished = false

    /// Fetched once: OpenSSL 3 would otherwise look the algorithm up on every init.
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

    /// Reads the file in 1 MiB chunks.
    public func updateFromFile(at path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw CacheError.io(path: path, operation: "open", errno: errno) }
        defer { close(fd) }
        let size = 1 << 20
        let buf = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer { buf.deallocate() }
        while true {
            let n = read(fd, buf, size)
            if n < 0 {
                if errno == EINTR { continue }
                throw CacheError.io(path: path, operation: "read", errno: errno)
            }
            if n == 0 { break }
            _ = EVP_DigestUpdate(ctx, buf, n)
        }
    }

    public func finalize() -> Digest {
        precondition(!finished, "SHA256Hasher.finalize() called twice")
        finished = true
        var out = [UInt8](repeating: 0, count: 32)
        var len: UInt32 = 0
        out.withUnsafeMutableBufferPointer { p in
            _ = EVP_DigestFinal_ex(ctx, p.baseAddress, &len)
        }
        return Digest(bytes: out)
    }
}
