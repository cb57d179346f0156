import Files
import Foundation

/// The local content-addressed store: `objects/<2 hex>/<64 hex>`, each object encoded by
/// `ObjectCodec` (zlib when that pays), addressed by the SHA-256 of the uncompressed bytes.
///
/// * Writes go to an unnamed file in the object's shard folder, linked in once whole (`LinkedFile`);
///   where the file system cannot, to a temporary file in `tmp/` renamed into place. Either way a
///   reader never sees a partial object. There is no per-object fsync: every read verifies, so a
///   torn object after a crash is a miss, not a wrong answer.
/// * Reads verify. A corrupt object is recorded in `events`, moved to `quarantine/` and read as a
///   miss; it is never returned.
/// * Thread-safe; several processes may share one store (link and rename are atomic, objects are
///   immutable).
public final class FileSystemContentStore: ContentStore, @unchecked Sendable {
    public let root: String
    public let objectsPath: String
    public let tmpPath: String
    public let quarantinePath: String
    public let readOnly: Bool
    public let events: StoreEvents

    private let lock = NSLock()
    private var knownShards = [Bool](repeating: false, count: 256)
    var tmpKnown: Bool {
        get { lock.lock(); defer { lock.unlock() }; return tmpKnownFlag }
        set { lock.lock(); tmpKnownFlag = newValue; lock.unlock() }
    }
    private var tmpKnownFlag = false
    private var counter: UInt64 = 0
    /// Open shard folders (`objects/<2 hex>`, -1 until first used) for `verifies`' openat.
    private var shardFDs = [Int32](repeating: -1, count: 256)
    private let tmpPrefix: String
    /// Objects proven intact, by the stat facts of their files (`<root>/objects.verified`).
    private let proofs: VerifiedObjects

    /// Opens (without creating anything) the store rooted at `root`. Folders are made on first put.
    public init(root: String, readOnly: Bool = false, events: StoreEvents = StoreEvents()) {
        self.root = root
        self.objectsPath = root + "/objects"
        self.tmpPath = root + "/tmp"
        self.quarantinePath = root + "/quarantine"
        self.readOnly = readOnly
        self.events = events
        self.tmpPrefix = "\(getpid())-\(UInt32.random(in: 0 ... .max))"
        self.proofs = VerifiedObjects(path: root + "/objects.verified")
    }

    deinit {
        for fd in shardFDs where fd >= 0 { close(fd) }
    }

    public func path(for digest: Digest) -> String {
        let hex = digest.hex
        var p = objectsPath
        p.reserveCapacity(p.utf8.count + 68)
        p += "/"
        p += hex.prefix(2)
        p += "/"
        p += hex
        return p
    }

    public func contains(_ digest: Digest) -> Bool {
        access(path(for: digest), F_OK) == 0
    }

    public func get(_ digest: Digest) throws -> [UInt8]? {
        if case let .valid(bytes) = try load(digest) { return bytes }
        return nil
    }

    /// The outcome of reading one object.
    public enum Load: Sendable {
        case missing
        case valid([UInt8])
        /// Failed verification; already quarantined (unless read-only) and recorded in `events`.
        case corrupt(reason: String, quarantinedTo: String?)
    }

    /// Reads and verifies one object. Throws only for I/O failures other than "absent".
    public func load(_ digest: Digest) throws -> Load {
        let p = path(for: digest)
        guard let file = try FileIO.read(p) else { return .missing }
        let bytes: [UInt8]
        do {
            bytes = try ObjectCodec.decode(file)
        } catch let e as ObjectCodec.DecodeError {
            return .corrupt(reason: e.reason, quarantinedTo: quarantine(digest, path: p, reason: e.reason))
        }
        guard Digest.of(bytes) == digest else {
            let reason = "content hashes to a different digest"
            return .corrupt(reason: reason, quarantinedTo: quarantine(digest, path: p, reason: reason))
        }
        return .valid(bytes)
    }

