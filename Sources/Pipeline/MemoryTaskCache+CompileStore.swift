import Cache
import Tasks

extension MemoryTaskCache: CompileStore {
    public func keep(_ bytes: [UInt8]) { put(bytes) }
}
