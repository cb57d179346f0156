import CSQLite
import Foundation

private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// The one place this module talks to the SQLite C API. A connection is not thread-safe; its
/// owner serializes access. Every prepared statement is finalized, even when a body throws.
final class SQLiteConnection {
    let path: String
    private let db: OpaquePointer

    /// Opens (creating when missing) with a busy timeout, so writers from other processes wait
    /// instead of failing with "database is locked".
    init(path: String, busyTimeoutMs: Int32 = 10_000) throws {
        self.path = path
        var handle: OpaquePointer?
        let rc = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard rc == SQLITE_OK, let h = handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            throw CacheError.sqlite(path: path, code: rc, message: message)
        }
        db = h
        sqlite3_busy_timeout(db, busyTimeoutMs)
    }

    /// Opens an existing file read-only as immutable (`?immutable=1`): no locks, no `-wal` or
    /// `-shm` file, nothing written. For a full disk, where opening in WAL mode cannot create the
    /// shared-memory file. Frames still in a `-wal` file are not seen (their entries are misses).
    init(immutable path: String) throws {
        self.path = path
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        var handle: OpaquePointer?
        let rc = sqlite3_open_v2("file:" + encoded + "?immutable=1", &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nil)
        guard rc == SQLITE_OK, let h = handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            throw CacheError.sqlite(path: path, code: rc, message: message)
        }
        db = h
    }

    /// Runs after the connection is closed (the last close checkpoints the WAL into the
    /// database, so the files are then as this process leaves them).
    var onClose: (() -> Void)?

    deinit {
        sqlite3_close_v2(db)
        onClose?()
    }

    func error(_ rc: Int32) -> CacheError {
        .sqlite(path: path, code: rc, message: String(cString: sqlite3_errmsg(db)))
    }

    func exec(_ sql: String) throws {
        let rc = sqlite3_exec(db, sql, nil, nil, nil)
        guard rc == SQLITE_OK else { throw error(rc) }
    }

    func withStatement<T>(_ sql: String, _ body: (SQLiteStatement) throws -> T) throws -> T {
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v2(db, sql, -1, &stmt, nil)
        guard rc == SQLITE_OK, let s = stmt else {
            sqlite3_finalize(stmt)
            throw error(rc)
        }
        defer { sqlite3_finalize(s) }
        return try body(SQLiteStatement(stmt: s, connection: self))
    }

    /// Runs `body` in `BEGIN IMMEDIATE … COMMIT` (or `BEGIN` for reads), rolling back when it
    /// throws. BEGIN and COMMIT are retried on SQLITE_BUSY beyond the busy timeout, because SQLite
    /// does not call the busy handler in every WAL case.
    func transaction<T>(write: Bool, _ body: () throws -> T) throws -> T {
        try retryingBusy { try exec(write ? "BEGIN IMMEDIATE" : "BEGIN") }
        do {
            let result = try body()
            try retryingBusy { try exec("COMMIT") }
            return result
        } catch {
            try? exec("ROLLBACK")
            throw error
        }
    }

    /// Retries `body` while it fails with SQLITE_BUSY or SQLITE_LOCKED, for up to ~30 s.
    func retryingBusy<T>(_ body: () throws -> T) throws -> T {
        var delayUs: UInt32 = 1_000
        let deadline = FileIO.nowMs() + 30_000
        while true {
            do {
                return try body()
            } catch let CacheError.sqlite(_, code, _) where (code & 0xff == SQLITE_BUSY || code & 0xff == SQLITE_LOCKED) && FileIO.nowMs() < deadline {
                usleep(delayUs + UInt32.random(in: 0..<delayUs))
                delayUs = min(delayUs * 2, 50_000)
            }
        }
    }

    var changes: Int { Int(sqlite3_changes(db)) }
}

/// A prepared statement, valid only inside `SQLiteConnection.withStatement`.
struct SQLiteStatement {
    let stmt: OpaquePointer
    unowned let connection: SQLiteConnection

    func bind(_ index: Int32, _ value: Int64) throws {
        try check(sqlite3_bind_int64(stmt, index, value))
    }

    func bind(_ index: Int32, _ value: String) throws {
        try check(sqlite3_bind_text(stmt, index, value, -1, transient))
    }

    func bind(_ index: Int32, _ value: Digest) throws {
        try check(value.withUnsafeBytes { sqlite3_bind_blob(stmt, index, $0.baseAddress, Int32($0.count), transient) })
    }

    func bind(_ index: Int32, _ value: [UInt8]) throws {
        try check(value.withUnsafeBytes { sqlite3_bind_blob(stmt, index, $0.baseAddress, Int32($0.count), transient) })
    }

    /// True when a row is ready, false when done.
    @discardableResult
    func step() throws -> Bool {
        let rc = sqlite3_step(stmt)
        if rc == SQLITE_ROW { return true }
        if rc == SQLITE_DONE { return false }
        throw connection.error(rc)
    }

    func reset() {
        sqlite3_reset(stmt)
        sqlite3_clear_bindings(stmt)
    }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(stmt, column) }

    func text(_ column: Int32) -> String {
        guard let p = sqlite3_column_text(stmt, column) else { return "" }
        return String(cString: p)
    }

    func blob(_ column: Int32) -> [UInt8] {
        let n = Int(sqlite3_column_bytes(stmt, column))
        guard n > 0, let p = sqlite3_column_blob(stmt, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: p, count: n))
    }

    private func check(_ rc: Int32) throws {
        guard rc == SQLITE_OK else { throw connection.error(rc) }
    }
}
