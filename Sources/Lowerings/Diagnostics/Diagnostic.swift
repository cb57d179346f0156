/// One problem found in a user's file, positioned and coded. This is the module's single error type:
/// loading never throws for user mistakes, it returns every diagnostic at once, sorted by position.
///
/// Rendered (`description`) as
/// `plan.json:14:17: error[plan.domain.label_too_long]: /application/domain: label "…" is 64 bytes; a DNS label holds at most 63`;
/// the `/pointer: ` part is left out for the document root.
public struct Diagnostic: Hashable, Sendable, Comparable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable {
        case error
        case warning
    }

    public var file: String
    public var position: SourcePosition
    public var pointer: JSONPointer
    public var code: DiagnosticCode
    public var severity: Severity
    /// What is wrong and what to do about it.
    public var message: String

    public init(file: String, position: SourcePosition, pointer: JSONPointer, code: DiagnosticCode,
                severity: Severity = .error, message: String) {
        self.file = file
        self.position = position
        self.pointer = pointer
        self.code = code
        self.severity = severity
        self.message = message
    }

    public var line: Int { position.line }
    public var column: Int { position.column }

    public var description: String {
        let location = pointer.isRoot ? "" : "\(pointer): "
        return "\(file):\(position.line):\(position.column): \(severity.rawValue)[\(code.rawValue)]: \(location)\(message)"
    }

    /// Position (line, column), then code, then pointer and message so the order is total.
    public static func < (a: Diagnostic, b: Diagnostic) -> Bool {
        if a.position.line != b.position.line { return a.position.line < b.position.line }
        if a.position.column != b.position.column { return a.position.column < b.position.column }
        if a.code != b.code { return a.code < b.code }
        if a.pointer != b.pointer { return a.pointer < b.pointer }
        if a.file != b.file { return a.file < b.file }
        return a.message < b.message
    }

    /// The same diagnostic as a warning (a native client omitted while the run goes on).
    public var demotedToWarning: Diagnostic {
        var copy = self
        copy.severity = .warning
        return copy
    }
}
