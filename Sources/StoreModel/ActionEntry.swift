/// One output a cached action produced.
public struct OutputFile: Hashable, Sendable, Codable {
    public var path: String
    public var digest: Digest
    public var size: UInt64
    public var executable: Bool

    public init(path: String, digest: Digest, size: UInt64, executable: Bool) {
        self.path = path
        self.digest = digest
        self.size = size
        self.executable = executable
    }
}

/// What the action cache remembers for a task key.
public struct ActionEntry: Hashable, Sendable, Codable {
    public var outputs: [OutputFile]
    /// The renderer release that produced the outputs.
    public var release: String
    /// Milliseconds since 1970, set by the cache when the entry is first recorded.
    public var createdMs: Int64
    /// Milliseconds since 1970, updated on every hit.
    public var lastUsedMs: Int64
    /// The Plan digest of the run that first rendered the outputs (provenance `rendered_in`).
    public var renderedIn: Digest?

    public init(outputs: [OutputFile], release: String, createdMs: Int64 = 0, lastUsedMs: Int64 = 0, renderedIn: Digest? = nil) {
        self.outputs = outputs
        self.release = release
        self.createdMs = createdMs
        self.lastUsedMs = lastUsedMs
        self.renderedIn = renderedIn
    }

    public var totalSize: UInt64 { outputs.reduce(0) { $0 + $1.size } }
}
