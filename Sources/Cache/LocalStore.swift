import CSQLite
import Foundation

/// The writable store on this machine: one root folder holding
///
/// ```
/// objects/<2 hex>/<64 hex>   FileSystemContentStore (zlib at rest, verified on read)
/// ac.sqlite (+ -wal, -shm)   SQLiteActionCache
/// quarantine/                corrupt objects and unreadable index files, moved aside
/// tmp/                       temporary files, renamed into objects/ (where unnamed files cannot be made)
/// ```
///
/// Maintenance (`gc`, `verify`, `stats`) lives here because it needs both halves. Invariant kept
/// by `gc` and `verify`: no action entry is left pointing at an object they deleted.
public final class LocalStore: @unchecked Sendable {
    public let root: String
    public let objects: FileSystemContentStore
    public let actions: SQLiteActionCache
    public let events: StoreEvents
    public let readOnly: Bool
    let clock: @Sendable () -> Int64

    public var indexPath: String { root + "/ac.sqlite" }

    /// Opens the store at `root`, creating its folders unless `readOnly`.
    public init(root: String, readOnly: Bool = false, events: StoreEvents = StoreEvents(),
                clock: @escaping @Sendable () -> Int64 = SQLiteActionCache.systemClock) throws {
        self.root = root
        self.events = events
        self.readOnly = readOnly
        self.clock = clock
        if !readOnly {
            for sub in ["objects", "tmp", "quarantine"] { try FileIO.makeDirectories(root + "/" + sub) }
        }
        objects = FileSystemContentStore(root: root, readOnly: readOnly, events: events)
        actions = try SQLiteActionCache(path: root + "/ac.sqlite", quarantineDirectory: root + "/quarantine",
                                        readOnly: readOnly, events: events, clock: clock)
        if !readOnly { removeTemporariesOfEndedProcesses(now: clock()) }
    }

    /// Free space gc makes on a full disk before it writes the index again.
    static let indexMargin: UInt64 = 1 << 20

    /// `ByteSize.parse`: `"500M"` → bytes (K, M, G, T are powers of 1024).
    public static func parseSize(_ text: String) throws -> UInt64 { try ByteSize.parse(text) }

    // MARK: GC

    /// Shrinks object bytes on disk to at most `maxBytes`.
    ///
    /// Order: objects no entry references (oldest first), then least-recently-used entries, each
    /// batch of entries deleted from the index before the objects only they referenced. Objects
    /// still referenced by a surviving entry are kept. Objects younger than `graceMs` that no entry
    /// references, and entries used within `graceMs`, are spared (a concurrent compile may be
    /// about to record them, or has looked them up and is about to read their objects); 0 spares
    /// none. The bound may then be missed (`boundMet` false).
    /// Also removes temporary files older than an hour.
    public func gc(maxBytes: UInt64, graceMs: Int64 = 0) throws -> GCReport {
        guard !readOnly else { throw CacheError.readOnlyStore(path: root) }
        let now = clock()
        removeStaleTemporaries(now: now)
        var freed = (entries: 0, objects: 0)
        let atStart = actions.isDiskFullReadOnly ? objects.allObjects().reduce(0) { $0 + $1.bytesOnDisk } : nil
        if actions.isDiskFullReadOnly { freed = try makeRoomForTheIndex() }
        let files = objects.allObjects()
        var sizes: [Digest: UInt64] = [:]
        for f in files { sizes[f.digest] = f.bytesOnDisk }
        let before = files.reduce(0) { $0 + $1.bytesOnDisk }
        var report = GCReport(entriesRemoved: freed.entries, objectsRemoved: freed.objects, bytesBefore: atStart ?? before,
                              bytesAfter: before, maxBytes: maxBytes)
        guard before > maxBytes else { return report }

        let entries = try actions.allEntries()
        var refs: [Digest: Int] = [:]
        for (_, e) in entries { for d in Set(e.outputs.map(\.digest)) { refs[d, default: 0] += 1 } }

        for f in files.sorted(by: { ($0.mtimeMs, $0.digest) < ($1.mtimeMs, $1.digest) }) where refs[f.digest] == nil {
            if report.bytesAfter <= maxBytes { break }
            if graceMs > 0, now - f.mtimeMs < graceMs { continue }
            try objects.remove(f.digest)
            report.bytesAfter -= f.bytesOnDisk
            report.objectsRemoved += 1
        }

        var i = 0
        while report.bytesAfter > maxBytes, i < entries.count {
            // Choose a batch of LRU entries that frees enough (or 256 entries), drop them from the
            // index, then delete the objects nothing else references.
            var batch: [Digest] = []
            var freed: [Digest] = []
            var projected = report.bytesAfter
            while i < entries.count, batch.count < 256, projected > maxBytes {
                let (key, entry) = entries[i]
                // Entries come least recently used first: from the first one used within the
                // grace window on, every entry may belong to a live run. Keep them all.
                if graceMs > 0, now - entry.lastUsedMs < graceMs { i = entries.count; break }
                i += 1
                batch.append(key)
                for d in Set(entry.outputs.map(\.digest)) {
                    refs[d, default: 1] -= 1
                    if refs[d] == 0, let size = sizes[d] {
                        freed.append(d)
                        projected -= min(size, projected)
                    }
                }
            }
            guard !batch.isEmpty else { break }
            try actions.remove(batch)
            report.entriesRemoved += batch.count
            let stillUsed = try actions.referencedDigests(among: freed)
            for d in freed where !stillUsed.contains(d) {
                try objects.remove(d)
                report.bytesAfter -= min(sizes[d] ?? 0, report.bytesAfter)
                report.objectsRemoved += 1
            }
        }
        return report
    }

