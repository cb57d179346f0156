import Cache
import Tasks

/// The store a compilation runs against: the executor's task cache, plus what the stages after
/// it need. `StoreChain` is the real one (`compile`); `MemoryTaskCache` keeps everything in
/// memory for one run (`audit --plan`).
public protocol CompileStore: TaskCache {
    /// The entry recorded for `key` in the local layer, its objects not checked (they are
    /// verified whenever they are read); nil when there is none or it cannot be read.
    func recorded(_ key: Digest) -> ActionEntry?
    /// Puts the outputs into the local layer and records `key` → them there; never uploads.
    func record(key: Digest, outputs: [(path: String, bytes: [UInt8], executable: Bool)], release: String) throws
    /// Puts bytes back into the local layer (an object rendered or inflated again after it
    /// vanished); best effort.
    func keep(_ bytes: [UInt8])
    /// The memo of derived documents: what a key derives to (digest and size), its bytes not
    /// stored (whoever needs them derives them again). Nil when unknown or the store keeps none.
    func derived(_ key: Digest) -> (digest: Digest, size: UInt64)?
    /// Records `key` → digest and size in the memo; best effort.
    func recordDerived(_ key: Digest, digest: Digest, size: UInt64)
}

extension CompileStore {
    public func derived(_ key: Digest) -> (digest: Digest, size: UInt64)? { nil }
    public func recordDerived(_ key: Digest, digest: Digest, size: UInt64) {}
}
