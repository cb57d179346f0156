/// How much of a request a gap leaves out.
public enum GapStatus: String, Codable, Hashable, Sendable, CaseIterable {
    /// Nothing of that request is generated.
    case notGenerated = "not_generated"
    /// Generated, with a reviewed residual.
    case partiallyGenerated = "partially_generated"
}
