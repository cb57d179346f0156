import Cache
import Tasks

extension StoreChain: CompileStore {
    public func keep(_ bytes: [UInt8]) {
        _ = try? local.objects.put(bytes)
    }
}
