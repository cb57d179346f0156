import Cache
import Tasks

/// The store chain is the compile's store. As a `TaskCache` (which `CompileStore` refines) it
/// answers as it is: `lookup(_:)`, the batch `lookup(keys:)`, `object`, `store` and `foundCorrupt`
/// are all `Cache`'s, with the semantics its README states. The conformance lives here because
/// Tasks knows no store and Cache knows no task.
extension StoreChain: CompileStore {
    public func recorded(_ key: Digest) -> ActionEntry? {
        localEntry(for: key)
    }

    public func record(key: Digest, outputs: [(path: String, bytes: [UInt8], executable: Bool)], release: String) throws {
        var files: [OutputFile] = []
        for o in outputs {
            let d = try local.objects.put(o.bytes)
            files.append(OutputFile(path: o.path, digest: d, size: UInt64(o.bytes.count), executable: o.executable))
        }
        // Zero times: the action cache records its own clock's now.
        try local.actions.record(ActionEntry(outputs: files, release: release), for: key)
    }

    public func keep(_ bytes: [UInt8]) {
        _ = try? local.objects.put(bytes)
    }

    public func derived(_ key: Digest) -> (digest: Digest, size: UInt64)? {
        local.actions.derived(for: key)
    }

    public func recordDerived(_ key: Digest, digest: Digest, size: UInt64) {
        guard !local.readOnly else { return }
        local.actions.recordDerived(key, digest: digest, size: size)
    }
}
