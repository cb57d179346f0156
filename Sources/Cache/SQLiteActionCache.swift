import CSQLite
import Foundation

/// The action cache in one SQLite file: task key → outputs (path, digest, size, executable) with
/// the renderer release, total size, creation and last-use times.
///
/// * WAL journal, `synchronous=NORMAL`, a 10 s busy timeout plus retries around `BEGIN IMMEDIATE`:
///   several processes (parallel CI jobs) may read and write one file at once.
/// * Schema versioned by `PRAGMA user_version` (1). A newer version is refused, never rewritten.
/// * A file that is not a database, or fails `PRAGMA quick_check` on open, is moved aside (to
///   `quarantineDirectory`), an empty index is started, and `.indexRebuilt` is recorded. Damage
///   SQLite reports later, in any statement, is handled the same way (and the statement retried
///   once on the new index), so damage `quick_check` misses cannot wedge the store.
/// * A file deleted or replaced while open is noticed (by device and inode) and reopened.
/// * Last use is written on a hit only when the stored value is older than `touchInterval` ms
///   (one minute by default), so hits normally stay read-only.
/// * One connection per instance, serialized by a lock; give each thread or process its own
///   instance for parallelism.
public final class SQLiteActionCache: @unchecked Sendable {
    public static let schemaVersion: Int32 = 2
    public let path: String
    public let quarantineDirectory: String
    public let readOnly: Bool
    public let events: StoreEvents
    public let touchInterval: Int64
    private let clock: @Sendable () -> Int64
    private let lock = NSLock()
    private var connection: SQLiteConnection
    /// (device, inode) of the file `connection` has open, to notice it being deleted or replaced.
    private var identity: FileIO.Identity?

    public static let systemClock: @Sendable () -> Int64 = { FileIO.nowMs() }

    /// - Parameters:
    ///   - quarantineDirectory: where an unreadable file is moved; defaults to the file's folder.
    ///   - readOnly: `record` and `remove` throw `CacheError.readOnlyStore`; hits do not touch.
    ///   - clock: milliseconds since 1970 (injected so tests can order uses).
    public init(path: String, quarantineDirectory: String? = nil, readOnly: Bool = false,
                events: StoreEvents = StoreEvents(), touchInterval: Int64 = 60_000,
                clock: @escaping @Sendable () -> Int64 = SQLiteActionCache.systemClock) throws {
        self.path = path
        self.quarantineDirectory = quarantineDirectory ?? (path as NSString).deletingLastPathComponent
        self.readOnly = readOnly
        self.events = events
        self.touchInterval = touchInterval
        self.clock = clock
        do {
            connection = try Self.openChecked(path)
        } catch let CacheError.sqlite(_, code, message) where Self.isDamage(code) {
            let moved = try Self.moveAside(path, to: self.quarantineDirectory, now: clock())
            events.record(.indexRebuilt(path: path, movedTo: moved, reason: "SQLite error \(code): \(message)"))
            connection = try Self.openChecked(path)
        } catch let CacheError.sqlite(_, code, message) where Self.isDiskFull(code, path) && FileIO.info(path) != nil {
            // A full disk: WAL mode cannot create its shared-memory file. Read what is there, so a
            // fully cached run needs no write, and let `store gc` free space.
            connection = try SQLiteConnection(immutable: path)
            isDiskFullReadOnly = true
            events.record(.indexReadOnly(path: path, reason: "the disk is full: SQLite error \(code): \(message)"))
        }
        identity = FileIO.identity(path)
    }

    /// True while the index is open read-only because its disk was full (see `reopenWritable`).
    public private(set) var isDiskFullReadOnly = false

