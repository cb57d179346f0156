#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension String {
    /// Whether this string's UTF-8 bytes sort before `other`'s (byte order, shorter first on a
    /// common prefix): the order tree digests, task keys and StableJSON's sorted keys use. Compares
    /// in place with `memcmp` where `utf8.lexicographicallyPrecedes` would walk both views.
    public func utf8Precedes(_ other: String) -> Bool {
        var a = self, b = other
        return a.withUTF8 { pa in
            b.withUTF8 { pb in
                let n = Swift.min(pa.count, pb.count)
                let c = n == 0 ? 0 : memcmp(pa.baseAddress!, pb.baseAddress!, n)
                return c != 0 ? c < 0 : pa.count < pb.count
            }
        }
    }

    /// Whether this string's UTF-8 bytes begin with `prefix`'s: a path's folder by its bytes, as
    /// tree digests list paths (`hasPrefix` compares Characters, which is slower and, for a
    /// combining mark after the prefix, another answer).
    public func utf8HasPrefix(_ prefix: String) -> Bool {
        var a = self, b = prefix
        return a.withUTF8 { pa in
            b.withUTF8 { pb in pb.count <= pa.count && (pb.count == 0 || memcmp(pa.baseAddress!, pb.baseAddress!, pb.count) == 0) }
        }
    }
}
