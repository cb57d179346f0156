/// The two modes a generated file may have.
public enum FileMode: UInt16, Sendable, Hashable, Codable, CaseIterable {
    case regular = 0o644
    case executable = 0o755

    public var octal: String { self == .regular ? "100644" : "100755" }

    public init?(octal: UInt16) { self.init(rawValue: octal) }
}
