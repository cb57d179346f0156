import Foundation

/// Objects to and from files, streamed in 1 MiB chunks (hashed as they go), for objects too
/// large to hold in memory: artifacts, and large bodies a remote spooled to `tmp/`.
extension FileSystemContentStore {
    /// Files up to this size are read whole and stored with `put`.
    static let streamingThreshold: UInt64 = 1 << 20

    /// Stores the file at `source` as an object without reading it whole; returns its digest and
    /// size. With `expected`, throws `CacheError.fileChanged` (storing nothing) when the bytes
    /// hash to something else. The source is left as it is.
    @discardableResult
    public func putFile(_ source: String, expected: Digest? = nil) throws -> (digest: Digest, size: UInt64) {
        guard !readOnly else { throw CacheError.readOnlyStore(path: root) }
        let src = open(source, O_RDONLY | O_CLOEXEC)
        guard src >= 0 else { throw CacheError.io(path: source, operation: "open", errno: errno) }
        defer { close(src) }
        var st = stat()
        guard fstat(src, &st) == 0 else { throw CacheError.io(path: source, operation: "fstat", errno: errno) }
        let size = UInt64(st.st_size)
        if size <= Self.streamingThreshold {
            let bytes = try FileIO.read(source) ?? []
            guard UInt64(bytes.count) == size else { throw CacheError.fileChanged(path: source, expected: size, found: UInt64(bytes.count)) }
            let digest = Digest.of(bytes)
            if let expected, expected != digest { throw CacheError.fileChanged(path: source, expected: size, found: size) }
            try put(bytes, digest: digest)
            return (digest, size)
        }
        if !tmpKnown { try makeTemporaryFolder() }
        let tmp = nextTemporaryName()
        var out = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o444)
        if out < 0, errno == ENOENT {
            forgetFolders()
            try makeTemporaryFolder()
            out = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o444)
        }
        guard out >= 0 else { throw CacheError.io(path: tmp, operation: "open", errno: errno) }
        let digest: Digest
        do {
            digest = try ObjectFileCodec.encode(from: src, size: size, to: out, path: source)
            guard close(out) == 0 else { out = -1; throw CacheError.io(path: tmp, operation: "close", errno: errno) }
            out = -1
            if let expected, expected != digest { throw CacheError.fileChanged(path: source, expected: size, found: size) }
            if access(path(for: digest), F_OK) == 0 {
                unlink(tmp)
            } else {
                try install(tmp, as: digest)
            }
        } catch {
            if out >= 0 { close(out) }
            unlink(tmp)
            throw error
        }
        return (digest, size)
    }

    /// The outcome of streaming one object.
    public enum StreamLoad: Sendable, Equatable {
        case missing
        /// Decoded and verified: this many bytes hash to the object's digest.
        case valid(size: UInt64)
        /// Failed verification; quarantined (unless read-only) and recorded in `events`.
        case corrupt(reason: String)
    }

    /// Reads an object in chunks, handing each to `sink`, then verifies it (quarantining a
    /// corrupt one, as `load` does). `sink` sees the bytes before they are verified: a caller
    /// that keeps them must drop them unless the answer is `.valid`. Throws only for I/O
    /// failures other than "absent", or what `sink` throws.
    public func stream(_ digest: Digest, to sink: (UnsafeRawBufferPointer) throws -> Void) throws -> StreamLoad {
        let p = path(for: digest)
        let fd = open(p, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT || errno == ENOTDIR { return .missing }
            throw CacheError.io(path: p, operation: "open", errno: errno)
        }
        defer { close(fd) }
        let reason: String
        do {
            let (actual, size) = try ObjectFileCodec.decode(from: fd, path: p, to: sink)
            if actual == digest { return .valid(size: size) }
            reason = "content hashes to a different digest"
        } catch let e as ObjectCodec.DecodeError {
            reason = e.reason
        }
        quarantine(digest, path: p, reason: reason)
        return .corrupt(reason: reason)
    }

    /// Whether the object is here and verifies (streamed: nothing is held whole); a corrupt one is
    /// quarantined and recorded. Its size when it is valid.
    public func check(_ digest: Digest) throws -> StreamLoad {
        try stream(digest) { _ in }
    }

    /// Writes the verified bytes of an object to `destination` (through a temporary file in the
    /// same folder, renamed into place only once every byte verified). `.missing` and `.corrupt`
    /// leave `destination` untouched.
    public func export(_ digest: Digest, to destination: String, mode: mode_t = 0o644) throws -> StreamLoad {
        let temp = "\(destination).orchestrate-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        let out = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard out >= 0 else { throw CacheError.io(path: temp, operation: "open", errno: errno) }
        var closed = false
        defer {
            if !closed { close(out) }
            unlink(temp)
        }
        let result = try stream(digest) { try ObjectFileCodec.writeAll(out, $0, temp) }
        guard case .valid = result else { return result }
        closed = true
        guard close(out) == 0 else { throw CacheError.io(path: temp, operation: "close", errno: errno) }
        guard rename(temp, destination) == 0 else { throw CacheError.io(path: destination, operation: "rename", errno: errno) }
        return result
    }
}
