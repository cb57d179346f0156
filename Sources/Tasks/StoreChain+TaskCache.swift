import Cache
import Foundation

extension StoreChain: TaskCache {
    /// The batch form of `lookup`, answering the same: the local entries are read in one
    /// transaction, and a key whose local entry exists and whose every object is in the local
    /// store, decodes, has the recorded size and hashes to its digest (checked in parallel,
    /// without side effects) is a local hit. Every other key with a local entry, and every key
    /// when a remote may answer, goes through `lookup(_:)`, which quarantines, records events and
    /// asks the seed and remote as usual.
    public func lookup(keys: [Digest]) -> [(entry: ActionEntry, layer: StoreLayer)?] {
        guard !keys.isEmpty else { return [] }
        guard let read = try? local.actions.entriesUntouched(for: keys) else { return keys.map { lookup($0) } }
        // The last-use writes (if any are due) go on while the objects are verified.
        let touching = DispatchGroup()
        let touched = TouchedEntries(read)
        DispatchQueue.global().async(group: touching) { [local] in
            local.actions.touchStale(keys, &touched.entries)
        }
        let verified = UnsafeMutableBufferPointer<Bool>.allocate(capacity: keys.count)
        defer { verified.deallocate() }
        verified.initialize(repeating: false)
        let objects = local.objects
        let chunk = 256
        DispatchQueue.concurrentPerform(iterations: (keys.count + chunk - 1) / chunk) { c in
            for i in c * chunk ..< min(keys.count, (c + 1) * chunk) {
                guard let entry = read[i] else { continue }
                verified[i] = entry.outputs.allSatisfy { objects.verifies($0.digest, size: $0.size) }
            }
        }
        touching.wait()
        let entries = touched.entries
        return keys.indices.map { i in
            if verified[i], let entry = entries[i] { return (entry, .local) }
            // No local entry and no remote: `lookup` would read the same nothing again.
            if entries[i] == nil, remote == nil { return nil }
            return lookup(keys[i])
        }
    }
}

/// The entries a background touch updates; read only after it finished.
private final class TouchedEntries: @unchecked Sendable {
    var entries: [ActionEntry?]
    init(_ entries: [ActionEntry?]) { self.entries = entries }
}
