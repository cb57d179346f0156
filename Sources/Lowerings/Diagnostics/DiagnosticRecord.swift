/// What the run summary records of a diagnostic: where (file, line, column, pointer), which code
/// and severity, and the message.
public struct DiagnosticRecord: Codable, Hashable, Sendable {
    public var file: String
    public var line: Int
    public var column: Int
    public var pointer: String
    public var code: DiagnosticCode
    public var severity: Diagnostic.Severity
    public var message: String

    public init(_ d: Diagnostic) {
        file = d.file
        line = d.line
        column = d.column
        pointer = d.pointer.description
        code = d.code
        severity = d.severity
        message = d.message
    }
}
