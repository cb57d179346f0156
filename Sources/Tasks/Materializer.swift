import StoreModel
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
    /// Files a previous run produced that this one does not, edited since; left in place.
    public var keptModified: [String] = []
    /// Files this run produces that were edited since a previous run wrote them; left in place.
    public var keptEdited: [String] = []
    /// The same, overwritten because the materializer was told to (`overwriteEdited`).
    public var overwrittenEdited: [String] = []
    /// Why the state an earlier run left could not be used, if it could not. The run then went on
    /// as a first run into a populated directory: nothing was removed (nothing is known to be
    /// ours), files that differ were replaced, and a good state was written.
    public var stateProblem: StateProblem?
    /// The SHA-256 of the state file as this run left it (written now, or left as it was); nil
    /// when it could not be read.
    public var stateDigest: Digest?
    /// The state file's inode, size and mtime as this run left it: a record bound to
    /// `stateDigest` is written without hashing the state again while the file is still this one.
    public var stateFile: StateFileIdentity?

    /// Which state file a run left (opaque: compared by `Materializer.writeMemo`).
    public struct StateFileIdentity: Equatable, Sendable {
        let value: Materializer.StateIdentity
    }

    public enum StateProblem: Equatable, Sendable {
        case unreadable(errno: Int32)
        case notARegularFile
        /// Not the JSON of a state file (truncated, edited, another program's).
        case malformed
        /// A state file of another schema (a newer or older orchestrate).
        case unknownSchema(String)
    }
}

/// Writes a set of files into an output root:
/// * only files whose bytes or mode differ are written, so unchanged files keep their mtime;
/// * each write is a temp file in the same directory renamed over the target (atomic);
/// * files a previous run of ours produced that this run does not are removed, unless someone
///   edited them since; files we never produced are never removed;
/// * a file this run produces that someone edited since a previous run wrote it (its bytes are no
///   longer what we wrote) is kept and reported, unless `overwriteEdited`; it stays recorded with
///   what we wrote, so every later run reports it again until it is reverted or overwritten;
/// * no path escapes the root: `..`, absolute paths and symlinked directories are refused, and
///   every write goes through directory descriptors opened without following links;
/// * a run killed half way is cleaned up after by the next (see `Materializer+Journal`).
///
/// What we produced is remembered in `<root>/.orchestrate/outputs.json`, which also lets a
/// no-op run skip hashing files whose size, mtime and inode are as we left them and whose mtime is
/// older than the state file's (a file as recent as the state could have been edited unseen).
public struct Materializer: Sendable {
    public static let stateDirectory = ".orchestrate"
    public static let stateFile = ".orchestrate/outputs.json"
    static let stateFileName = "outputs.json"

    public let root: String
    /// Overwrite files this run produces even when someone edited them since we wrote them.
    public var overwriteEdited: Bool

    /// Called with each path just before it is written (tests use it to change the tree mid-run).
    var beforeWrite: (@Sendable (String) -> Void)?

    public init(root: String, overwriteEdited: Bool = false) {
        self.root = root
        self.overwriteEdited = overwriteEdited
    }

    /// What an earlier run left in the root, as `apply` reads it first. Read it ahead (e.g. while
    /// the executor runs) and pass it to `apply(_:previous:bytes:)`.
    public struct Previous: Sendable {
        let outputs: [String: OutputState]
        /// The state file's mtime (ns); 0 when there is none.
        let stateMtimeNs: Int64
        /// The state file's inode, size and mtime, to tell whether another run replaced it since.
        let identity: StateIdentity?
        let problem: MaterializeReport.StateProblem?
        /// Read by the full JSON decoder, not in the shape `OutputStateCodec` writes (the compile
        /// memo's check reads only that shape): written again by the next `apply`.
        var legacy = false
        /// The recorded files found as recorded by a probe ahead (`probingAhead`), with what
        /// `stat` said: `apply` takes them as probed.
        var probed: [String: FileFacts] = [:]
        /// The state file's SHA-256, when it was read with `loadPrevious(digesting: true)`.
        public internal(set) var digest: Digest?
        /// With `digest`: the entries in the state file's order (by path, bytewise and each once, as
        /// `saveState` writes them; `outputs` is then left empty), for `applyChanges` and `files`,
        /// and the file's bytes with the range of each.
        var ordered: [OutputState] = []
        var encoded: (bytes: [UInt8], ranges: [Range<Int>])?
        /// What `checkingRecorded` found of each of `ordered`.
        var checked: [Check]?

