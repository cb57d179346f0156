/// A shared cache behind the local and seed layers (e.g. the Bazel HTTP cache protocol:
/// `/ac/<sha256>`, `/cas/<sha256>`). `StoreChain` verifies every object it downloads, so an
/// implementation need not. Reads return nil for a miss and throw for a failure; the chain turns
/// failures into misses plus a `StoreEvent`.
public protocol RemoteCache: Sendable {
    /// A printable location for messages (e.g. the base URL).
    var location: String { get }
    func entry(for key: Digest) throws -> ActionEntry?
    func object(_ digest: Digest) throws -> [UInt8]?
    func putEntry(_ entry: ActionEntry, for key: Digest) throws
    func putObject(_ bytes: [UInt8], digest: Digest) throws
}
