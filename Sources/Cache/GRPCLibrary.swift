import CGRPC
import Foundation

/// gRPC's C core, loaded with `dlopen` the first time a `grpc://` remote is used: the binary has
/// no link-time dependency on it (`Sources/CGRPC/shim.h`), so a machine without libgrpc runs every
/// other command. Loaded once per process and never unloaded.
final class GRPCLibrary: @unchecked Sendable {
    /// The library names tried in order: Debian's runtime package (`libgrpc29`) first, then the
    /// development symlink (`libgrpc-dev`).
    static let defaultNames = ["libgrpc.so.29", "libgrpc.so"]

    let api: UnsafeMutablePointer<orchestrate_grpc_api>
    let name: String

    private init(api: UnsafeMutablePointer<orchestrate_grpc_api>, name: String) {
        self.api = api
        self.name = name
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var loaded: [String: Result<GRPCLibrary, CacheError>] = [:]

    /// The library, loaded (and `grpc_init` called) on first use. `override` replaces the list
    /// of names tried (the environment's `ORCHESTRATE_LIBGRPC`, a test hook). Throws
    /// `CacheError.grpcUnavailable`.
    static func shared(override: String? = nil) throws -> GRPCLibrary {
        let names = override.map { [$0] } ?? defaultNames
        let cacheKey = names.joined(separator: ":")
        lock.lock()
        defer { lock.unlock() }
        if let r = loaded[cacheKey] { return try r.get() }
        let result = load(names)
        loaded[cacheKey] = result
        return try result.get()
    }

    private static func load(_ names: [String]) -> Result<GRPCLibrary, CacheError> {
        var reasons: [String] = []
        for name in names {
            let api = UnsafeMutablePointer<orchestrate_grpc_api>.allocate(capacity: 1)
            var detail: UnsafePointer<CChar>?
            let rc = orchestrate_grpc_load(name, api, &detail)
            if rc == 0 {
                api.pointee.grpc_init()
                if quiet(ProcessInfo.processInfo.environment) { api.pointee.gpr_set_log_function { _ in } }
                return .success(GRPCLibrary(api: api, name: name))
            }
            api.deallocate()
            let text = detail.map { String(cString: $0) } ?? "unknown"
            reasons.append(rc == 1 ? text : "\(name) has no \(text)")
        }
        return .failure(.grpcUnavailable(library: names.joined(separator: ", "), reason: reasons.joined(separator: "; ")))
    }

    /// Whether the core's own log lines are dropped: unless `GRPC_VERBOSITY` or `GRPC_TRACE` asks
    /// for them (gRPC's own switches, for debugging). Every failure reaches the caller as a call's
    /// status and details (a TLS handshake's error included), reported once; the core would also
    /// print it to standard error, a second, unformatted line per connection attempt.
    static func quiet(_ environment: [String: String]) -> Bool {
        (environment["GRPC_VERBOSITY"] ?? "").isEmpty && (environment["GRPC_TRACE"] ?? "").isEmpty
    }

    var version: String { api.pointee.grpc_version_string().map { String(cString: $0) } ?? "unknown" }

    // MARK: Helpers over the C API

    func slice(_ bytes: [UInt8]) -> grpc_slice {
        bytes.withUnsafeBufferPointer { b in
            b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(1, b.count)) { api.pointee.grpc_slice_from_copied_buffer($0, b.count) }
        }
    }

    func slice(_ s: String) -> grpc_slice { slice(Array(s.utf8)) }

    func bytes(of slice: grpc_slice) -> [UInt8] {
        var s = slice
        let n = orchestrate_grpc_slice_length(&s)
        guard n > 0, let p = orchestrate_grpc_slice_bytes(&s) else { return [] }
        return Array(UnsafeBufferPointer(start: p, count: n))
    }

    /// A byte buffer holding a copy of `bytes` (the caller destroys it).
    func byteBuffer(_ bytes: [UInt8]) -> OpaquePointer {
        var s = slice(bytes)
        let bb = api.pointee.grpc_raw_byte_buffer_create(&s, 1)!
        api.pointee.grpc_slice_unref(s)
        return bb
    }

    /// Calls `body` with each slice of a received message, then destroys the buffer.
    func consume(_ buffer: OpaquePointer, _ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        defer { api.pointee.grpc_byte_buffer_destroy(buffer) }
        var reader = grpc_byte_buffer_reader()
        guard api.pointee.grpc_byte_buffer_reader_init(&reader, buffer) != 0 else { return }
        defer { api.pointee.grpc_byte_buffer_reader_destroy(&reader) }
        var s = grpc_slice()
        while api.pointee.grpc_byte_buffer_reader_next(&reader, &s) != 0 {
            defer { api.pointee.grpc_slice_unref(s) }
            let n = orchestrate_grpc_slice_length(&s)
            if n > 0, let p = orchestrate_grpc_slice_bytes(&s) { try body(UnsafeRawBufferPointer(start: p, count: n)) }
        }
    }

    /// `seconds` from now on the monotonic clock.
    func deadline(after seconds: Double) -> gpr_timespec {
        let a = api.pointee
        return a.gpr_time_add(a.gpr_now(GPR_CLOCK_MONOTONIC), a.gpr_time_from_millis(Int64((seconds * 1000).rounded(.up)), GPR_TIMESPAN))
    }

    static let infinite = gpr_timespec(tv_sec: Int64.max, tv_nsec: 0, clock_type: GPR_CLOCK_MONOTONIC)
}