        /// The entry recorded for `path`: from `outputs`, or by a binary search of `ordered`.
        func entry(_ path: String) -> OutputState? {
            guard outputs.isEmpty, !ordered.isEmpty else { return outputs[path] }
            return position(path).map { ordered[$0] }
        }

        /// Where `path` is among the entries in the state file's order (and so in `files`), by a
        /// binary search; nil when it is not there, or the state was not read in order.
        public func position(_ path: String) -> Int? {
            let lo = firstPosition(notBefore: path)
            return lo < ordered.count && ordered[lo].path == path ? lo : nil
        }

        /// The first position (in the state file's order) whose path does not sort before `path`
        /// bytewise: where the paths under a folder start, for one given with its `/`.
        public func firstPosition(notBefore path: String) -> Int {
            var lo = 0, hi = ordered.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if ordered[mid].path.utf8Precedes(path) { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }

        /// Every entry by path (built from `ordered` when that is how the state was read).
        var table: [String: OutputState] {
            guard outputs.isEmpty, !ordered.isEmpty else { return outputs }
            return Dictionary(ordered.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        }

        /// Whether the state was read as the current codec writes it, without a problem.
        public var isClean: Bool { problem == nil && !legacy && identity != nil }

        /// What the state records of each file, as the files of a tree (path, digest, mode, size);
        /// nil when an entry has a mode no tree file has.
        public var files: [TreeFile]? {
            var out: [TreeFile] = []
            out.reserveCapacity(ordered.isEmpty ? outputs.count : ordered.count)
            for r in ordered.isEmpty ? Array(outputs.values) : ordered {
                guard let mode = FileMode(rawValue: r.mode) else { return nil }
                out.append(TreeFile(path: r.path, digest: r.digest, mode: mode, size: r.size))
            }
            return out
        }
    }

    struct StateIdentity: Equatable, Sendable {
        var inode: UInt64
        var size: Int64
        var mtimeNs: Int64

        init(_ st: stat) {
            inode = UInt64(st.st_ino)
            size = Int64(st.st_size)
            mtimeNs = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
        }
    }

    public func loadPrevious(digesting: Bool = false) -> Previous { loadState(digesting: digesting) }

    /// `previous` (read by `loadPrevious`), with every file it records stat'ed through its
    /// directory as `apply` would (reads only, on this thread): one with the recorded type, size,
    /// inode, mtime and ctime, older than the state file, is taken by `apply` as probed, without a
    /// `stat` of its own, when the state is still the one read and no run was interrupted since.
    /// Run beside a stage that keeps one core busy (composition), it takes the probe of every
    /// unchanged file out of `apply`. Nothing is probed while another run holds the lock, has left
    /// a journal, or replaced the state since `previous` was read.
    ///
    /// Why that is safe: what a probe decides for a file `apply` leaves alone is only what the state
    /// records of it; an edit made after this probe leaves the facts recorded unmatched, so the next
    /// run hashes that file and keeps the edit (`keptEdited`), as for an edit made just after
    /// `apply`. A file `apply` replaces is never taken from here: its bytes differ from the
    /// recorded ones, so it is probed again just before it is written, as always.
    public func probingAhead(_ previous: Previous) -> Previous {
        guard !previous.outputs.isEmpty else { return previous }
        return whileStateHeld(previous) { rootFD in
            var result = previous
            result.probed = probedFiles(previous, rootFD: rootFD)
            return result
        } ?? previous
    }

    /// `body` with the root's descriptor, while `previous`'s state is the one in the root (read
    /// cleanly), no run has left a journal, and none holds the run lock (held shared meanwhile, if
    /// free: a run writing the tree now replaces the state, so what `body` finds would not be used
    /// anyway); nil otherwise.
    func whileStateHeld<T>(_ previous: Previous, _ body: (Int32) -> T) -> T? {
        guard previous.problem == nil, !previous.legacy else { return nil }
        let rootFD = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFD >= 0 else { return nil }
        defer { close(rootFD) }
        let stateFD = DirectoryWalker.openDirectory(Self.stateDirectory, in: rootFD)
        guard stateFD >= 0 else { return nil }
        defer { close(stateFD) }
        var st = stat()
        guard flock(stateFD, LOCK_SH | LOCK_NB) == 0, Self.hasNoJournal(stateFD),
              fstatat(stateFD, Self.stateFileName, &st, AT_SYMLINK_NOFOLLOW) == 0, StateIdentity(st) == previous.identity else {
            return nil
        }
        return body(rootFD)
    }

    /// The files `previous` records found as recorded and older than the state, with their facts.
    private func probedFiles(_ previous: Previous, rootFD: Int32) -> [String: FileFacts] {
        let walker = DirectoryWalker(rootFD: rootFD)
        var probed: [String: FileFacts] = Dictionary(minimumCapacity: previous.outputs.count)
        for r in previous.outputs.values.sorted(by: { ComponentOrder.less($0.path, $1.path) }) {
            guard r.mtimeNs < previous.stateMtimeNs, let found = Self.asRecorded(r, walker: walker) else { continue }
            probed[r.path] = FileFacts(found)
        }
        return probed
    }

    /// Writes `work` (indices into `sorted`): new bytes through a temp file renamed over the
    /// target, or only the mode when the bytes are the same. Returns each one's stat facts after,
    /// nil where its parent could not be reached. Past `parallelWrites` files, and without a
    /// `beforeWrite` hook (tests that stop a run at a given write want the order), the list is cut
    /// in two halves in component order, each written by its own thread through its own
    /// `DirectoryWalker`; every path is in the journal already, so a failure anywhere leaves what
    /// a crash would (the next run cleans up), and the first failure in list order is thrown.
    private func perform(_ work: [Int], _ sorted: [TreeFile], _ probes: [Probe], walker: DirectoryWalker,
                         content: (Digest) throws -> FileContent) throws -> [FileFacts?] {
        func one(_ n: Int, _ walker: DirectoryWalker) throws -> FileFacts? {
            let i = work[n], f = sorted[i]
            beforeWrite?(f.path)
            guard let parentFD = try walker.parent(of: f.path, create: true) else { return nil }
            let name = Self.lastComponent(f.path)
            var st = stat()
            if probes[i].same {
                try changeMode(name, in: parentFD, to: f.mode, path: f.path, stat: &st)
            } else {
                try writeAtomically(name, in: parentFD, content: content(f.digest), mode: f.mode, counter: n + 1, path: f.path)
                guard fstatat(parentFD, name, &st, AT_SYMLINK_NOFOLLOW) == 0 else { throw TaskError.io(path: f.path, operation: "stat", errno: errno) }
                // Made with its mode under the umask read at start; a umask changed since is mended here.
                if st.st_mode & 0o7777 != mode_t(f.mode.rawValue) { try changeMode(name, in: parentFD, to: f.mode, path: f.path, stat: &st) }
            }
            // What the state records (40 bytes a file where a `stat` is 144, for every file written).
            return FileFacts(st)
        }
        guard work.count > Self.parallelWrites, beforeWrite == nil else {
            return try work.indices.map { try one($0, walker) }
        }
        let halves = [0 ..< work.count / 2, work.count / 2 ..< work.count]
        var results = [Result<FileFacts?, Error>](repeating: .success(nil), count: work.count)
        results.withUnsafeMutableBufferPointer { out in
            let out = out
            DispatchQueue.concurrentPerform(iterations: halves.count) { h in
                let own = h == 0 ? walker : DirectoryWalker(rootFD: walker.rootFD)
                for n in halves[h] {
                    do { out[n] = .success(try one(n, own)) } catch { out[n] = .failure(error); return }
                }
            }
        }
        return try results.map { try $0.get() }
    }

    /// How many files a run writes before it writes them on two threads.
    static let parallelWrites = 256

    public func apply(_ files: [TreeFile], bytes: (Digest) throws -> [UInt8]) throws -> MaterializeReport {
        try apply(files, previous: nil, bytes: bytes)
    }

    /// `apply(_:bytes:)` with the earlier run's state already read (nil: read it now).
    public func apply(_ files: [TreeFile], previous loaded: Previous?, bytes: (Digest) throws -> [UInt8]) throws -> MaterializeReport {
        try apply(files, previous: loaded, content: { .bytes(try bytes($0)) })
    }

    /// What `applyChanges` would need and does not have: the bytes of a file it would have to
    /// write (`available` said no), or a tree and state still as the caller read them. Thrown
    /// before anything is written.
    public struct Unavailable: Error, Equatable, Sendable {
        public let path: String
    }

    /// `apply` of a tree that is `previous`'s with only `changed` files new or different: every
    /// other file `previous` records is kept as recorded, without being given. That holds only
    /// while the state is the one `previous` read, no run was interrupted since, and every other
    /// file is there as recorded (checked as `unchanged` checks a tree, under the run lock); and
    /// only if every file to be written is `available`. Otherwise `Unavailable` is thrown, the tree
    /// and the state untouched, and the caller applies the whole tree instead.
    public func applyChanges(_ changed: [TreeFile], previous: Previous, available: (Digest) -> Bool,
                             content: (Digest) throws -> FileContent) throws -> MaterializeReport {
        try withoutActuallyEscaping(available) { available in
            try apply(changed, previous: previous, keepOthers: true, available: available, content: content)
        }
    }

    /// `apply(_:previous:bytes:)` where a file's bytes may come in pieces (`FileContent`).
    public func apply(_ files: [TreeFile], previous loaded: Previous?, content: (Digest) throws -> FileContent) throws -> MaterializeReport {
        try apply(files, previous: loaded, keepOthers: false, available: nil, content: content)
    }

    private func apply(_ files: [TreeFile], previous loaded: Previous?, keepOthers: Bool, available: ((Digest) -> Bool)?,
                       content: (Digest) throws -> FileContent) throws -> MaterializeReport {
        for f in files {
            if let reason = OutputPath.problem(f.path) { throw TaskError.unsafePath(path: f.path, reason: reason) }
            if f.path == Self.stateDirectory || f.path.hasPrefix(Self.stateDirectory + "/") {
                throw TaskError.unsafePath(path: f.path, reason: "\(Self.stateDirectory)/ is reserved for orchestrate's own state")
            }
        }
        let rootFD = try openRoot()
        defer { close(rootFD) }
        let stateFD = try openStateDirectory(rootFD)
        defer { close(stateFD) }
        // One run at a time per root (the lock goes with the descriptor, also when killed).
        try lock(stateFD, LOCK_EX)
        let recovery = recover(rootFD: rootFD, stateFD: stateFD)
        var current = stat()
        let identity = fstatat(stateFD, Self.stateFileName, &current, AT_SYMLINK_NOFOLLOW) == 0 ? StateIdentity(current) : nil
        let state = loaded.flatMap { $0.identity == identity ? $0 : nil } ?? loadState()
        if keepOthers, loaded?.identity != identity || identity == nil || recovery.interrupted || state.problem != nil || state.legacy {
            throw Unavailable(path: Self.stateFile)
        }
        // With the others kept, only the given files are looked up (the state read for that has
        // no table: the kept ones are taken in its order).
        let previous: [String: OutputState]
        if keepOthers {
            var given: [String: OutputState] = [:]
            for f in files { if let e = state.entry(f.path) { given[f.path] = e } }
            previous = given
        } else {
            previous = state.table
        }
        let stateMtimeNs = state.stateMtimeNs
        // What a probe ahead found as recorded (`probingAhead`), if no run was interrupted since
        // (a journal now means one was).
        let probedAhead = recovery.interrupted ? [:] : state.probed
        // What an earlier run (complete or interrupted) left at each path: bytes there that match
        // one of these are ours to replace or remove.
        // (Looked up per path, not copied into a dictionary of its own: the state has an entry
        // per file of the tree.)
        let journaledDigests: [String: [Digest]] = recovery.entries.reduce(into: [:]) { $0[$1.path, default: []].append($1.digest) }
        func owned(_ path: String) -> [Digest] { (previous[path].map { [$0.digest] } ?? []) + (journaledDigests[path] ?? []) }
        var racy = false
        var report = MaterializeReport()
        report.stateProblem = state.problem
        // What this run records, one entry per path (the paths are unique), and the set of them.
        var newState: [OutputState] = []
        newState.reserveCapacity(files.count)
        var recorded: Set<String> = []
        recorded.reserveCapacity(files.count)
        func record(_ entry: OutputState) {
            newState.append(entry)
            recorded.insert(entry.path)
        }
        // Kept as recorded (and so never gone): every other file, once each is found so. In the
        // state's order, so the check goes directory by directory. Each is an entry of the state
        // read, by its index there (its bytes copied from there when the state is written).
        var isGiven: [Bool] = []
        var kept = 0
        if keepOthers {
            // (Found by a binary search each: the state's paths are in order and each once.)
            isGiven = [Bool](repeating: false, count: state.ordered.count)
            for f in files { if let i = state.position(f.path) { isGiven[i] = true } }
            guard let encoded = state.encoded, encoded.ranges.count == state.ordered.count else { throw Unavailable(path: Self.stateFile) }
            // Those a check ahead found as recorded and older than the state are not stat'ed again.
            let checked = state.checked?.count == state.ordered.count && !recovery.interrupted ? state.checked : nil
            var unsure: [OutputState] = []
            for i in state.ordered.indices where !isGiven[i] {
                kept += 1
                if checked?[i] != .clean { unsure.append(state.ordered[i]) }
            }
            guard let hashed = Self.allAsRecorded(unsure, stateMtimeNs: stateMtimeNs, rootFD: rootFD, racyLimit: 64) else {
                throw Unavailable(path: Self.stateFile)
            }
            // Written again, the state is older than those files, which the next run then trusts.
            if hashed > 0 { racy = true }
        }

        // A path given twice ends with its last bytes. Then, in component order: every parent is
        // checked (nothing made yet; a link or a file in the way fails the run before any write);
        // every target is stat'ed and compared in parallel (reads only; a link or a directory at a
        // target fails the run too); the journal; then the writes, each through its parent's
        // descriptor.
        var last: [String: Int] = Dictionary(minimumCapacity: files.count)
        for (i, f) in files.enumerated() { last[f.path] = i }
        let sorted = files.enumerated().filter { last[$0.element.path] == $0.offset }.map(\.element)
            .sorted { ComponentOrder.less($0.path, $1.path) }
        let walker = DirectoryWalker(rootFD: rootFD)
        for f in sorted { _ = try walker.parent(of: f.path, create: false) }
        walker.reset()
        // Each target is stat'ed through its parent's descriptor (one name for the kernel to look
        // up, not the whole path), on every core, each chunk of paths with its own walker (in
        // component order, a chunk opens each of its directories once).
        let probes = concurrentMap(count: sorted.count, chunk: 256, context: { DirectoryWalker(rootFD: rootFD) }) { walker, i -> Probe in
            let f = sorted[i]
            // Found as recorded, with the bytes this run leaves there: what `probe` would say.
            if let facts = probedAhead[f.path], let r = previous[f.path], r.digest == f.digest, r.size == f.size {
                return Probe(exists: true, facts: facts, same: true)
            }
            let parent = (try? walker.parent(of: f.path, create: false)) ?? nil
            return probe(parent: parent, name: Self.lastComponent(f.path), full: root + "/" + f.path, f,
                         previous[f.path], owned(f.path), stateMtimeNs)
        }
        for (i, p) in probes.enumerated() where p.exists {
            let type = p.facts.mode & S_IFMT
            if type == S_IFLNK { throw TaskError.unsafePath(path: sorted[i].path, reason: "it is a symbolic link; remove it and run again") }
            if type == S_IFDIR { throw TaskError.unsafePath(path: sorted[i].path, reason: "a directory is in the way; remove it and run again") }
        }
        let keep = sorted.indices.map { probes[$0].edited && !overwriteEdited }
        if let available, let i = sorted.indices.first(where: { !probes[$0].same && !keep[$0] && !available(sorted[$0].digest) }) {
            throw Unavailable(path: sorted[i].path)
        }

        // The journal: every path about to be created or replaced, before the first write.
        var journaled = recovery.interrupted
        let intents = sorted.indices.filter { !probes[$0].same && !keep[$0] }.map {
            OutputState(path: sorted[$0].path, digest: sorted[$0].digest, mode: sorted[$0].mode.rawValue, size: sorted[$0].size, mtimeNs: 0, inode: 0)
        }
        if !intents.isEmpty {
            try writeJournal(recovery.entries + intents, in: stateFD)
            journaled = true
        }

        // Kept and unchanged files are settled here; the rest are written (or get their mode)
        // below, in order, or for many files on two threads (each with its own directory chain).
        var work: [Int] = []
        for (i, f) in sorted.enumerated() {
            let p = probes[i]
            if p.racy { racy = true }
            if keep[i] {
                // Still recorded as what we wrote, so the edit is found (and said) next time too.
                report.keptEdited.append(f.path)
                if let entry = previous[f.path] { record(entry) }
            } else if p.same && p.facts.mode & 0o7777 == mode_t(f.mode.rawValue) {
                report.unchanged += 1
                record(OutputState(file: f, facts: p.facts))
            } else {
                work.append(i)
            }
        }
        let done = try perform(work, sorted, probes, walker: walker, content: content)
        for (n, i) in work.enumerated() {
            let f = sorted[i]
            guard let facts = done[n] else { continue }
            if probes[i].same {
                report.modeChanged.append(f.path)
            } else {
                report.written.append(f.path)
                if probes[i].edited { report.overwrittenEdited.append(f.path) }
            }
            record(OutputState(file: f, facts: facts))
        }

        // Stale: ours before (recorded, or journaled by an interrupted run) and not produced now.
        walker.reset()
        var emptied: Set<String> = []
        for e in recovery.entries { emptied.insert(Self.parentPath(e.path)) }
        func isGone(_ path: String) -> Bool { !recorded.contains(path) && OutputPath.problem(path) == nil && !Self.isState(path) }
        let gone = keepOthers ? [] : previous.keys.filter(isGone) + journaledDigests.keys.filter { previous[$0] == nil && isGone($0) }
        for path in gone.sorted(by: ComponentOrder.less) {
            // Emptied now, or by an interrupted run that removed the file and not its directory.
            emptied.insert(Self.parentPath(path))
            guard let parentFD = try? walker.parent(of: path, create: false) else { continue }
            switch removeIfUnchanged(Self.lastComponent(path), in: parentFD, digests: owned(path)) {
            case .removed:
                report.removed.append(path)
            case .edited:
                // A file the interrupted run only meant to replace was never ours to report.
                if previous[path] != nil { report.keptModified.append(path) }
            case .absent:
                break
            }
        }
        walker.reset()
        removeEmptyDirectories(emptied, rootFD: rootFD)
        report.written.sort()
        report.modeChanged.sort()
        report.removed.sort()
        report.keptModified.sort()
        report.keptEdited.sort()
        report.overwrittenEdited.sort()
        // With the others kept: the state read, with the given files' entries merged in (in its
        // order), the kept ones copied from its bytes (those in a row as one range).
        var splices: [OutputStateCodec.Splice] = []
        if keepOthers, let ranges = state.encoded?.ranges {
            let given = newState.sorted { $0.path.utf8Precedes($1.path) }
            var items: [OutputStateCodec.SpliceItem] = []
            items.reserveCapacity(kept + given.count)
            var g = 0
            for i in state.ordered.indices where !isGiven[i] {
                if g < given.count {
                    let path = state.ordered[i].path
                    while g < given.count, given[g].path.utf8Precedes(path) { items.append(.new(given[g])); g += 1 }
                }
                items.append(.old(i))
            }
            items += given[g...].map { .new($0) }
            splices = OutputStateCodec.splices(items, ranges: ranges)
            report.unchanged += kept
        }
        func save(durable: Bool) throws -> Digest {
            if keepOthers, let source = state.encoded?.bytes { return try saveState(splices, source: source, in: stateFD, durable: durable) }
            return try saveState(newState, in: stateFD, durable: durable)
        }
        // A no-op run leaves the state file alone (same entries, same stat facts), unless an entry
        // was too recent to trust: writing the state again makes it older than the state file.
        // (With the others kept, `newState` holds the given files' entries only.)
        let entries = keepOthers ? kept + newState.count : newState.count
        if entries != (keepOthers ? state.ordered.count : previous.count) || newState.contains(where: { previous[$0.path] != $0 }) || journaled || state.legacy {
            report.stateDigest = try save(durable: journaled)
        } else {
            // Only to age the state past the files' mtimes: best effort, so a run that changed
            // nothing still succeeds on a full disk (a later run re-hashes those files instead).
            // Otherwise the state is the one read (the lock is held): its digest is read back.
            report.stateDigest = racy ? try? save(durable: false) : nil
            if report.stateDigest == nil { report.stateDigest = Self.digestRegular(Self.stateFileName, in: stateFD) }
        }
        if journaled { try removeJournal(in: stateFD) }
        var left = stat()
        if report.stateDigest != nil, fstatat(stateFD, Self.stateFileName, &left, AT_SYMLINK_NOFOLLOW) == 0 {
            report.stateFile = MaterializeReport.StateFileIdentity(value: StateIdentity(left))
        }
        return report
    }

    // MARK: - Content check

    /// What is at a target path before the run touches it.
    private struct Probe {
        var exists = false
        var facts = FileFacts()
        /// A regular file with `f`'s bytes.
        var same = false
        /// The recorded stat facts matched but were too recent to trust.
        var racy = false
        /// A regular file we recorded whose bytes are none we wrote there: someone edited it.
        var edited = false
    }

    /// Reads only: stat'ed through `parent`, the descriptor of its directory (nil: the directory
    /// is not there, so neither is the file), and read, when it must be hashed, through the path
    /// `full` (every parent was just checked, and writes go through descriptors, so a link
    /// swapped in after the check is never written through).
    private func probe(parent: Int32?, name: String, full: @autoclosure () -> String, _ f: TreeFile, _ recorded: OutputState?,
                       _ owned: [Digest], _ stateMtimeNs: Int64) -> Probe {
        var p = Probe()
        guard let parent else { return p }
        var st = stat()
        p.exists = fstatat(parent, name, &st, AT_SYMLINK_NOFOLLOW) == 0
        guard p.exists else { return p }
        p.facts = FileFacts(st)
        guard (st.st_mode & S_IFMT) == S_IFREG else { return p }
        var digest: Digest?
        p.same = sameContent(full(), st, f, recorded, stateMtimeNs, &p.racy, &digest)
        // About to be replaced: only bytes we wrote (recorded, or journaled by an interrupted run)
        // are ours to replace. A file never recorded is not ours to judge: it is replaced.
        if !p.same, recorded != nil {
            if digest == nil { digest = try? Digest.ofFile(at: full()) }
            p.edited = digest.map { !owned.contains($0) } ?? false
        }
        return p
    }

    /// Whether the file at `full` has `f`'s bytes (`digest`: set when it was hashed). The recorded
    /// stat facts are trusted only when the file's mtime is older than the state file's (the
    /// "racily clean" rule): timestamps come from one coarse clock, so a file edited after the
    /// state was written has a later mtime even when its size and inode did not change. A file as
    /// recent as the state file is hashed, and `racy` is set so the state is written again.
    private func sameContent(_ full: @autoclosure () -> String, _ st: stat, _ f: TreeFile, _ recorded: OutputState?,
                             _ stateMtimeNs: Int64, _ racy: inout Bool, _ digest: inout Digest?) -> Bool {
        if let r = recorded, r.matches(st) {
            // As recorded and older than the state: its bytes are the recorded ones, by the same
            // rule (so a file about to be replaced is not read to learn it was not edited).
            if r.mtimeNs < stateMtimeNs {
                digest = r.digest
                return r.digest == f.digest && UInt64(st.st_size) == f.size
            }
            if r.digest == f.digest { racy = true }
        }
        guard UInt64(st.st_size) == f.size else { return false }
        digest = try? Digest.ofFile(at: full())
        return digest == f.digest
    }
}
