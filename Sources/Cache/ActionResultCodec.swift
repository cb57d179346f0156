/// Action-cache entries on the wire: a REAPI `build.bazel.remote.execution.v2.ActionResult`
/// (bazelbuild/remote-apis, `build/bazel/remote/execution/v2/remote_execution.proto`), so
/// bazel-remote accepts it with its default validation and any WebDAV server stores it.
///
/// ```
/// ActionResult
///   2  repeated OutputFile output_files
///        1  string path            (relative, '/'-separated)
///        2  Digest digest          { 1 string hash (64 lowercase hex), 2 int64 size_bytes }
///        4  bool   is_executable
///   9  ExecutedActionMetadata execution_metadata
///        1  string worker = "orchestrate"   (non-empty: REAPI's sanity advice; bazel-remote
///                                            fills it only when empty)
///        11 repeated google.protobuf.Any auxiliary_metadata
///             1 string type_url = "type.googleapis.com/orchestrate.cache.v1.EntryMetadata"
///             2 bytes  value    = EntryMetadata { 1 string release, 2 bytes hmac_sha256,
///                                                 3 bytes rendered_in (a Plan digest, 32 bytes) }
/// ```
///
/// `auxiliary_metadata` is REAPI's place for "details that are specific to the kind of worker";
/// servers keep an `Any` opaque, and bazel-remote's validation only checks that the message parses
/// and that every digest it names is in its CAS, which holds for ours.
///
/// Fields are written in field-number order and proto3 defaults are left out, so a server that
/// re-marshals the message (bazel-remote does) produces the same bytes. The signature never
/// depends on that anyway: it covers the canonical re-encoding of what was decoded.
public enum ActionResultCodec {
    public static let worker = "orchestrate"
    public static let metadataTypeURL = "type.googleapis.com/orchestrate.cache.v1.EntryMetadata"
    /// The HMAC preimage starts with this tag; bump the version when the signed bytes change.
    static let signatureDomain = Array("orchestrate.remote-entry.v1\0".utf8)

    /// What an `/ac/` body held.
    public struct Decoded: Hashable, Sendable {
        public var entry: ActionEntry
        /// False when the message carried no orchestrate metadata (e.g. written by another tool).
        public var hasMetadata: Bool
        /// The HMAC-SHA256 tag, when the writer signed the entry.
        public var signature: [UInt8]?
    }

    /// The ActionResult bytes for `entry` (its outputs, release and the Plan digest it was
    /// rendered in; timestamps are local facts and are not sent), with `signature` when given.
    public static func encode(_ entry: ActionEntry, signature: Digest? = nil) -> [UInt8] {
        var w = ProtobufWire.Writer()
        for o in entry.outputs {
            w.message(2) { f in
                f.string(1, o.path)
                f.message(2) { d in
                    d.string(1, o.digest.hex)
                    d.uint(2, o.size)
                }
                f.bool(4, o.executable)
            }
        }
        w.message(9) { m in
            m.string(1, worker)
            m.message(11) { any in
                any.string(1, metadataTypeURL)
                var meta = ProtobufWire.Writer()
                meta.string(1, entry.release)
                meta.bytes(2, signature?.bytes ?? [])
                meta.bytes(3, entry.renderedIn?.bytes ?? [])
                any.bytes(2, meta.bytes)
            }
        }
        return w.bytes
    }

    /// HMAC-SHA256 over the domain tag, the task key and the unsigned canonical entry bytes.
    public static func signature(key: [UInt8], taskKey: Digest, entry: ActionEntry) -> Digest {
        let mac = HMAC.Streaming(key: key)
        mac.update(signatureDomain)
        mac.update(taskKey.bytes)
        mac.update(encode(canonical(entry)))
        return mac.finalize()
    }

    /// Whether `decoded` carries a valid signature for `taskKey` under `key`.
    public static func verify(_ decoded: Decoded, key: [UInt8], taskKey: Digest) -> Bool {
        guard let tag = decoded.signature, tag.count == 32 else { return false }
        return constantTimeEqual(tag, signature(key: key, taskKey: taskKey, entry: decoded.entry).bytes)
    }

    /// What an entry's bytes mean for `taskKey`: a hit (with what is known of its signature), or
    /// rejected (unreadable; unsigned or wrongly signed when `signingKey` is set).
    static func lookup(_ body: [UInt8], taskKey: Digest, signingKey: [UInt8]?) -> RemoteLookup {
        guard !body.isEmpty else { return .rejected(.malformed("empty body")) }
        let decoded: Decoded
        do { decoded = try decode(body) } catch {
            return .rejected(.malformed("\(error)"))
        }
        guard let k = signingKey else { return .hit(decoded.entry, decoded.signature == nil ? .none : .unchecked) }
        guard decoded.signature != nil else { return .rejected(.unsigned) }
        guard verify(decoded, key: k, taskKey: taskKey) else { return .rejected(.badSignature) }
        return .hit(decoded.entry, .verified)
    }

