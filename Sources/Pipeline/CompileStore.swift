import Cache
import Tasks

/// The store a compilation runs against: the executor's task cache, plus what the stages after
/// it need. `StoreChain` is the real one (`compile`); `MemoryTaskCache` keeps everything in
/// memory for one run (`audit --plan`).
public protocol CompileStore: TaskCache {
    /// Puts bytes back into the local layer (an object rendered or inflated again after it
    /// vanished); best effort.
    func keep(_ bytes: [UInt8])
}
