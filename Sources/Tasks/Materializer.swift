import Cache
import Foundation

/// One file the materializer should leave in the output tree.
public struct TreeFile: Sendable, Hashable, Codable {
    public let path: String
    public let digest: Digest
    public let mode: FileMode
    public let size: UInt64

    public init(path: String, digest: Digest, mode: FileMode, size: UInt64) {
        self.path = path
        self.digest = digest
        self.mode = mode
        self.size = size
    }
}

/// What a materialization did.
public struct MaterializeReport: Sendable, Equatable {
    public var written: [String] = []
    public var modeChanged: [String] = []
    public var unchanged = 0
    public var removed: [String] = []
    /// Files a previous run produced that were edited since; left in place.
    public var keptModified: [String] = []
}

/// Writes a set of files into an output root:
/// * only files whose bytes or mode differ are written, so unchanged files keep their mtime;
/// * each write is a temp file in the same directory renamed over the target (atomic);
/// * files a previous run of ours produced that this run does not are removed, unless someone
///   edited them since; files we never produced are never touched;
/// * no path escapes the root: `..`, absolute paths and symlinked directories are refused.
///
/// What we produced is remembered in `<root>/.orchestrate/outputs.json`, which also lets a
/// no-op run skip hashing files whose size, mtime and inode are as we left them and whose mtime is
/// older than the state file's (a file as recent as the state could have been edited unseen).
public struct Materializer: Sendable {
    public static let stateDirectory = ".orchestrate"
    public static let stateFile = ".orchestrate/outputs.json"

    public let root: String

    public init(root: String) { self.root = root }

    /// What an earlier run left in the root, as `apply` reads it first. Read it ahead (e.g. while
    /// the executor runs) and pass it to `apply(_:previous:bytes:)`.
    public struct Previous: Sendable {
        let outputs: [String: OutputState]
        /// The state file's mtime (ns); 0 when there is none.
        let stateMtimeNs: Int64
    }

    public func loadPrevious() -> Previous {
        let (outputs, mtime) = loadState()
        return Previous(outputs: outputs, stateMtimeNs: mtime)
    }

    public func apply(_ files: [TreeFile], bytes: (Digest) throws -> [UInt8]) throws -> MaterializeReport {
        try apply(files, previous: nil, bytes: bytes)
    }