    /// After space was freed: opens the index for writing again. False while the disk is still full.
    public func reopenWritable() -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard isDiskFullReadOnly else { return true }
        guard let writable = try? Self.openChecked(path) else { return false }
        connection = writable
        identity = FileIO.identity(path)
        isDiskFullReadOnly = false
        return true
    }

    /// SQLite's answer when the disk is full: SQLITE_FULL, or an I/O or open error while the file
    /// system has (almost) no space left, as when the `-shm` file cannot be sized.
    static func isDiskFull(_ code: Int32, _ path: String) -> Bool {
        let primary = code & 0xff
        if primary == SQLITE_FULL { return true }
        guard primary == SQLITE_IOERR || primary == SQLITE_CANTOPEN else { return false }
        let directory = (path as NSString).deletingLastPathComponent
        return (FileIO.availableBytes(directory.isEmpty ? "." : directory) ?? .max) < 1 << 20
    }

    private func refuseWhileDiskFull() throws {
        if isDiskFullReadOnly {
            throw CacheError.sqlite(path: path, code: SQLITE_FULL, message: "the disk is full, so the index was opened read-only")
        }
    }

    // MARK: Entries

    /// The entry for `key`, or nil (the objects it names are not checked; `StoreChain` does).
    /// A hit whose last use is older than `touchInterval` has it written, best effort.
    public func entry(for key: Digest) throws -> ActionEntry? {
        try entries(for: [key])[0]
    }

    /// The indices of `keys` in key order (ties in the order given). A batch of keys is read or
    /// written in that order: SQLite compares blobs as `Digest` orders them, so its B-tree is
    /// walked from one end to the other, each page read (and, writing, dirtied) once, instead of
    /// at random through a page cache a few MB large. 43,484 lookups, then as many last-use
    /// updates, in random order then in key order (Python's sqlite3): 292 -> 179 ms, 245 -> 125 ms.
    static func inKeyOrder(_ keys: [Digest]) -> [Int] {
        keys.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
    }

    /// A 32-byte blob as a digest; an empty blob (unknown) as nil.
    static func optionalDigest(_ blob: [UInt8]) -> Digest? { blob.count == 32 ? Digest(bytes: blob) : nil }

    /// The entries for several keys, in order, read in one transaction through one prepared
    /// statement, with the stale last-use times (older than `touchInterval`) written in one more.
    public func entries(for keys: [Digest]) throws -> [ActionEntry?] {
        var found = try entriesUntouched(for: keys)
        touchStale(keys, &found)
        return found
    }

    /// `entries(for:)` without the last-use touch; pair it with `touchStale` (which may run on
    /// another thread meanwhile, e.g. while the objects are being verified).
    func entriesUntouched(for keys: [Digest]) throws -> [ActionEntry?] {
        guard !keys.isEmpty else { return [] }
        return try locked {
            try connection.transaction(write: false) {
                // One statement per key: the entry's row joined with its outputs, in order.
                // In key order (`inKeyOrder`), answered in the order asked.
                try connection.withStatement("SELECT \(Self.entryColumns) \(Self.entryJoin) WHERE e.key = ? ORDER BY o.ord") { s in
                    var out = [ActionEntry?](repeating: nil, count: keys.count)
                    for i in Self.inKeyOrder(keys) {
                        s.reset()
                        try s.bind(1, keys[i])
                        guard try s.step() else { continue }
                        out[i] = try readEntry(s, from: 0).entry
                    }
                    return out
                }
            }
        }
    }

    /// Writes the last-use time of every found entry older than `touchInterval` (one
    /// transaction, best effort as in `entry(for:)`: a busy database must not turn hits into
    /// failures) and updates `found` to match. `found[i]` is the entry of `keys[i]`.
    func touchStale(_ keys: [Digest], _ found: inout [ActionEntry?]) {
        guard !readOnly, !isDiskFullReadOnly else { return }
        let now = clock()
        let stale = found.indices.filter { found[$0].map { now - $0.lastUsedMs >= touchInterval } ?? false }
        guard !stale.isEmpty else { return }
        if (try? markUsed(stale.map { keys[$0] }, at: now)) != nil {
            for i in stale { found[i]!.lastUsedMs = now }
        }
    }

    public func record(_ entry: ActionEntry, for key: Digest) throws {
        try record([(key, entry)])
    }

    /// Records several entries in one transaction.
    public func record(_ entries: [(key: Digest, entry: ActionEntry)]) throws {
        guard !readOnly else { throw CacheError.readOnlyStore(path: path) }
        try refuseWhileDiskFull()
        let now = clock()
        try locked {
            try connection.transaction(write: true) {
                try connection.withStatement("DELETE FROM outputs WHERE key = ?") { del in
                    try connection.withStatement("""
                        INSERT OR REPLACE INTO entries(key, release, total_size, created_ms, last_used_ms, rendered_in)
                        VALUES (?, ?, ?, ?, ?, ?)
                        """) { ins in
                        try connection.withStatement(
                            "INSERT INTO outputs(key, ord, path, digest, size, executable) VALUES (?, ?, ?, ?, ?, ?)") { out in
                            // In key order; a key given twice ends with its last entry, as in the order given.
                            for n in Self.inKeyOrder(entries.map(\.key)) {
                                let (key, entry) = entries[n]
                                del.reset(); try del.bind(1, key); try del.step()
                                ins.reset()
                                try ins.bind(1, key)
                                try ins.bind(2, entry.release)
                                try ins.bind(3, Int64(clamping: entry.totalSize))
                                try ins.bind(4, entry.createdMs != 0 ? entry.createdMs : now)
                                try ins.bind(5, entry.lastUsedMs != 0 ? entry.lastUsedMs : now)
                                try ins.bind(6, entry.renderedIn?.bytes ?? [])
                                try ins.step()
                                for (i, o) in entry.outputs.enumerated() {
                                    out.reset()
                                    try out.bind(1, key)
                                    try out.bind(2, Int64(i))
                                    try out.bind(3, o.path)
                                    try out.bind(4, o.digest)
                                    try out.bind(5, Int64(clamping: o.size))
                                    try out.bind(6, o.executable ? 1 : 0)
                                    try out.step()
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    public func remove(_ key: Digest) throws { try remove([key]) }

    /// Forgets several keys in one transaction.
    public func remove(_ keys: [Digest]) throws {
        guard !readOnly else { throw CacheError.readOnlyStore(path: path) }
        try refuseWhileDiskFull()
        guard !keys.isEmpty else { return }
        try locked {
            try connection.transaction(write: true) {
                for sql in ["DELETE FROM outputs WHERE key = ?", "DELETE FROM entries WHERE key = ?"] {
                    try connection.withStatement(sql) { s in
                        for i in Self.inKeyOrder(keys) { s.reset(); try s.bind(1, keys[i]); try s.step() }
                    }
                }
            }
        }
    }

    // MARK: Derived documents

    /// How many memo rows are kept (the newest); a row is under 100 bytes.
    public static let derivedRows = 1024

    /// The memo of derived documents (`derived` table): what `key` derives to, the bytes not
    /// stored. For documents too large to store on every change and cheap to derive again (a
    /// tree's provenance): a hit spares the encoding, and whoever needs the bytes derives them and
    /// checks this digest. Best effort: nil on any error. The table sits beside the schema
    /// (`CREATE TABLE IF NOT EXISTS`, no version change): an older orchestrate ignores it.
    public func derived(for key: Digest) -> (digest: Digest, size: UInt64)? {
        try? locked {
            try connection.withStatement("SELECT digest, size FROM derived WHERE key = ?") { s in
                try s.bind(1, key)
                guard try s.step(), let digest = Self.optionalDigest(s.blob(0)) else { return nil }
                return (digest, UInt64(s.int64(1)))
            }
        }
    }

    /// Records `key` → digest and size, keeping the newest `derivedRows` rows. Best effort.
    public func recordDerived(_ key: Digest, digest: Digest, size: UInt64) {
        guard !readOnly, !isDiskFullReadOnly else { return }
        let now = clock()
        _ = try? locked {
            try connection.transaction(write: true) {
                try connection.withStatement("INSERT OR REPLACE INTO derived(key, digest, size, created_ms) VALUES (?, ?, ?, ?)") { s in
                    try s.bind(1, key); try s.bind(2, digest); try s.bind(3, Int64(size)); try s.bind(4, now)
                    try s.step()
                }
                try connection.withStatement(
                    "DELETE FROM derived WHERE key NOT IN (SELECT key FROM derived ORDER BY created_ms DESC, key LIMIT \(Self.derivedRows))"
                ) { s in try s.step() }
            }
        }
    }

    /// The number of memo rows.
    public func derivedCount() throws -> Int {
        try locked {
            try connection.withStatement("SELECT count(*) FROM derived") { s in
                try s.step()
                return Int(s.int64(0))
            }
        }
    }

    // MARK: Maintenance

    /// Sets the last-use time of `key` (hits do this themselves, at most once per `touchInterval`).
    public func markUsed(_ key: Digest, at ms: Int64) throws {
        guard !readOnly else { throw CacheError.readOnlyStore(path: path) }
        try refuseWhileDiskFull()
        try locked {
            try connection.retryingBusy {
                try connection.withStatement("UPDATE entries SET last_used_ms = ? WHERE key = ?") { s in
                    try s.bind(1, ms); try s.bind(2, key); try s.step()
                }
            }
        }
    }

    /// Sets the last-use time of several keys in one transaction.
    public func markUsed(_ keys: [Digest], at ms: Int64) throws {
        guard !readOnly else { throw CacheError.readOnlyStore(path: path) }
        try refuseWhileDiskFull()
        guard !keys.isEmpty else { return }
        try locked {
            try connection.transaction(write: true) {
                try connection.withStatement("UPDATE entries SET last_used_ms = ? WHERE key = ?") { s in
                    for i in Self.inKeyOrder(keys) {
                        s.reset()
                        try s.bind(1, ms)
                        try s.bind(2, keys[i])
                        try s.step()
                    }
                }
            }
        }
    }

    /// The number of entries.
    public func count() throws -> Int {
        try locked {
            try connection.withStatement("SELECT count(*) FROM entries") { s in
                try s.step()
                return Int(s.int64(0))
            }
        }
    }

    /// Every entry, least recently used first (ties by key).
    public func allEntries() throws -> [(key: Digest, entry: ActionEntry)] {
        try locked {
            try connection.transaction(write: false) {
                try connection.withStatement(
                    "SELECT e.key, \(Self.entryColumns) \(Self.entryJoin) ORDER BY e.last_used_ms, e.key, o.ord") { s in
                    var out: [(key: Digest, entry: ActionEntry)] = []
                    var more = try s.step()
                    while more {
                        let k = s.blob(0)
                        guard k.count == 32 else { throw corrupt("entry key of \(k.count) bytes") }
                        let read = try readEntry(s, from: 1) { s.blob(0) == k }
                        out.append((Digest(bytes: k), read.entry))
                        more = read.more
                    }
                    return out
                }
            }
        }
    }

    /// Which of `digests` some entry still references.
    public func referencedDigests(among digests: [Digest]) throws -> Set<Digest> {
        guard !digests.isEmpty else { return [] }
        return try locked {
            try connection.transaction(write: false) {
                try connection.withStatement("SELECT 1 FROM outputs WHERE digest = ? LIMIT 1") { s in
                    var used: Set<Digest> = []
                    for d in digests {
                        s.reset()
                        try s.bind(1, d)
                        if try s.step() { used.insert(d) }
                    }
                    return used
                }
            }
        }
    }

    /// `PRAGMA quick_check`: empty when the file is sound, else SQLite's complaints.
    public func quickCheck() throws -> [String] {
        try locked { try Self.quickCheck(connection) }
    }

    /// `PRAGMA integrity_check`: `quick_check` plus what it skips (every index against its table,
    /// UNIQUE constraints). Empty when the file is sound. Reads the whole file: for `store verify`.
    public func integrityCheck() throws -> [String] {
        try locked {
            try connection.withStatement("PRAGMA integrity_check") { s in
                var rows: [String] = []
                while try s.step() { rows.append(s.text(0)) }
                return rows == ["ok"] ? [] : rows
            }
        }
    }

    /// Moves the index aside (to the quarantine) and starts an empty one, as for damage found on
    /// open; returns where the damaged file went. The store loses its entries, never its objects:
    /// later runs render again (or hit the remote) and record anew.
    @discardableResult
    public func rebuild(reason: String) throws -> String? {
        guard !readOnly else { throw CacheError.readOnlyStore(path: path) }
        lock.lock(); defer { lock.unlock() }
        return try rebuildLocked(reason: reason)
    }

    // MARK: Internals

    /// Runs `body` on the connection. Damage SQLite reports at any point (SQLITE_CORRUPT or
    /// SQLITE_NOTADB — damage `quick_check` on open can miss, such as an index that disagrees with
    /// its table) is handled like damage found on open: the file is moved aside, an empty index is
    /// started, and `body` runs once more on it (a read then finds nothing: a miss).
    private func locked<T>(_ body: () throws -> T) throws -> T {
        lock.lock(); defer { lock.unlock() }
        try reopenIfReplaced()
        do {
            return try body()
        } catch let CacheError.sqlite(_, code, message) where Self.isDamage(code) && !readOnly && !isDiskFullReadOnly {
            try rebuildLocked(reason: "SQLite error \(code): \(message)")
            return try body()
        }
    }

    @discardableResult
    private func rebuildLocked(reason: String) throws -> String? {
        let moved = try Self.moveAside(path, to: quarantineDirectory, now: clock())
        connection = try Self.openChecked(path)
        identity = FileIO.identity(path)
        events.record(.indexRebuilt(path: path, movedTo: moved, reason: reason))
        return moved
    }

    /// When the file was deleted (e.g. the store folder removed mid-run) or replaced (another
    /// process moved a damaged index aside), writes through the old connection would vanish with
    /// the old inode. Reopen the path instead, recreating its folder, and report it.
    private func reopenIfReplaced() throws {
        let now = FileIO.identity(path)
        guard now != identity else { return }
        if now == nil { try FileIO.makeDirectories((path as NSString).deletingLastPathComponent) }
        connection = try Self.openChecked(path)
        identity = FileIO.identity(path)
        events.record(.indexRebuilt(path: path, movedTo: nil,
                                    reason: now == nil ? "the file was deleted while in use" : "the file was replaced by another process"))
    }

    /// The one shape entries are read back in: an entry's row joined with its outputs, these
    /// columns in this order (`readEntry` decodes them). Callers add a filter and the order.
    private static let entryColumns = "e.release, e.created_ms, e.last_used_ms, e.rendered_in, o.path, o.digest, o.size, o.executable"
    private static let entryJoin = "FROM entries e LEFT JOIN outputs o ON o.key = e.key"

    /// The one row reader: decodes the entry whose first row `s` is on (the `entryColumns` from
    /// column `c`), one output per row, stepping on while the next row is still this entry's
    /// (`sameEntry`; a query for one key has no other). An entry without outputs joins to one row
    /// of NULLs. `more`: whether `s` is left on the next entry's first row.
    private func readEntry(_ s: SQLiteStatement, from c: Int32,
                           sameEntry: () -> Bool = { true }) throws -> (entry: ActionEntry, more: Bool) {
        var entry = ActionEntry(outputs: [], release: s.text(c), createdMs: s.int64(c + 1), lastUsedMs: s.int64(c + 2),
                                renderedIn: Self.optionalDigest(s.blob(c + 3)))
        repeat {
            if !s.blob(c + 5).isEmpty { entry.outputs.append(try output(s, from: c + 4)) }
            guard try s.step() else { return (entry, false) }
        } while sameEntry()
        return (entry, true)
    }

    private func output(_ s: SQLiteStatement, from c: Int32) throws -> OutputFile {
        let d = s.blob(c + 1)
        guard d.count == 32 else { throw corrupt("output digest of \(d.count) bytes") }
        return OutputFile(path: s.text(c), digest: Digest(bytes: d), size: UInt64(max(0, s.int64(c + 2))), executable: s.int64(c + 3) != 0)
    }

    private func corrupt(_ what: String) -> CacheError {
        .sqlite(path: path, code: SQLITE_CORRUPT, message: "malformed row: \(what)")
    }

    static func isDamage(_ code: Int32) -> Bool {
        let primary = code & 0xff
        return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
    }

    /// Opens, sets WAL, creates or checks the schema, and runs `quick_check`.
    static func openChecked(_ path: String) throws -> SQLiteConnection {
        // Taken before opening (WAL mode makes the `-wal` file on open).
        let asStamped = CheckedStamp.current(path).map { $0 == CheckedStamp.read(path) } ?? false
        let c = try SQLiteConnection(path: path)
        try c.retryingBusy {
            try c.withStatement("PRAGMA journal_mode=WAL") { s in _ = try s.step() }
        }
        try c.exec("PRAGMA synchronous=NORMAL")
        try c.transaction(write: true) {
            let version = try c.withStatement("PRAGMA user_version") { s -> Int32 in
                try s.step()
                return Int32(truncatingIfNeeded: s.int64(0))
            }
            if version > schemaVersion {
                throw CacheError.incompatibleIndex(path: path, version: version, supported: schemaVersion)
            }
            if version < schemaVersion {
                try c.exec("""
                    DROP TABLE IF EXISTS outputs;
                    DROP TABLE IF EXISTS entries;
                    CREATE TABLE entries(
                        key BLOB PRIMARY KEY NOT NULL,
                        release TEXT NOT NULL,
                        total_size INTEGER NOT NULL,
                        created_ms INTEGER NOT NULL,
                        last_used_ms INTEGER NOT NULL,
                        rendered_in BLOB NOT NULL DEFAULT x''
                    ) WITHOUT ROWID;
                    CREATE TABLE outputs(
                        key BLOB NOT NULL,
                        ord INTEGER NOT NULL,
                        path TEXT NOT NULL,
                        digest BLOB NOT NULL,
                        size INTEGER NOT NULL,
                        executable INTEGER NOT NULL,
                        PRIMARY KEY(key, ord)
                    ) WITHOUT ROWID;
                    CREATE INDEX outputs_digest ON outputs(digest);
                    PRAGMA user_version = \(schemaVersion);
                    """)
            }
            // No index on last use: every hit marked used (at most once a minute, so in nearly every
            // CI run) moved its row in it. Marking the 43,617 hits of a 5,000-entity `--full`
            // compile took 535 perf samples with it and 385 without (of 3,910 and 3,725), and
            // every entry recorded paid for a second B-tree. Only `store gc` orders by last use,
            // and it sorts (43,640 rows: 162 -> 222 ms). An index an older orchestrate made goes
            // (the schema version is the same, and that version never makes it again).
            try c.exec("DROP INDEX IF EXISTS entries_last_used")
            try c.exec("""
                CREATE TABLE IF NOT EXISTS derived(
                    key BLOB PRIMARY KEY NOT NULL,
                    digest BLOB NOT NULL,
                    size INTEGER NOT NULL,
                    created_ms INTEGER NOT NULL
                ) WITHOUT ROWID;
                """)
        }
        // `quick_check` reads every page (20 ms at 9,000 entries, 90 ms at 45,000): it runs when
        // the index files are not as the last process that checked or wrote them left them.
        if !asStamped {
            CheckedStamp.checksRun.increment()
            let problems = try quickCheck(c)
            if !problems.isEmpty {
                throw CacheError.sqlite(path: path, code: SQLITE_CORRUPT, message: "quick_check: " + problems.prefix(3).joined(separator: "; "))
            }
        }
        // Checked now, or as the stamp says; written by this process from here on. Stamped as
        // this process leaves them once closed.
        c.onClose = { CheckedStamp.write(path) }
        return c
    }

    static func quickCheck(_ c: SQLiteConnection) throws -> [String] {
        try c.withStatement("PRAGMA quick_check") { s in
            var rows: [String] = []
            while try s.step() { rows.append(s.text(0)) }
            return rows == ["ok"] ? [] : rows
        }
    }

    /// Moves the database and its WAL/SHM files into `directory`; returns the new database path,
    /// or nil when the file is already gone (another process moved it first).
    static func moveAside(_ path: String, to directory: String, now: Int64) throws -> String? {
        try FileIO.makeDirectories(directory)
        let base = (path as NSString).lastPathComponent
        let dest = "\(directory)/\(base).corrupt-\(now)-\(getpid())"
        guard rename(path, dest) == 0 else {
            if errno == ENOENT { return nil }
            throw CacheError.io(path: path, operation: "rename", errno: errno)
        }
        for suffix in ["-wal", "-shm"] {
            if rename(path + suffix, dest + suffix) != 0 { unlink(path + suffix) }
        }
        return dest
    }
}

/// What the index files were when a process that had checked them (or found them as stamped)
/// closed them: device, inode, size and mtime (ns) of the database and of its WAL, kept in
/// `<index>.checked`, written after the connection closes (a process that dies first leaves the
/// old stamp, which then no longer matches, so the next open checks). Trusted the way git trusts its index's stat data: any write through SQLite
/// changes the WAL's size or mtime (and a checkpoint the database's), and replacing or editing a
/// file changes its inode, size or mtime, so a mismatch means "not as we left it" and the check
/// runs. What a stamp cannot see, a page damaged without its file being written (a failing
/// disk), SQLite reports when it reads the page (`SQLITE_CORRUPT`), which rebuilds the index as
/// before; `store verify` runs the full `integrity_check` whatever the stamp says.
enum CheckedStamp {
    /// How many opens ran `quick_check` in this process (for tests).
    static let checksRun = Counter()

    static func current(_ path: String) -> String? {
        func facts(_ p: String) -> String {
            var st = stat()
            guard stat(p, &st) == 0 else { return "-" }
            return "\(st.st_dev):\(st.st_ino):\(st.st_size):\(Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec))"
        }
        let db = facts(path)
        return db == "-" ? nil : "orchestrate.index-checked/1 \(db) \(facts(path + "-wal"))\n"
    }

    static func read(_ path: String) -> String? {
        guard let bytes = try? FileIO.read(path + ".checked"), bytes.count < 512 else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Best effort: without a stamp the next open checks.
    static func write(_ path: String) {
        guard let stamp = current(path) else { return }
        let tmp = path + ".checked.\(getpid()).tmp"
        unlink(tmp)
        try? FileIO.replace(path + ".checked", with: Array(stamp.utf8), temp: tmp)
    }
}
