/// Codes and severities are written by their raw values.
extension DiagnosticCode: Codable {}
extension Diagnostic.Severity: Codable {}
