import Hashing
import Foundation

/// `<root>/.orchestrate/memo.json`: a caller's record of what produced the tree the state file
/// describes (the compile memo, `CompileMemo` in Pipeline). The materializer keeps it beside the
/// state and binds it to the state's bytes: a memo is written only while the state still hashes to
/// the digest the caller's run left (`MaterializeReport.stateDigest`), and `unchanged` trusts a
/// tree only when the state it reads hashes to the digest the memo names. Any run that changes the
/// tree writes a new state, so a memo from before it stops matching without being touched.
extension Materializer {
    static let memoFileName = "memo.json"
    public static let memoFile = stateDirectory + "/" + memoFileName

    /// `<root>/.orchestrate/entity-base`: the last Plan as the next compile needs it to recompile
    /// one changed entity alone (`EntityBase` in Lowerings), bound to the state like the memo.
    static let baseFileName = "entity-base"
    public static let baseFile = stateDirectory + "/" + baseFileName

    /// The memo's bytes, or nil when there is none (or no state directory, or a link there).
    public func readMemo() -> [UInt8]? { readRecord(Self.memoFileName) }

    /// Writes `bytes` as the memo (and `base` as the entity base, when given), under the run lock,
    /// only if the state file still hashes to `stateDigest` (no other run replaced it since the
    /// caller's). Returns whether it was written. With `leftAs`, the identity of the state file
    /// the run that hashed to `stateDigest` left (`MaterializeReport.stateFile`), a state file
    /// that still has it (the same inode, size and mtime: replacing it makes another inode) is
    /// not hashed again.
    @discardableResult
    public func writeMemo(_ bytes: [UInt8], base: [UInt8]? = nil, stateDigest: Digest,
                          leftAs: MaterializeReport.StateFileIdentity? = nil) throws -> Bool {
        guard let dirFD = openExistingStateDirectory() else { return false }
        defer { close(dirFD) }
        try lock(dirFD, LOCK_EX)
        var st = stat()
        let same = leftAs.map { id in
            fstatat(dirFD, Self.stateFileName, &st, AT_SYMLINK_NOFOLLOW) == 0 && st.st_mode & S_IFMT == S_IFREG
                && StateIdentity(st) == id.value
        } ?? false
        guard same || Self.digestRegular(Self.stateFileName, in: dirFD) == stateDigest else { return false }
        try writeAtomically(Self.memoFileName, in: dirFD, bytes: bytes, mode: .regular, counter: 0, path: Self.memoFile)
        if let base { try writeAtomically(Self.baseFileName, in: dirFD, bytes: base, mode: .regular, counter: 0, path: Self.baseFile) }
        return true
    }

    /// The entity base's bytes, as `readMemo` reads the memo.
    public func readBase() -> [UInt8]? { readRecord(Self.baseFileName) }

    private func readRecord(_ name: String) -> [UInt8]? {
        guard let dirFD = openExistingStateDirectory() else { return nil }
        defer { close(dirFD) }
        return Self.readRegular(name, in: dirFD)
    }