    /// Whether the object is present, decodes, has `size` bytes and hashes to `digest`: the same
    /// checks as `load`, without its side effects (a failure is neither quarantined nor recorded;
    /// call `load` for that) and without keeping the bytes. Any I/O failure is `false`.
    ///
    /// An object proven so before whose file still has the stat facts of that proof is not read
    /// again (`VerifiedObjects` says why that is safe); a proof is kept by `saveProofs()`.
    public func verifies(_ digest: Digest, size: UInt64) -> Bool {
        // An encoded object is never longer than its bytes plus the header byte.
        guard size < UInt64(Int.max / 2) else { return false }
        let hex = digest.hex
        var st = stat()
        if let dir = shardFD(Int(digest.firstByte)), fstatat(dir, hex, &st, AT_SYMLINK_NOFOLLOW) == 0,
           proofs.proven(digest, .init(st, size: size)) { return true }
        guard let file = readObject(digest, hex: hex, atMost: Int(size) + 1, stat: &st), let header = file.first else { return false }
        fullReads.increment()
        let intact: Bool
        if header == ObjectCodec.raw {
            intact = UInt64(file.count - 1) == size && Digest.of(file[1...]) == digest
        } else if ObjectCodec.declaredSize(header: file, fileSize: UInt64(file.count)) == size,
                  let bytes = try? ObjectCodec.decode(file) {
            intact = UInt64(bytes.count) == size && Digest.of(bytes) == digest
        } else {
            intact = false
        }
        let facts = VerifiedObjects.Facts(st, size: size)
        if intact, !readOnly, st.st_mode & S_IFMT == S_IFREG, facts.ctimeNs <= FileIO.nowNs() - racyMarginNs {
            proofs.record(digest, facts)
        }
        return intact
    }

    /// Writes the proofs `verifies` made since the last call (best effort).
    public func saveProofs() {
        guard !readOnly else { return }
        proofs.save()
    }

    /// How old a file's ctime must be for a proof of it to be kept (see `VerifiedObjects`).
    var racyMarginNs: Int64 = 2_000_000_000
    /// Objects `verifies` read whole (for tests).
    let fullReads = Counter()

