import Hashing

/// A named slice of the Plan that some tasks read, with its canonical bytes and digest.
///
/// Tasks name projection digests as inputs, so a Plan change moves exactly the tasks whose
/// projections moved. `sources` maps each top-level field of the projection to the Plan pointers
/// it was derived from, so a reuse check can say which Plan path moved a seam.
public struct Projection: Hashable, Sendable {
    public let name: String
    public let version: Int
    public let value: ProjectionValue
    public let canonical: [UInt8]
    public let digest: Digest
    public let sources: [String: [String]]

    public init(name: String, version: Int = 1, fields: [String: ProjectionValue], sources: [String: [String]] = [:]) {
        var all = fields
        all["projection"] = .string(name)
        all["version"] = .int(version)
        self.name = name
        self.version = version
        self.value = .object(all)
        self.canonical = value.canonical
        self.digest = Digest.of(canonical)
        self.sources = sources
    }

    /// The canonical bytes as a string (for embedding or tests).
    public var text: String { String(decoding: canonical, as: UTF8.self) }
}