    /// Whether the tree is exactly what the state file records, the state hashing to `stateDigest`:
    /// no journal (no interrupted run); and every recorded file a regular file with its recorded
    /// mode, size, inode, mtime and ctime. A file whose mtime is older than the state file's is
    /// trusted on those facts; one as recent as the state could have been edited unseen (the
    /// racily clean rule `apply` follows), so it is hashed, and it must have its recorded digest
    /// — up to `racyLimit` such files; past that the answer is "no", and `apply` (which then
    /// writes the state again, after them) takes over. A file whose stat facts differ in any way
    /// is a "no" too. Returns the number of files, nil for a "no". Holds the run lock shared, so a
    /// run writing the tree meanwhile is waited for.
    public func unchanged(stateDigest: Digest, racyLimit: Int = 64) -> Int? {
        guard let dirFD = openExistingStateDirectory() else { return nil }
        defer { close(dirFD) }
        guard (try? lock(dirFD, LOCK_SH)) != nil else { return nil }
        guard Self.hasNoJournal(dirFD) else { return nil }
        var st = stat()
        let fd = openat(dirFD, Self.stateFileName, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, let bytes = Self.readAll(fd),
              Digest.of(bytes) == stateDigest, let files = OutputStateCodec.decode(bytes) else { return nil }
        let rootFD = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFD >= 0 else { return nil }
        defer { close(rootFD) }
        return Self.allAsRecorded(files, stateMtimeNs: OutputState.ns(st.st_mtim), rootFD: rootFD, racyLimit: racyLimit) == nil ? nil : files.count
    }

    /// `unchanged(stateDigest:racyLimit:)` given the state as `loadPrevious(digesting: true)`
    /// read it (on another thread, from the start of the run): when it hashed to `stateDigest`
    /// and is still the state file there (the same inode, size and mtime, with no journal, while
    /// the run lock is held shared: `whileStateHeld`), its entries are checked without reading
    /// the state again. Anything else (another run holds the lock, the state was replaced or not
    /// read in order) is the answer of the plain `unchanged`, which reads it again.
    public func unchanged(stateDigest: Digest, read previous: Previous?, racyLimit: Int = 64) -> Int? {
        guard let previous, previous.digest == stateDigest, !previous.ordered.isEmpty, let answer = whileStateHeld(previous, { rootFD in
            Self.allAsRecorded(previous.ordered, stateMtimeNs: previous.stateMtimeNs, rootFD: rootFD, racyLimit: racyLimit)
        }) else { return unchanged(stateDigest: stateDigest, racyLimit: racyLimit) }
        return answer == nil ? nil : previous.ordered.count
    }

    /// Whether every file of `files` is there as recorded, by the rules `unchanged` states (a
    /// file as recent as the state hashed, up to `racyLimit` of them): how many were hashed so,
    /// or nil for a "no". Reads only.
    static func allAsRecorded(_ files: [OutputState], stateMtimeNs: Int64, rootFD: Int32, racyLimit: Int) -> Int? {
        let checks = check(files, stateMtimeNs: stateMtimeNs, rootFD: rootFD)
        guard !checks.contains(.changed) else { return nil }
        let racy = checks.indices.filter { checks[$0] == .racy }
        guard racy.count <= racyLimit else { return nil }
        // Each read through its parent's descriptor and stat'ed again once open: the bytes hashed
        // are those of the file whose facts matched.
        let walker = DirectoryWalker(rootFD: rootFD)
        for i in racy {
            let r = files[i], name = Self.lastComponent(r.path)
            guard let parent = (try? walker.parent(of: r.path, create: false)) ?? nil else { return nil }
            let fd = openat(parent, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            var st = stat()
            guard fstat(fd, &st) == 0, r.matches(st), Self.digest(ofDescriptor: fd, name: name) == r.digest else { return nil }
        }
        return racy.count
    }

    /// What a stat says of a recorded file: there as recorded (its mode too) and older than the
    /// state file, as recorded but as recent as the state (racy: to be hashed), or not as recorded.
    enum Check: Sendable { case clean, racy, changed }

    /// Each of `files` stat'ed through its directory, on every core (reads only).
    static func check(_ files: [OutputState], stateMtimeNs: Int64, rootFD: Int32) -> [Check] {
        concurrentMap(count: files.count, chunk: 256, context: { DirectoryWalker(rootFD: rootFD) }) { walker, i -> Check in
            let r = files[i]
            guard let st = Self.asRecorded(r, walker: walker), st.st_mode & 0o7777 == mode_t(r.mode) else { return .changed }
            return r.mtimeNs < stateMtimeNs ? .clean : .racy
        }
    }

    /// `previous` (read by `loadPrevious(digesting: true)`) with every file it records stat'ed as
    /// `applyChanges` checks the files it keeps, ahead of it, on every core: a file found there as
    /// recorded and older than the state is not stat'ed again there. Nothing is checked while
    /// another run holds the lock, has left a journal, or replaced the state since it was read.
    /// Safe for the reason `probingAhead` is: a kept file is recorded with the facts the state
    /// already holds, so an edit made after this check is found by the next run.
    public func checkingRecorded(_ previous: Previous) -> Previous {
        guard !previous.ordered.isEmpty else { return previous }
        return whileStateHeld(previous) { rootFD in
            var result = previous
            result.checked = Self.check(previous.ordered, stateMtimeNs: previous.stateMtimeNs, rootFD: rootFD)
            return result
        } ?? previous
    }

    /// The `stat` of the file `r` records when it is still there as recorded: a regular file,
    /// reached through its directories (none a link), with the recorded size, inode, mtime and
    /// ctime; nil otherwise. Its permission bits are the caller's to compare.
    static func asRecorded(_ r: OutputState, walker: DirectoryWalker) -> stat? {
        guard OutputPath.problem(r.path) == nil, !isState(r.path),
              let parent = (try? walker.parent(of: r.path, create: false)) ?? nil else { return nil }
        var st = stat()
        guard fstatat(parent, lastComponent(r.path), &st, AT_SYMLINK_NOFOLLOW) == 0, st.st_mode & S_IFMT == S_IFREG,
              r.matches(st) else { return nil }
        return st
    }

    /// Whether `.orchestrate` (the descriptor) holds no journal: no run was interrupted there.
    static func hasNoJournal(_ stateFD: Int32) -> Bool {
        var st = stat()
        return fstatat(stateFD, journalFileName, &st, AT_SYMLINK_NOFOLLOW) != 0 && errno == ENOENT
    }

    /// `<root>/.orchestrate` as it is (never made here); nil when missing or not a directory.
    private func openExistingStateDirectory() -> Int32? {
        let rootFD = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFD >= 0 else { return nil }
        defer { close(rootFD) }
        let fd = DirectoryWalker.openDirectory(Self.stateDirectory, in: rootFD)
        return fd >= 0 ? fd : nil
    }

    /// The run lock `apply` takes on `.orchestrate` (exclusive), shared or exclusive.
    func lock(_ dirFD: Int32, _ operation: Int32) throws {
        while flock(dirFD, operation) != 0 {
            guard errno == EINTR else { throw TaskError.io(path: Self.stateDirectory, operation: "lock", errno: errno) }
        }
    }

    /// A regular file's bytes in `dirFD`, not following a link; nil otherwise.
    static func readRegular(_ name: String, in dirFD: Int32) -> [UInt8]? {
        withRegular(name, in: dirFD, readAll)
    }

    /// The SHA-256 of a regular file in `dirFD` (not following a link), hashed as it is read
    /// rather than held whole; nil when it is not one or cannot be read.
    static func digestRegular(_ name: String, in dirFD: Int32) -> Digest? {
        withRegular(name, in: dirFD) { digest(ofDescriptor: $0, name: name) }
    }

    private static func withRegular<T>(_ name: String, in dirFD: Int32, _ body: (Int32) -> T?) -> T? {
        let fd = openat(dirFD, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        return body(fd)
    }
}

extension Materializer {
    /// A file of the tree as it was read (`readFile`): its bytes, and its `stat` when opened.
    public struct ReadFile: @unchecked Sendable {
        public let bytes: [UInt8]
        let st: stat
    }

    /// The regular file at `path` (reached through its directories, none a link), read whole; nil
    /// when it is not there or not one. Whether it holds what a state records is `recorded`'s to say.
    public func readFile(_ path: String) -> ReadFile? {
        let rootFD = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFD >= 0 else { return nil }
        defer { close(rootFD) }
        let walker = DirectoryWalker(rootFD: rootFD)
        guard OutputPath.problem(path) == nil, !Self.isState(path), let parent = (try? walker.parent(of: path, create: false)) ?? nil
        else { return nil }
        let fd = openat(parent, Self.lastComponent(path), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG, let bytes = Self.readAll(fd) else { return nil }
        return ReadFile(bytes: bytes, st: st)
    }

    /// `file`'s bytes when they are what `previous` records at `path`: the file was there as
    /// recorded when read (a regular file with the recorded size, inode, mtime and ctime, as `apply`
    /// trusts one; read before the state, it is judged by the state all the same) and, when as
    /// recent as the state file (the racily clean rule), its bytes also hash to the recorded
    /// digest; nil otherwise.
    public func recorded(_ file: ReadFile?, at path: String, previous: Previous) -> [UInt8]? {
        guard let file, let r = previous.entry(path), r.matches(file.st), file.bytes.count == Int(r.size) else { return nil }
        return r.mtimeNs < previous.stateMtimeNs || Digest.of(file.bytes) == r.digest ? file.bytes : nil
    }
}