    /// Parses an `/ac/` body. Unknown fields are skipped; anything we would act on is checked
    /// (hex digests, sizes, relative paths without `..`). Throws `ProtobufWire.Malformed`.
    public static func decode(_ bytes: [UInt8]) throws -> Decoded {
        var outputs: [OutputFile] = []
        var release: String?
        var signature: [UInt8]?
        var renderedIn: Digest?
        var r = ProtobufWire.Reader(bytes)
        while let (field, value) = try r.next() {
            switch (field, value) {
            case let (2, .bytes(b)): outputs.append(try outputFile(b))
            case let (9, .bytes(b)):
                if let m = try metadata(b) { release = m.release; signature = m.signature; renderedIn = m.renderedIn }
            case (2, _), (9, _): throw invalid("field \(field) is not a message")
            default: continue
            }
        }
        return Decoded(entry: ActionEntry(outputs: outputs, release: release ?? "", renderedIn: renderedIn),
                       hasMetadata: release != nil, signature: signature)
    }

    // MARK: Internals

    private static func canonical(_ entry: ActionEntry) -> ActionEntry {
        ActionEntry(outputs: entry.outputs, release: entry.release, renderedIn: entry.renderedIn)
    }

    private static func outputFile(_ b: ArraySlice<UInt8>) throws -> OutputFile {
        var path: String?
        var hash: String?
        var size: UInt64 = 0
        var executable = false
        var r = ProtobufWire.Reader(b)
        while let (field, value) = try r.next() {
            switch (field, value) {
            case let (1, .bytes(s)): path = try utf8(s)
            case let (2, .bytes(d)):
                var dr = ProtobufWire.Reader(d)
                while let (df, dv) = try dr.next() {
                    switch (df, dv) {
                    case let (1, .bytes(h)): hash = try utf8(h)
                    case let (2, .varint(n)):
                        guard n <= UInt64(Int64.max) else { throw invalid("negative size_bytes") }
                        size = n
                    default: continue
                    }
                }
            case let (4, .varint(v)): executable = v != 0
            default: continue
            }
        }
        guard let path, isSafeRelative(path) else { throw invalid("output path \(path.map { "\"\($0)\"" } ?? "missing") is not a relative path") }
        guard let hash, hash.utf8.count == 64, hash == hash.lowercased(), let digest = Digest(hex: hash) else {
            throw invalid("output \(path) has no lowercase SHA-256 digest")
        }
        return OutputFile(path: path, digest: digest, size: size, executable: executable)
    }

    /// Our EntryMetadata from ExecutedActionMetadata, or nil when no Any is ours.
    private static func metadata(_ b: ArraySlice<UInt8>) throws -> (release: String, signature: [UInt8]?, renderedIn: Digest?)? {
        var found: (release: String, signature: [UInt8]?, renderedIn: Digest?)?
        var r = ProtobufWire.Reader(b)
        while let (field, value) = try r.next() {
            guard field == 11, case let .bytes(any) = value else { continue }
            var typeURL = ""
            var payload: ArraySlice<UInt8> = []
            var ar = ProtobufWire.Reader(any)
            while let (af, av) = try ar.next() {
                switch (af, av) {
                case let (1, .bytes(s)): typeURL = try utf8(s)
                case let (2, .bytes(p)): payload = p
                default: continue
                }
            }
            guard typeURL == metadataTypeURL else { continue }
            var release = ""
            var signature: [UInt8]?
            var renderedIn: Digest?
            var mr = ProtobufWire.Reader(payload)
            while let (mf, mv) = try mr.next() {
                switch (mf, mv) {
                case let (1, .bytes(s)): release = try utf8(s)
                case let (2, .bytes(s)): signature = Array(s)
                case let (3, .bytes(s)):
                    guard s.count == 32 else { throw invalid("rendered_in is \(s.count) bytes, not a SHA-256 digest") }
                    renderedIn = Digest(bytes: Array(s))
                default: continue
                }
            }
            found = (release, signature, renderedIn)
        }
        return found
    }

    private static func utf8(_ b: ArraySlice<UInt8>) throws -> String {
        guard let s = String(validating: b, as: UTF8.self) else { throw invalid("a string field is not UTF-8") }
        return s
    }

    private static func isSafeRelative(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == ".." || $0.isEmpty }
    }

    private static func invalid(_ reason: String) -> ProtobufWire.Malformed { ProtobufWire.Malformed(offset: nil, reason: reason) }

    private static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var diff: UInt8 = 0
        for i in a.indices { diff |= a[i] ^ b[i] }
        return diff == 0
    }
}
