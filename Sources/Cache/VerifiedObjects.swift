import Foundation

/// The objects of a store proven intact by a full read (decoded, right size, right SHA-256), by
/// the stat facts of their files then: inode, file size, mtime and ctime (ns), with the size the
/// object decodes to. A lookup that finds an object's file with the same facts takes it as
/// proven without reading it again (`FileSystemContentStore.verifies`).
///
/// Why that is safe, on git's model (its index trusts a file whose stat data is as recorded):
/// objects are written once, whole before they are named, and never changed by us; any
/// write to a file, a chmod, or a rename over it gives it a new ctime (which no user call can set
/// back) or a new inode, so bytes that changed since the proof never match its facts. A file is
/// recorded only when its ctime is older than `racyMarginNs` at the time of the proof, so a change
/// within the same tick of a coarse clock cannot hide behind equal timestamps (the "racily clean"
/// rule). What stat data cannot see, bytes rotting on a failing disk without any write, is what
/// `store verify` (which always reads) and every read of the bytes (which always verifies) find.
///
/// Kept in `<store>/objects.verified`: a header record, then fixed 72-byte records (digest, then
/// five u64be: inode, file size, mtime ns, ctime ns, decoded size), appended with `O_APPEND`;
/// later records win. A file with another header, or a torn last record, is ignored as far as it
/// is unreadable: proofs are then read again, nothing else.
final class VerifiedObjects: @unchecked Sendable {
    struct Facts: Hashable, Sendable {
        var inode: UInt64
        var fileSize: UInt64
        var mtimeNs: Int64
        var ctimeNs: Int64
        var size: UInt64

        init(_ st: stat, size: UInt64) {
            inode = UInt64(st.st_ino)
            fileSize = UInt64(st.st_size)
            mtimeNs = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
            ctimeNs = Int64(st.st_ctim.tv_sec) * 1_000_000_000 + Int64(st.st_ctim.tv_nsec)
            self.size = size
        }
    }

    static let header: [UInt8] = {
        var h = Array("orchestrate.verified-objects/1\n".utf8)
        h += [UInt8](repeating: 0, count: recordSize - h.count)
        return h
    }()
    static let recordSize = 72

    let path: String
    private let lock = NSLock()
    /// The file's bytes, read at the first lookup; a lookup scans them (from the end: later
    /// records win) until `scanLimit` lookups were made, and then they become `table`. A compile
    /// of one entity looks up a few objects, and a store's file holds a record per object: a
    /// table of every record would cost it more than all its scans.
    private var file: [UInt8]?
    private var table: [Digest: Facts]?
    private var lookups = 0
    /// Proofs recorded in this process (they win over the file's).
    private var added: [Digest: Facts] = [:]
    private var fresh: [(Digest, Facts)] = []
    /// Past this many lookups the table is built: a compile of many objects scans the file no
    /// more than this many times first.
    static let scanLimit = 16

    init(path: String) { self.path = path }

    /// Whether `digest` was proven with exactly these facts.
    func proven(_ digest: Digest, _ facts: Facts) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return known(digest) == facts
    }

    /// Records a proof (written by `save`).
    func record(_ digest: Digest, _ facts: Facts) {
        lock.lock(); defer { lock.unlock() }
        guard known(digest) != facts else { return }
        added[digest] = facts
        fresh.append((digest, facts))
    }

    /// The facts last proven for `digest` (the lock held).
    private func known(_ digest: Digest) -> Facts? {
        if let f = added[digest] { return f }
        if let table { return table[digest] }
        let bytes = file ?? Self.records(path)
        lookups += 1
        guard lookups <= Self.scanLimit else {
            let t = Self.table(bytes)
            (table, file) = (t, nil)
            return t[digest]
        }
        file = bytes
        return Self.scan(bytes, for: digest)
    }

    /// Appends the proofs recorded since the last save, in one write. Best effort: a proof that
    /// is not written is made again by a later read.
    func save() {
        lock.lock()
        let records = fresh
        fresh.removeAll()
        lock.unlock()
        guard !records.isEmpty else { return }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.header.count + records.count * Self.recordSize)
        var st = stat()
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { return }
        defer { close(fd) }
        if fstat(fd, &st) == 0, st.st_size == 0 { bytes += Self.header }
        for (digest, f) in records {
            digest.withUnsafeBytes { bytes += $0 }
            for v in [f.inode, f.fileSize, UInt64(bitPattern: f.mtimeNs), UInt64(bitPattern: f.ctimeNs), f.size] {
                for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: v >> UInt64(shift))) }
            }
        }
        _ = FileIO.writeAll(fd, bytes)
    }

    /// The file's bytes when it is ours (its header first); empty otherwise.
    static func records(_ path: String) -> [UInt8] {
        guard let bytes = try? FileIO.read(path), bytes.count >= recordSize, bytes[0 ..< recordSize].elementsEqual(header) else { return [] }
        return bytes
    }

    /// The facts of record `at` (its offset) in `raw`.
    private static func facts(_ raw: UnsafeRawBufferPointer, at: Int) -> Facts {
        func word(_ offset: Int) -> UInt64 { UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: at + offset, as: UInt64.self)) }
        var f = Facts(stat(), size: 0)
        f.inode = word(32)
        f.fileSize = word(40)
        f.mtimeNs = Int64(bitPattern: word(48))
        f.ctimeNs = Int64(bitPattern: word(56))
        f.size = word(64)
        return f
    }

    /// The whole records after the header, by offset (a torn last one is left out).
    private static func offsets(_ count: Int) -> StrideTo<Int> {
        stride(from: recordSize, to: count - recordSize + 1, by: recordSize)
    }

    /// The facts of the last record of `digest` in `bytes` (`records`); nil when there is none.
    static func scan(_ bytes: [UInt8], for digest: Digest) -> Facts? {
        digest.withUnsafeBytes { d in
            bytes.withUnsafeBytes { raw in
                let whole = (raw.count - recordSize) / recordSize
                for at in stride(from: whole * recordSize, through: recordSize, by: -recordSize)
                    where memcmp(raw.baseAddress! + at, d.baseAddress!, 32) == 0 {
                    return facts(raw, at: at)
                }
                return nil
            }
        }
    }

    /// Every digest's last facts in `bytes` (`records`).
    static func table(_ bytes: [UInt8]) -> [Digest: Facts] {
        var out: [Digest: Facts] = [:]
        out.reserveCapacity(bytes.count / recordSize)
        bytes.withUnsafeBytes { raw in
            for at in offsets(raw.count) {
                out[Digest(raw: UnsafeRawBufferPointer(rebasing: raw[at ..< at + 32]))] = facts(raw, at: at)
            }
        }
        return out
    }
}

/// A count several threads add to (what tests read of `quick_check` runs and full object reads).
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func increment() { lock.lock(); n += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return n }
}
