/// A gRPC status code (https://grpc.github.io/grpc/core/md_doc_statuscodes.html), named as the
/// spec names them so every failure message says which one it was.
public struct GRPCStatus: Hashable, Sendable, CustomStringConvertible {
    public let code: Int

    public init(_ code: Int) { self.code = code }

    public static let ok = GRPCStatus(0)
    public static let cancelled = GRPCStatus(1)
    public static let invalidArgument = GRPCStatus(3)
    public static let deadlineExceeded = GRPCStatus(4)
    public static let notFound = GRPCStatus(5)
    public static let permissionDenied = GRPCStatus(7)
    public static let resourceExhausted = GRPCStatus(8)
    public static let failedPrecondition = GRPCStatus(9)
    public static let unimplemented = GRPCStatus(12)
    public static let unavailable = GRPCStatus(14)
    public static let unauthenticated = GRPCStatus(16)

    private static let names = [
        "OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND", "ALREADY_EXISTS",
        "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE", "UNIMPLEMENTED",
        "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED",
    ]

    /// `UNAVAILABLE`, `NOT_FOUND`, …; `status 42` for a code the spec does not define.
    public var description: String { Self.names.indices.contains(code) ? Self.names[code] : "status \(code)" }

    /// A refusal to write that says nothing about reads: the server is read-only for us, or full.
    public var refusesWrites: Bool {
        [Self.permissionDenied, .unauthenticated, .unimplemented, .resourceExhausted, .failedPrecondition].contains(self)
    }
}
