import Hashing
import Foundation

/// `<root>/.orchestrate/outputs.json`: what the last completed run left at each path.
extension Materializer {
    struct StateFile: Codable {
        var schema: String
        var files: [OutputState]
    }

    /// The recorded outputs by path, and the state file's mtime (ns). Read through descriptors:
    /// a linked `.orchestrate` or state file is no state (and `apply` refuses the link).
    func loadState(digesting: Bool = false) -> Previous {
        func none(_ problem: MaterializeReport.StateProblem?, _ identity: StateIdentity? = nil) -> Previous {
            Previous(outputs: [:], stateMtimeNs: 0, identity: identity, problem: problem)
        }
        let rootFD = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFD >= 0 else { return none(nil) }
        defer { close(rootFD) }
        let dirFD = DirectoryWalker.openDirectory(Self.stateDirectory, in: rootFD)
        guard dirFD >= 0 else { return none(nil) }
        defer { close(dirFD) }
        let fd = openat(dirFD, Self.stateFileName, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return none(errno == ENOENT ? nil : errno == ELOOP ? .notARegularFile : .unreadable(errno: errno)) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return none(.unreadable(errno: errno)) }
        guard (st.st_mode & S_IFMT) == S_IFREG else { return none(.notARegularFile) }
        let identity = StateIdentity(st)
        guard let data = Self.readAll(fd) else { return none(.unreadable(errno: errno), identity) }
        let files: [OutputState]
        var legacy = false
        var ranges: [Range<Int>] = []
        if digesting, let fast = OutputStateCodec.decodeWithRanges(data) {
            (files, ranges) = fast
        } else if let fast = OutputStateCodec.decode(data) {
            files = fast
        } else if let state = try? JSONDecoder().decode(StateFile.self, from: Data(data)), state.schema == OutputStateCodec.schema {
            files = state.files
            legacy = true
        } else {
            let schema = (try? JSONSerialization.jsonObject(with: Data(data)) as? [String: Any])?["schema"] as? String
            return none(schema.map { $0 == OutputStateCodec.schema ? .malformed : .unknownSchema($0) } ?? .malformed, identity)
        }
        // For `applyChanges`: the entries in order, with the bytes they were read from and no table,
        // when they are in the order `saveState` writes (each path once).
        if digesting, ranges.count == files.count, files.indices.dropFirst().allSatisfy({ files[$0 - 1].path.utf8Precedes(files[$0].path) }) {
            var previous = Previous(outputs: [:], stateMtimeNs: identity.mtimeNs, identity: identity, problem: nil, legacy: legacy)
            previous.digest = Digest.of(data)
            previous.ordered = files
            previous.encoded = (data, ranges)
            return previous
        }
        return Previous(outputs: Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a }),
                        stateMtimeNs: identity.mtimeNs, identity: identity, problem: nil, legacy: legacy)
    }

    /// Every byte of `fd` from its offset to the end. Read into a buffer sized from `fstat` (one
    /// more byte, so reaching the end needs no growth): a 10 MB state grown by doubling held
    /// 25 MB at the end of a large compile, when the run's peak memory is reached.
    static func readAll(_ fd: Int32) -> [UInt8]? {
        var st = stat()
        var size = 0
        if fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_size > 0 { size = Int(st.st_size) }
        // Straight into the buffer (copying each piece from a small one ran at a tenth of the speed).
        var failed = false
        var out = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            count = 0
            while count < buffer.count {
                let n = read(fd, buffer.baseAddress! + count, buffer.count - count)
                if n < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    return
                }
                if n == 0 { return }
                count += n
            }
        }
        if failed { return nil }
        if out.count <= size { return out }
        // It grew since `fstat`: the rest in pieces.
        var piece = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = piece.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { return out }
            out += piece[0 ..< n]
        }
    }

    /// Writes the state; returns the SHA-256 of the bytes written.
    @discardableResult
    /// Writes the state of `entries` (in path order, bytewise), each given with the range of
    /// `source` that holds its encoding already copied from there (`OutputStateCodec.stream`).
    func saveState(_ splices: [OutputStateCodec.Splice], source: [UInt8], in dirFD: Int32, durable: Bool) throws -> Digest {
        try writeStreamed(Self.stateFileName, in: dirFD, path: Self.stateFile, durable: durable) {
            OutputStateCodec.stream(splices, source: source, $0)
        }
    }

    func saveState(_ state: [OutputState], in dirFD: Int32, durable: Bool) throws -> Digest {
        // Byte order of the paths (the order only has to be one order: the reader takes any); a
        // state given in that order already is not sorted again.
        let inOrder = state.indices.dropFirst().allSatisfy { state[$0 - 1].path.utf8Precedes(state[$0].path) }
        let sorted = inOrder ? state : state.sorted { $0.path.utf8Precedes($1.path) }
        return try writeStreamed(Self.stateFileName, in: dirFD, path: Self.stateFile, durable: durable) {
            OutputStateCodec.stream(sorted, $0)
        }
    }

    /// Writes what `produce` gives in pieces as `name` in `dirFD` (whole or not at all, as
    /// `writeAtomically`), hashed as it is written: the digest of the bytes written.
    func writeStreamed(_ name: String, in dirFD: Int32, path: String, durable: Bool,
                       _ produce: @escaping ((UnsafeRawBufferPointer) -> Void) -> Void) throws -> Digest {
        let hasher = SHA256Hasher()
        try writeAtomically(name, in: dirFD, content: .pieces { emit in
            produce { piece in
                hasher.update(piece)
                emit(piece)
            }
        }, mode: .regular, counter: 0, path: path, durable: durable)
        return hasher.finalize()
    }
}
