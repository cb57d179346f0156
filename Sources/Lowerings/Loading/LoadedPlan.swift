import Hashing

/// A Plan that loaded without errors, with its canonical bytes and digest.
public struct LoadedPlan: Hashable, Sendable {
    public var plan: Plan
    /// `CanonicalJSON.encode` of the document as authored (defaults are not filled in).
    public var canonical: [UInt8]
    /// SHA-256 of `canonical`: the Plan digest.
    public var digest: Digest
    /// The file name diagnostics are reported against.
    public var file: String
    /// The value tree, for lowerings that need to read authored values by pointer.
    public var document: JSONValue
    /// Positions by pointer, so later lowerings can position their own diagnostics.
    public var positions: PositionIndex
    /// Non-error diagnostics (nothing hooked up, an unrouted screen, an ignored file).
    public var warnings: [Diagnostic]
    /// The app's native files, classified per client (`NativeExtensions`).
    public var extensions: NativeExtensions = NativeExtensions()

    /// A diagnostic positioned at the authored value `pointer` names (or its nearest ancestor).
    public func diagnostic(_ code: DiagnosticCode, at pointer: JSONPointer, severity: Diagnostic.Severity = .error,
                           _ message: String) -> Diagnostic {
        Diagnostic(file: file, position: positions.position(of: pointer), pointer: pointer, code: code,
                   severity: severity, message: message)
    }
}
