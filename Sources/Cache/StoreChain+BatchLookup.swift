import Foundation

extension StoreChain {
    /// The batch form of `lookup`, answering the same: the local entries are read in a few
    /// transactions, and a key whose local entry exists and whose every object is in the local
    /// store, decodes, has the recorded size and hashes to its digest (checked in parallel,
    /// without side effects) is a local hit. Every other key with a local entry, and every key
    /// when a remote may answer, goes through `lookup(_:)`, which quarantines, records events and
    /// asks the seed and remote as usual.
    ///
    /// Pipelined: while this thread reads the next slice of entries (then writes the last-use
    /// times that are due), other threads verify the objects of the slices already read.
    public func lookup(keys: [Digest]) -> [(entry: ActionEntry, layer: StoreLayer)?] {
        guard !keys.isEmpty else { return [] }
        // Entries this chain has not written yet are written first, so the index answers for all.
        writePending()
        let slice = 512
        let verified = Flags(count: keys.count)
        let objects = local.objects
        let verifying = DispatchGroup()
        let queue = DispatchQueue.global()
        var entries: [ActionEntry?] = []
        entries.reserveCapacity(keys.count)
        var readFailed = false
        for start in stride(from: 0, to: keys.count, by: slice) {
            let range = start ..< min(keys.count, start + slice)
            guard let read = try? local.actions.entriesUntouched(for: Array(keys[range])) else { readFailed = true; break }
            entries += read
            let half = (range.count + 1) / 2
            for part in [range.lowerBound ..< range.lowerBound + half, range.lowerBound + half ..< range.upperBound] where !part.isEmpty {
                queue.async(group: verifying) {
                    for i in part {
                        guard let entry = read[i - start] else { continue }
                        verified.flags[i] = entry.outputs.allSatisfy { objects.verifies($0.digest, size: $0.size) }
                    }
                }
            }
        }
        if !readFailed { local.actions.touchStale(keys, &entries) }
        verifying.wait()
        objects.saveProofs()
        if readFailed { return keys.map { lookup($0) } }
        // Keys without a local entry go to the remote together, in batches (not one round trip
        // per key); the rest that did not verify take `lookup`'s way.
        let remoteKeys = remote == nil ? [] : keys.indices.filter { entries[$0] == nil && pendingEntry(keys[$0]) == nil }
        var fromRemote: [Int: (entry: ActionEntry, layer: StoreLayer)?] = [:]
        for (i, answer) in zip(remoteKeys, lookupRemote(remoteKeys.map { keys[$0] })) { fromRemote[i] = answer }
        return keys.indices.map { i in
            if verified.flags[i], let entry = entries[i] { return (entry, .local) }
            if let answer = fromRemote[i] { return answer }
            // No local entry and no remote: `lookup` would read the same nothing again.
            if entries[i] == nil, remote == nil { return nil }
            return lookup(keys[i])
        }
    }
}

/// One flag per key, each written by one thread, read after all of them finished.
private final class Flags: @unchecked Sendable {
    let flags: UnsafeMutableBufferPointer<Bool>

    init(count: Int) {
        flags = .allocate(capacity: count)
        flags.initialize(repeating: false)
    }

    deinit { flags.deallocate() }
}
