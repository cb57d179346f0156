/// The two modes a generated file may have, and the two tree digest v1 tells apart. Written as git
/// writes them (`100644`, `100755`) in listings, digests and provenance; as `0o644`/`0o755` on
/// disk. The one representation of a file's mode from the tree digest up to provenance.
public enum FileMode: UInt16, Sendable, Hashable, Codable, CaseIterable {
    case regular = 0o644
    case executable = 0o755

    /// The mode of a file found on disk: executable when any execute bit is set (`[ -x ]`).
    public init(executable: Bool) { self = executable ? .executable : .regular }

    /// `100644` or `100755`; nil for anything else.
    public init?(octal: String) {
        guard let mode = Self.allCases.first(where: { $0.octal == octal }) else { return nil }
        self = mode
    }

    public var isExecutable: Bool { self == .executable }

    /// `100644` or `100755`, as git and tree digest v1 write it.
    public var octal: String { self == .regular ? "100644" : "100755" }
}
