import Hashing
import Foundation

/// Crash safety: before its first write a run records in `<root>/.orchestrate/journal.json` every
/// path it is about to create or replace, with the digest it will leave there (fsync'd, file and
/// directory); the journal is removed once the state file records the run's outcome. A run that
/// finds a journal knows the previous run was interrupted (killed, power lost) and first cleans up:
///
/// * temp files (`.orchestrate-tmp-*`) are removed from every directory a journaled path is in
///   (that is where the interrupted run made them) and from `.orchestrate/`; when the journal
///   itself cannot be read, from the whole tree;
/// * each journaled path counts as ours with its journaled digest as well as its recorded one, so a
///   path the new run does not produce is removed as a stale owned file when its bytes are either
///   (and kept otherwise), and a path it does produce is replaced.
///
/// The journal a run writes carries the entries it recovered until it completes, so a run
/// interrupted during recovery loses nothing.
extension Materializer {
    static let journalFileName = "journal.json"
    /// How the name of every temporary file a run writes begins (`.orchestrate-tmp-<pid>-<counter>-<name>`
    /// beside the file it becomes); none is left after a finished run.
    public static let tempPrefix = ".orchestrate-tmp-"

    /// What an interrupted run left: its journal entries (path and digest), and whether there was one.
    struct Recovery {
        var interrupted = false
        var entries: [OutputState] = []
    }

    /// Cleans up after an interrupted run, if the journal says there was one. Temp files in
    /// `.orchestrate/` (a journal or state being written when the run was killed) go every time.
    func recover(rootFD: Int32, stateFD: Int32) -> Recovery {
        removeTemps(in: stateFD)
        let fd = openat(stateFD, Self.journalFileName, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return Recovery() }
        var st = stat()
        let bytes = fstat(fd, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG ? Self.readAll(fd) : nil
        close(fd)
        var recovery = Recovery(interrupted: true)
        if let bytes, let entries = OutputStateCodec.decode(bytes, schema: OutputStateCodec.journalSchema) {
            recovery.entries = entries.filter { OutputPath.problem($0.path) == nil && !Self.isState($0.path) }
            let walker = DirectoryWalker(rootFD: rootFD)
            var seen: Set<Substring> = []
            for e in recovery.entries.sorted(by: { ComponentOrder.less($0.path, $1.path) }) {
                let dir = e.path[..<(e.path.lastIndex(of: "/") ?? e.path.startIndex)]
                guard seen.insert(dir).inserted, let dirFD = try? walker.parent(of: e.path, create: false) else { continue }
                removeTemps(in: dirFD)
            }
        } else {
            removeTempsBelow(rootFD, depth: 0)
        }
        return recovery
    }

    /// Records `entries` (fsync'd) before the run writes anything.
    func writeJournal(_ entries: [OutputState], in stateFD: Int32) throws {
        // By path, then by digest: one order (recovery reads any).
        let sorted = entries.sorted { ($0.path, $0.digest) < ($1.path, $1.digest) }
        _ = try writeStreamed(Self.journalFileName, in: stateFD, path: Self.stateDirectory + "/" + Self.journalFileName, durable: true) {
            OutputStateCodec.stream(sorted, schema: OutputStateCodec.journalSchema, $0)
        }
    }

    func removeJournal(in stateFD: Int32) throws {
        if unlinkat(stateFD, Self.journalFileName, 0) != 0 && errno != ENOENT {
            throw TaskError.io(path: Self.stateDirectory + "/" + Self.journalFileName, operation: "unlink", errno: errno)
        }
    }

    static func isState(_ path: String) -> Bool { path == stateDirectory || path.hasPrefix(stateDirectory + "/") }

    /// Removes our temp files (regular files named `.orchestrate-tmp-*`) directly in `dirFD`.
    private func removeTemps(in dirFD: Int32) {
        for name in Self.names(in: dirFD) where name.hasPrefix(Self.tempPrefix) {
            var st = stat()
            if fstatat(dirFD, name, &st, AT_SYMLINK_NOFOLLOW) == 0, (st.st_mode & S_IFMT) == S_IFREG { unlinkat(dirFD, name, 0) }
        }
    }

    /// The same in every directory below `dirFD`, never through a link.
    private func removeTempsBelow(_ dirFD: Int32, depth: Int) {
        guard depth < 256 else { return }
        removeTemps(in: dirFD)
        for name in Self.names(in: dirFD) {
            let child = DirectoryWalker.openDirectory(name, in: dirFD)
            guard child >= 0 else { continue }
            removeTempsBelow(child, depth: depth + 1)
            close(child)
        }
    }

    /// The entries of a directory (without `.` and `..`).
    static func names(in dirFD: Int32) -> [String] {
        let fd = dup(dirFD)
        guard fd >= 0 else { return [] }
        guard let dir = fdopendir(fd) else { close(fd); return [] }
        defer { closedir(dir) }
        rewinddir(dir)
        var out: [String] = []
        while let ent = readdir(dir) {
            let name = withUnsafePointer(to: ent.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { out.append(name) }
        }
        return out
    }
}