    /// The object's file when it has at most `limit` bytes; nil when it is absent, longer or
    /// unreadable (or, rarely, when a signal cut the read short: then `verifies` says no and the
    /// caller falls back to `load`). Opens relative to the shard folder (no walk of the path).
    private func readObject(_ digest: Digest, hex: String, atMost limit: Int, stat st: inout stat) -> [UInt8]? {
        var fd: Int32 = -1
        if let dir = shardFD(Int(digest.firstByte)) { fd = openat(dir, hex, O_RDONLY | O_CLOEXEC) }
        // A shard folder removed and made again since it was opened: go by the whole path.
        if fd < 0 { fd = open(path(for: digest), O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard fstat(fd, &st) == 0 else { return nil }
        // One read: a regular file comes back whole unless it is longer than `limit`. (A read cut
        // short by a signal only makes this answer "no", and the caller then reads the object the
        // careful way.)
        var ok = true
        let file = [UInt8](unsafeUninitializedCapacity: limit + 1) { buf, count in
            var n = read(fd, buf.baseAddress!, limit + 1)
            if n < 0 && errno == EINTR { n = read(fd, buf.baseAddress!, limit + 1) }
            if n < 0 { ok = false; n = 0 }
            count = n
        }
        return ok && file.count <= limit ? file : nil
    }

    private func shardFD(_ shard: Int) -> Int32? {
        lock.lock(); defer { lock.unlock() }
        if shardFDs[shard] < 0 {
            let fd = open(objectsPath + "/" + Digest.hex([UInt8(shard)]), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard fd >= 0 else { return nil }
            shardFDs[shard] = fd
        }
        return shardFDs[shard]
    }

    @discardableResult
    public func put(_ bytes: [UInt8]) throws -> Digest {
        let digest = Digest.of(bytes)
        try put(bytes, digest: digest)
        return digest
    }

    /// Stores bytes whose digest the caller already computed (and vouches for).
    public func put(_ bytes: [UInt8], digest: Digest) throws {
        guard !readOnly else { throw CacheError.readOnlyStore(path: root) }
        let final = path(for: digest)
        if access(final, F_OK) == 0 { return }
        let encoded = ObjectCodec.encode(bytes)
        if try link(encoded, as: digest) { return }
        let tmp = try writeTemporary(encoded)
        try install(tmp, as: digest)
    }

    /// Writes an encoded object into an unnamed file in its shard folder and links it into place
    /// (`LinkedFile`: no temporary name to create and rename, and none left by a crash). False
    /// when that cannot be done here (then `put` writes through `tmp/` as before); true when the
    /// object is in place, written now or by another writer first.
    private func link(_ encoded: [UInt8], as digest: Digest) throws -> Bool {
        let shard = Int(digest.firstByte)
        if !isKnown(shard) { try makeShard(shard) }
        guard let dir = shardFD(shard) else { return false }
        switch encoded.withUnsafeBytes({ LinkedFile.write(digest.hex, in: dir, bytes: $0, mode: 0o444) }) {
        case .linked: return true
        case .exists(let held):
            LinkedFile.discard(held)
            return true
        case .unsupported: return false
        // The shard folder was removed under us (its descriptor names a deleted folder): the
        // temporary-file path makes the folders again.
        case .failed(ENOENT): return false
        // The objects folder, not the object: one cause (a full disk) reads the same for every
        // task it fails, so a run reports it once (as `writeTemporary` names `tmp/`).
        case .failed(let e): throw CacheError.io(path: objectsPath, operation: "write into", errno: e)
        }
    }

    /// Renames a finished temporary file into place as the object `digest` (removing it on failure).
    func install(_ tmp: String, as digest: Digest) throws {
        let final = path(for: digest)
        let shard = Int(digest.firstByte)
        if !isKnown(shard) { try makeShard(shard) }
        if rename(tmp, final) != 0 {
            var e = errno
            if e == ENOENT {
                // The store folder was removed under us: forget what we knew and make it again.
                forgetFolders()
                try makeShard(shard)
                if rename(tmp, final) == 0 { return }
                e = errno
            }
            unlink(tmp)
            throw CacheError.io(path: final, operation: "rename", errno: e)
        }
    }

    /// Removes an object (used by GC). Missing objects are not an error.
    public func remove(_ digest: Digest) throws {
        guard !readOnly else { throw CacheError.readOnlyStore(path: root) }
        let p = path(for: digest)
        if unlink(p) != 0, errno != ENOENT { throw CacheError.io(path: p, operation: "unlink", errno: errno) }
    }

    /// One object file as found on disk.
    public struct ObjectFile: Sendable {
        public var digest: Digest
        public var path: String
        public var bytesOnDisk: UInt64
        public var mtimeMs: Int64
    }

    /// Every object file under `objects/` whose name is a digest in the right shard.
    public func allObjects() -> [ObjectFile] {
        var out: [ObjectFile] = []
        for shard in FileIO.list(objectsPath) where shard.utf8.count == 2 {
            let dir = objectsPath + "/" + shard
            for name in FileIO.list(dir) {
                guard let d = Digest(hex: name), name.hasPrefix(shard), name == d.hex else { continue }
                let p = dir + "/" + name
                guard let info = FileIO.info(p), !info.isDirectory else { continue }
                out.append(ObjectFile(digest: d, path: p, bytesOnDisk: info.size, mtimeMs: info.mtimeMs))
            }
        }
        return out
    }

    /// The uncompressed size of an object from its header (no decoding); nil when unreadable.
    public func uncompressedSize(of object: ObjectFile) -> UInt64? {
        guard let head = FileIO.readPrefix(object.path, count: 9) else { return nil }
        return ObjectCodec.declaredSize(header: head, fileSize: object.bytesOnDisk)
    }

    /// Moves a damaged object to `quarantine/` (or leaves it when read-only) and records the event.
    @discardableResult
    func quarantine(_ digest: Digest, path p: String, reason: String) -> String? {
        var moved: String? = nil
        if !readOnly {
            let dest = "\(quarantinePath)/\(digest.hex).\(FileIO.nowMs())"
            if (try? FileIO.makeDirectories(quarantinePath)) != nil, rename(p, dest) == 0 {
                moved = dest
            } else if unlink(p) == 0 {
                moved = "(deleted)"
            }
        }
        events.record(.corruptObject(digest: digest, layer: .local, path: p, reason: reason, quarantinedTo: moved))
        return moved
    }

    private func isKnown(_ shard: Int) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return knownShards[shard]
    }

    private func makeShard(_ shard: Int) throws {
        let hex = Digest.hex([UInt8(shard)])
        try FileIO.makeDirectories(objectsPath + "/" + hex)
        lock.lock(); knownShards[shard] = true; lock.unlock()
    }

    func forgetFolders() {
        lock.lock(); defer { lock.unlock() }
        knownShards = [Bool](repeating: false, count: 256)
        tmpKnownFlag = false
    }

    func nextTemporaryName() -> String {
        lock.lock(); defer { lock.unlock() }
        counter += 1
        return "\(tmpPath)/\(tmpPrefix)-\(counter)"
    }

    private func writeTemporary(_ encoded: [UInt8]) throws -> String {
        if !tmpKnown { try makeTemporaryFolder() }
        var name = nextTemporaryName()
        var e = FileIO.writeNew(name, encoded)
        if e == EEXIST { name = nextTemporaryName(); e = FileIO.writeNew(name, encoded) }
        if e == ENOENT {
            forgetFolders()
            try makeTemporaryFolder()
            e = FileIO.writeNew(name, encoded)
        }
        // The folder, not the per-write temporary name: one cause (a full disk) reads the same for
        // every task it fails, so a run reports it once.
        guard e == 0 else { throw CacheError.io(path: tmpPath, operation: "write into", errno: e) }
        return name
    }

    func makeTemporaryFolder() throws {
        try FileIO.makeDirectories(tmpPath)
        tmpKnown = true
    }
}
