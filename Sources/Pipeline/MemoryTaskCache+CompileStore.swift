import Cache
import Tasks

extension MemoryTaskCache: CompileStore {
    public func recorded(_ key: Digest) -> ActionEntry? { entry(for: key) }

    public func record(key: Digest, outputs: [(path: String, bytes: [UInt8], executable: Bool)], release: String) throws {
        _ = try store(key: key, outputs: outputs, release: release, renderedIn: nil)
    }

    public func keep(_ bytes: [UInt8]) { put(bytes) }
}
