import Hashing

/// The app's own native files as the Pipeline's load stage read them from the native directory
/// (`native/` next to the Plan, or `--native-dir`): `ios/**`, `android/**`, each with its bytes
/// and digest. Values only: Lowerings never reads the disk.
public struct NativeSources: Hashable, Sendable {
    public struct File: Hashable, Sendable {
        /// Relative to the native directory, `/`-separated (`ios/Screens/MapScreen.swift`).
        public let path: String
        public let bytes: [UInt8]
        public let digest: Digest

        public init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
            digest = Digest.of(bytes)
        }

        /// The origin provenance and reuse reasons record: `native/<path>`, whatever directory
        /// it was read from (no machine path).
        public var origin: String { "native/" + path }
    }

    /// The directory as the user names it (`examples/native`), for diagnostics.
    public var directory: String
    /// Sorted by path, bytewise.
    public var files: [File]
    /// What the reader refused (links, special files, sizes), positioned at each file.
    public var diagnostics: [Diagnostic]

    public init(directory: String, files: [File], diagnostics: [Diagnostic] = []) {
        self.directory = directory
        self.files = files.sorted { $0.path.utf8Precedes($1.path) }
        self.diagnostics = diagnostics
    }

    /// No native directory.
    public static let none = NativeSources(directory: "native", files: [])

    /// A file as diagnostics name it.
    public func display(_ path: String) -> String { directory.isEmpty ? path : directory + "/" + path }

    /// At most this many files, each at most `fileBytes`.
    public static let maximumFiles = 2_000
    public static let fileBytes = 16 << 20
}
