/// The result of reading a JSON document: the value tree when the syntax is valid, and every
/// diagnostic (a syntax error stops reading; duplicate keys are all reported and the first kept).
public struct JSONDocument: Hashable, Sendable {
    public var root: JSONValue?
    public var diagnostics: [Diagnostic]
}
