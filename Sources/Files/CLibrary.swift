#if canImport(Glibc)
import Glibc
#endif

/// C library functions Swift does not import (or that a C library may lack, as musl lacks
/// `malloc_trim`), looked up at run time: nil where there is none.
public enum CLibrary {
    public static func function<F>(_ name: String, as type: F.Type) -> F? {
        #if canImport(Glibc)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: type)
        #else
        return nil
        #endif
    }
}