    /// On a full disk the index could only be opened read-only, so gc first frees space without
    /// writing it: objects no entry references, then the objects of the least recently used
    /// entries, a batch at a time, until the index opens for writing; then the entries left
    /// pointing at removed objects are dropped (until then lookups treat them as misses).
    private func makeRoomForTheIndex() throws -> (entries: Int, objects: Int) {
        let entries = try actions.allEntries()
        var referenced = Set<Digest>()
        for (_, e) in entries { for o in e.outputs { referenced.insert(o.digest) } }
        var objectsRemoved = 0
        for f in objects.allObjects() where !referenced.contains(f.digest) {
            try objects.remove(f.digest)
            objectsRemoved += 1
        }
        var removed = Set<Digest>()
        var i = 0
        while true {
            // The index needs room for its shared memory and for the write-ahead log of the
            // deletes below: free a margin first, unless nothing is left to free.
            let roomy = (FileIO.availableBytes(root) ?? 0) >= LocalStore.indexMargin
            if roomy || i == entries.count, actions.reopenWritable() {
                let dangling = entries.filter { $0.entry.outputs.contains { removed.contains($0.digest) } }.map(\.key)
                do {
                    try actions.remove(dangling)
                    return (dangling.count, objectsRemoved + removed.count)
                } catch let CacheError.sqlite(_, code, _) where code & 0xff == SQLITE_FULL && i < entries.count {
                    // Still too little room: free another batch and try again.
                }
            }
            guard i < entries.count else {
                throw CacheError.io(path: root, operation: "free space for the action cache (every object was removed)", errno: ENOSPC)
            }
            let batch = entries[i..<min(i + 64, entries.count)]
            i += batch.count
            for (_, e) in batch {
                for o in e.outputs where removed.insert(o.digest).inserted && objects.contains(o.digest) { try objects.remove(o.digest) }
            }
        }
    }

    private func removeStaleTemporaries(now: Int64) {
        for name in FileIO.list(objects.tmpPath) {
            let p = objects.tmpPath + "/" + name
            if let info = FileIO.info(p), !info.isDirectory, now - info.mtimeMs > 3_600_000 { unlink(p) }
        }
        removeTemporariesOfEndedProcesses(now: now)
    }

    /// Temporary files are named `<pid>-…`: those of a process that no longer runs on this machine
    /// (a killed compile) are removed when the store is next opened, not an hour later. A minute
    /// of age guards against a new process that reused the pid and is writing right now.
    private func removeTemporariesOfEndedProcesses(now: Int64) {
        for name in FileIO.list(objects.tmpPath) {
            guard let pid = Int32(name.prefix { $0 != "-" }), pid > 0, pid != getpid(),
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            let p = objects.tmpPath + "/" + name
            if let info = FileIO.info(p), !info.isDirectory, now - info.mtimeMs > 60_000 { unlink(p) }
        }
    }

    // MARK: Verify

    /// Re-hashes every object (quarantining corrupt ones), checks the index with `integrity_check`
    /// (a damaged index is moved to the quarantine and started empty), and removes entries that
    /// reference a missing object.
    public func verify() throws -> VerifyReport {
        var report = VerifyReport(objectsChecked: 0, corrupt: [], dangling: [], indexProblems: [])
        for f in objects.allObjects().sorted(by: { $0.digest < $1.digest }) {
            report.objectsChecked += 1
            if case let .corrupt(reason, moved) = try objects.load(f.digest) {
                report.corrupt.append(.init(digest: f.digest, reason: reason, quarantinedTo: moved))
            }
        }
        report.indexProblems = try actions.integrityCheck()
        if !report.indexProblems.isEmpty, !readOnly, !actions.isDiskFullReadOnly {
            // The damaged index goes to the quarantine; its entries are lost, the objects kept.
            let moved = try actions.rebuild(reason: "integrity_check: " + report.indexProblems.prefix(3).joined(separator: "; "))
            report.indexRebuiltTo = moved
        }
        for (key, entry) in try actions.allEntries() {
            let missing = Array(Set(entry.outputs.map(\.digest).filter { !objects.contains($0) })).sorted()
            if !missing.isEmpty { report.dangling.append(.init(key: key, missing: missing)) }
        }
        report.dangling.sort { $0.key < $1.key }
        // On a full disk the index is read-only: report the dangling entries, leave them (misses).
        if !readOnly, !actions.isDiskFullReadOnly { try actions.remove(report.dangling.map(\.key)) }
        return report
    }

    // MARK: Stats

    public func stats() throws -> StoreStats {
        let files = objects.allObjects()
        return StoreStats(objectCount: files.count,
                          bytesOnDisk: files.reduce(0) { $0 + $1.bytesOnDisk },
                          uncompressedBytes: files.reduce(0) { $0 + (objects.uncompressedSize(of: $1) ?? 0) },
                          entryCount: try actions.count(),
                          quarantineCount: FileIO.list(objects.quarantinePath).count)
    }
}
