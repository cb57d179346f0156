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

    /// The memo's bytes, or nil when there is none (or no state directory, or a link there).
    public func readMemo() -> [UInt8]? {
        guard let dirFD = openExistingStateDirectory() else { return nil }
        defer { close(dirFD) }
        return Self.readRegular(Self.memoFileName, in: dirFD)
    }

    /// Writes `bytes` as the memo, under the run lock, only if the state file still hashes to
    /// `stateDigest` (no other run replaced it since the caller's). Returns whether it was written.
    @discardableResult
    public func writeMemo(_ bytes: [UInt8], stateDigest: Digest) throws -> Bool {
        guard let dirFD = openExistingStateDirectory() else { return false }
        defer { close(dirFD) }
        try lock(dirFD, LOCK_EX)
        guard let state = Self.readRegular(Self.stateFileName, in: dirFD), Digest.of(state) == stateDigest else { return false }
        try writeAtomically(Self.memoFileName, in: dirFD, bytes: bytes, mode: .regular, counter: 0, path: Self.memoFile)
        return true
    }

    /// Whether the tree is exactly what the state file records, the state hashing to `stateDigest`:
    /// no journal (no interrupted run); and every recorded file a regular file with its recorded
    /// mode, size, inode, mtime and ctime, and an mtime older than the state file's (the racily
    /// clean rule `apply` follows: a file as recent as the state could have been edited unseen).
    /// Nothing is read but the state: a file whose stat facts differ in any way is a "no", and the
    /// caller runs `apply`, which hashes it. Returns the number of files, nil for a "no". Holds
    /// the run lock shared, so a run writing the tree meanwhile is waited for.
    public func unchanged(stateDigest: Digest) -> Int? {
        guard let dirFD = openExistingStateDirectory() else { return nil }
        defer { close(dirFD) }
        guard (try? lock(dirFD, LOCK_SH)) != nil else { return nil }
        var st = stat()
        guard fstatat(dirFD, Self.journalFileName, &st, AT_SYMLINK_NOFOLLOW) != 0, errno == ENOENT else { return nil }
        let fd = openat(dirFD, Self.stateFileName, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, let bytes = Self.readAll(fd),
              Digest.of(bytes) == stateDigest, let files = OutputStateCodec.decode(bytes) else { return nil }
        let stateMtimeNs = OutputState.ns(st.st_mtim)
        let rootFD = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFD >= 0 else { return nil }
        defer { close(rootFD) }
        let clean = concurrentMap(count: files.count, chunk: 256, context: { DirectoryWalker(rootFD: rootFD) }) { walker, i -> Bool in
            let r = files[i]
            guard OutputPath.problem(r.path) == nil, !Self.isState(r.path),
                  let parent = (try? walker.parent(of: r.path, create: false)) ?? nil else { return false }
            var st = stat()
            return fstatat(parent, Self.lastComponent(r.path), &st, AT_SYMLINK_NOFOLLOW) == 0
                && (st.st_mode & S_IFMT) == S_IFREG && st.st_mode & 0o7777 == mode_t(r.mode)
                && r.matches(st) && r.mtimeNs < stateMtimeNs
        }
        return clean.allSatisfy { $0 } ? files.count : nil
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
        let fd = openat(dirFD, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        return readAll(fd)
    }
}