    /// `apply(_:bytes:)` with the earlier run's state already read (nil: read it now).
    public func apply(_ files: [TreeFile], previous loaded: Previous?, bytes: (Digest) throws -> [UInt8]) throws -> MaterializeReport {
        for f in files {
            if let reason = OutputPath.problem(f.path) { throw TaskError.unsafePath(path: f.path, reason: reason) }
            if f.path == Self.stateDirectory || f.path.hasPrefix(Self.stateDirectory + "/") {
                throw TaskError.unsafePath(path: f.path, reason: "\(Self.stateDirectory)/ is reserved for orchestrate's own state")
            }
        }
        try makeDirectory(root, isRoot: true)
        let (previous, stateMtimeNs) = loaded.map { ($0.outputs, $0.stateMtimeNs) } ?? loadState()
        var racy = false
        var report = MaterializeReport()
        var newState: [String: OutputState] = [:]
        newState.reserveCapacity(files.count)
        var counter = 0
        var checkedDirectories: Set<String> = []

        // Parents first, in order (checked once per directory, made when missing); then every
        // target is stat'ed and compared in parallel (reads only); then the writes, in order.
        let sorted = files.sorted(by: { $0.path < $1.path })
        var fullPaths: [String] = []
        fullPaths.reserveCapacity(sorted.count)
        for f in sorted { fullPaths.append(try prepareParents(of: f.path, checked: &checkedDirectories)) }
        let probes = concurrentMap(count: sorted.count) { i -> Probe in
            probe(fullPaths[i], sorted[i], previous[sorted[i].path], stateMtimeNs)
        }

        for (i, f) in sorted.enumerated() {
            let full = fullPaths[i]
            // A path given twice is looked at again after the first one's write (the last wins).
            let p = i > 0 && sorted[i - 1].path == f.path ? probe(full, f, newState[f.path], 0) : probes[i]
            var st = p.stat
            let exists = p.exists
            if exists {
                let type = st.st_mode & S_IFMT
                if type == S_IFLNK { throw TaskError.unsafePath(path: f.path, reason: "it is a symbolic link; remove it and run again") }
                if type == S_IFDIR { throw TaskError.unsafePath(path: f.path, reason: "a directory is in the way; remove it and run again") }
            }
            if p.racy { racy = true }
            if p.same {
                if st.st_mode & 0o7777 != mode_t(f.mode.rawValue) {
                    guard chmod(full, mode_t(f.mode.rawValue)) == 0 else { throw TaskError.io(path: full, operation: "chmod", errno: errno) }
                    report.modeChanged.append(f.path)
                    _ = lstat(full, &st)
                } else {
                    report.unchanged += 1
                }
                newState[f.path] = OutputState(file: f, stat: st)
                continue
            }
            counter += 1
            try writeAtomically(full, bytes: bytes(f.digest), mode: f.mode, counter: counter)
            _ = lstat(full, &st)
            newState[f.path] = OutputState(file: f, stat: st)
            report.written.append(f.path)
        }

        var gone: [(path: String, old: OutputState)] = []
        for (path, old) in previous where newState[path] == nil { gone.append((path, old)) }
        for (path, old) in gone.sorted(by: { $0.path < $1.path }) {
            guard OutputPath.problem(path) == nil, (try? prepareParents(of: path, create: false)) != nil else { continue }
            let full = root + "/" + path
            var st = stat()
            guard lstat(full, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { continue }
            guard (try? Digest.ofFile(at: full)) == old.digest else {
                report.keptModified.append(path)
                continue
            }
            guard unlink(full) == 0 else { throw TaskError.io(path: full, operation: "unlink", errno: errno) }
            report.removed.append(path)
            removeEmptyParents(of: path)
        }
        // A no-op run leaves the state file alone (same entries, same stat facts), unless an entry
        // was too recent to trust: writing the state again makes it older than the state file.
        if newState != previous || racy { try saveState(newState) }
        return report
    }

    // MARK: - Content check

    /// What is at a target path before the run touches it.
    private struct Probe {
        var exists = false
        var stat = Glibc.stat()
        /// A regular file with `f`'s bytes.
        var same = false
        /// The recorded stat facts matched but were too recent to trust.
        var racy = false
    }

    private func probe(_ full: String, _ f: TreeFile, _ recorded: OutputState?, _ stateMtimeNs: Int64) -> Probe {
        var p = Probe()
        p.exists = lstat(full, &p.stat) == 0
        if p.exists && (p.stat.st_mode & S_IFMT) == S_IFREG {
            p.same = sameContent(full, p.stat, f, recorded, stateMtimeNs, &p.racy)
        }
        return p
    }

    /// Whether the file at `full` has `f`'s bytes. The recorded stat facts are trusted only when
    /// the file's mtime is older than the state file's (the "racily clean" rule): timestamps come
    /// from one coarse clock, so a file edited after the state was written has a later mtime even
    /// when its size and inode did not change. A file as recent as the state file is hashed, and
    /// `racy` is set so the state is written again.
    private func sameContent(_ full: String, _ st: stat, _ f: TreeFile, _ recorded: OutputState?,
                             _ stateMtimeNs: Int64, _ racy: inout Bool) -> Bool {
        guard UInt64(st.st_size) == f.size else { return false }
        if let r = recorded, r.digest == f.digest, r.matches(st) {
            if r.mtimeNs < stateMtimeNs { return true }
            racy = true
        }
        return (try? Digest.ofFile(at: full)) == f.digest
    }

    // MARK: - Paths

    /// Creates (when `create`) and checks every parent directory of `path`; refuses symlinks.
    @discardableResult
    private func prepareParents(of path: String, create: Bool = true) throws -> String {
        var checked: Set<String> = []
        return try prepareParents(of: path, create: create, checked: &checked)
    }

    /// As above, skipping directories already in `checked` (those this run checked or made), and
    /// adding the ones it checks.
    private func prepareParents(of path: String, create: Bool = true, checked: inout Set<String>) throws -> String {
        let full = root + "/" + path
        // Siblings share a parent: one lookup of the whole parent instead of a walk.
        if let slash = full.utf8.lastIndex(of: UInt8(ascii: "/")), checked.contains(String(full[..<slash])) { return full }
        let components = path.split(separator: "/").map(String.init)
        var current = root
        for c in components.dropLast() {
            current += "/" + c
            if checked.contains(current) { continue }
            defer { checked.insert(current) }
            var st = stat()
            if lstat(current, &st) == 0 {
                let type = st.st_mode & S_IFMT
                if type == S_IFLNK {
                    throw TaskError.unsafePath(path: path, reason: "\(current) is a symbolic link; orchestrate never writes through links")
                }
                if type != S_IFDIR {
                    throw TaskError.unsafePath(path: path, reason: "\(current) is a file where a directory is needed; remove it and run again")
                }
            } else if create {
                try makeDirectory(current, isRoot: false)
            } else {
                throw TaskError.io(path: current, operation: "stat", errno: errno)
            }
        }
        return root + "/" + path
    }

    private func makeDirectory(_ path: String, isRoot: Bool) throws {
        if isRoot {
            var st = stat()
            if stat(path, &st) == 0 && (st.st_mode & S_IFMT) != S_IFDIR {
                throw TaskError.unsafePath(path: path, reason: "it is a file, not a directory; choose another --out")
            }
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw TaskError.io(path: path, operation: "create directory", errno: errno == 0 ? EIO : errno)
            }
            return
        }
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw TaskError.io(path: path, operation: "mkdir", errno: errno)
        }
    }

    private func removeEmptyParents(of path: String) {
        var components = path.split(separator: "/").map(String.init)
        components.removeLast()
        while !components.isEmpty {
            let dir = root + "/" + components.joined(separator: "/")
            if rmdir(dir) != 0 { return }
            components.removeLast()
        }
    }

    private func writeAtomically(_ full: String, bytes: [UInt8], mode: FileMode, counter: Int) throws {
        let slash = full.lastIndex(of: "/")!
        let tmp = String(full[..<slash]) + "/.orchestrate-tmp-\(getpid())-\(counter)-" + String(full[full.index(after: slash)...])
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw TaskError.io(path: tmp, operation: "create", errno: errno) }
        var ok = true
        var err: Int32 = 0
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 { if errno == EINTR { continue }; ok = false; err = errno; return }
                offset += n
            }
        }
        if ok && fchmod(fd, mode_t(mode.rawValue)) != 0 { ok = false; err = errno }
        if close(fd) != 0 && ok { ok = false; err = errno }
        if ok && rename(tmp, full) != 0 { ok = false; err = errno }
        if !ok {
            unlink(tmp)
            throw TaskError.io(path: full, operation: "write", errno: err)
        }
    }

    // MARK: - State

    private struct StateFile: Codable {
        var schema: String
        var files: [OutputState]
    }

    /// The recorded outputs by path, and the state file's mtime (ns).
    private func loadState() -> ([String: OutputState], Int64) {
        var st = stat()
        guard lstat(root + "/" + Self.stateFile, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG,
              let data = FileManager.default.contents(atPath: root + "/" + Self.stateFile) else { return ([:], 0) }
        let mtimeNs = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
        let files: [OutputState]
        if let fast = OutputStateCodec.decode([UInt8](data)) {
            files = fast
        } else {
            guard let state = try? JSONDecoder().decode(StateFile.self, from: data),
                  state.schema == OutputStateCodec.schema else { return ([:], 0) }
            files = state.files
        }
        return (Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a }), mtimeNs)
    }

    private func saveState(_ state: [String: OutputState]) throws {
        try makeDirectory(root + "/" + Self.stateDirectory, isRoot: false)
        let data = OutputStateCodec.encode(state.values.sorted { $0.path < $1.path })
        // A run that changed nothing writes nothing, so a fully cached compile succeeds on a full disk.
        if let current = FileManager.default.contents(atPath: root + "/" + Self.stateFile), [UInt8](current) == data { return }
        try writeAtomically(root + "/" + Self.stateFile, bytes: data, mode: .regular, counter: 0)
    }
}

/// What we left at a path: its digest, and the stat facts that let a later run trust it unread.
struct OutputState: Codable, Equatable {
    var path: String
    var digest: Digest
    var mode: UInt16
    var size: UInt64
    var mtimeNs: Int64
    var inode: UInt64

    init(path: String, digest: Digest, mode: UInt16, size: UInt64, mtimeNs: Int64, inode: UInt64) {
        self.path = path
        self.digest = digest
        self.mode = mode
        self.size = size
        self.mtimeNs = mtimeNs
        self.inode = inode
    }

    init(file: TreeFile, stat st: stat) {
        path = file.path
        digest = file.digest
        mode = file.mode.rawValue
        size = UInt64(st.st_size)
        mtimeNs = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
        inode = UInt64(st.st_ino)
    }

    func matches(_ st: stat) -> Bool {
        UInt64(st.st_size) == size && UInt64(st.st_ino) == inode
            && Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec) == mtimeNs
    }
}
