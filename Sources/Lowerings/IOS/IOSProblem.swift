/// A reason the iOS client cannot lower, before it is positioned in the Plan file.
/// `IOSLowering` turns each into a `Diagnostic` with `LoadedPlan.diagnostic`.
public struct IOSProblem: Hashable, Sendable {
    public let code: DiagnosticCode
    public let pointer: JSONPointer
    public let message: String

    public init(_ code: DiagnosticCode, at pointer: String, _ message: String) {
        self.code = code
        self.pointer = JSONPointer(pointer) ?? .root
        self.message = message
    }
}
