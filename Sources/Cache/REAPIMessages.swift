/// The REAPI v2 and ByteStream messages the gRPC remote sends and reads, by `ProtobufWire`.
/// Field numbers checked against bazelbuild/remote-apis tag v2.12.0 (commit 9e084d0e),
/// `build/bazel/remote/execution/v2/remote_execution.proto`, and googleapis/googleapis commit
/// 9415ba04, `google/bytestream/bytestream.proto` and `google/rpc/status.proto`; each field
/// below names its `file:line` there. Requests are written in field-number order, so the bytes
/// are the canonical encoding; replies are read skipping unknown fields.
enum REAPIMessages {
    /// `DigestFunction.Value.SHA256 = 1` (remote_execution.proto:2100).
    static let sha256 = UInt64(1)

    static let capabilities = "/build.bazel.remote.execution.v2.Capabilities/GetCapabilities"
    static let getActionResult = "/build.bazel.remote.execution.v2.ActionCache/GetActionResult"
    static let updateActionResult = "/build.bazel.remote.execution.v2.ActionCache/UpdateActionResult"
    static let findMissingBlobs = "/build.bazel.remote.execution.v2.ContentAddressableStorage/FindMissingBlobs"
    static let batchReadBlobs = "/build.bazel.remote.execution.v2.ContentAddressableStorage/BatchReadBlobs"
    static let batchUpdateBlobs = "/build.bazel.remote.execution.v2.ContentAddressableStorage/BatchUpdateBlobs"
    static let read = "/google.bytestream.ByteStream/Read"
    static let write = "/google.bytestream.ByteStream/Write"

    /// `Digest { string hash = 1; int64 size_bytes = 2; }` (remote_execution.proto:1111-1118).
    static func digest(_ w: inout ProtobufWire.Writer, _ field: Int, _ d: Digest, _ size: UInt64) {
        w.message(field) { m in
            m.string(1, d.hex)
            m.uint(2, size)
        }
    }

    /// `GetCapabilitiesRequest { string instance_name = 1; }` (remote_execution.proto:2064-2070).
    static func capabilitiesRequest(instance: String) -> [UInt8] {
        var w = ProtobufWire.Writer()
        w.string(1, instance)
        return w.bytes
    }

    /// What `ServerCapabilities` says of the cache.
    struct CacheCapabilities: Equatable {
        var digestFunctions: [UInt64] = []
        /// `max_batch_total_size_bytes`; 0 means no limit was given.
        var maxBatchTotalSize: UInt64 = 0
        var updateEnabled = false
    }

    /// `ServerCapabilities.cache_capabilities = 1` (:2077) → `CacheCapabilities`:
    /// `repeated DigestFunction.Value digest_functions = 1` (:2287, packed or not),
    /// `ActionCacheUpdateCapabilities action_cache_update_capabilities = 2` (:2290) with
    /// `bool update_enabled = 1` (:2222), `int64 max_batch_total_size_bytes = 4` (:2299).
    static func decodeCapabilities(_ bytes: [UInt8]) throws -> CacheCapabilities {
        var out = CacheCapabilities()
        var r = ProtobufWire.Reader(bytes)
        while let (field, value) = try r.next() {
            guard field == 1, case let .bytes(cache) = value else { continue }
            var c = ProtobufWire.Reader(cache)
            while let (f, v) = try c.next() {
                switch (f, v) {
                case let (1, .varint(n)): out.digestFunctions.append(n)
                case let (1, .bytes(packed)): out.digestFunctions += try varints(packed)
                case let (2, .bytes(u)):
                    var ur = ProtobufWire.Reader(u)
                    while let (uf, uv) = try ur.next() {
                        if uf == 1, case let .varint(b) = uv { out.updateEnabled = b != 0 }
                    }
                case let (4, .varint(n)): out.maxBatchTotalSize = n
                default: continue
                }
            }
        }
        return out
    }

    /// `GetActionResultRequest { instance_name = 1; Digest action_digest = 2; digest_function = 6 }`
    /// (remote_execution.proto:1709-1742). The action digest is the task key with size 0: our
    /// keys address no Action message.
    static func getActionResultRequest(instance: String, key: Digest) -> [UInt8] {
        var w = ProtobufWire.Writer()
        w.string(1, instance)
        digest(&w, 2, key, 0)
        w.uint(6, sha256)
        return w.bytes
    }

    /// `UpdateActionResultRequest { instance_name = 1; Digest action_digest = 2;
    /// ActionResult action_result = 3; digest_function = 5 }` (remote_execution.proto:1747-1775).
    static func updateActionResultRequest(instance: String, key: Digest, actionResult: [UInt8]) -> [UInt8] {
        var w = ProtobufWire.Writer()
        w.string(1, instance)
        digest(&w, 2, key, 0)
        w.message(3) { m in m.raw(actionResult) }
        w.uint(5, sha256)
        return w.bytes
    }

    /// `FindMissingBlobsRequest { instance_name = 1; repeated Digest blob_digests = 2;
    /// digest_function = 3 }` (remote_execution.proto:1780-1799).
    static func findMissingBlobsRequest(instance: String, _ blobs: [(Digest, UInt64)]) -> [UInt8] {
        var w = ProtobufWire.Writer()
        w.string(1, instance)
        for (d, n) in blobs { digest(&w, 2, d, n) }
        w.uint(3, sha256)
        return w.bytes
    }

    /// `FindMissingBlobsResponse { repeated Digest missing_blob_digests = 2; }` (:1804-1806).
    static func decodeFindMissingBlobs(_ bytes: [UInt8]) throws -> [(Digest, UInt64)] {
        var out: [(Digest, UInt64)] = []
        var r = ProtobufWire.Reader(bytes)
        while let (field, value) = try r.next() {
            if field == 2, case let .bytes(d) = value { out.append(try decodeDigest(d)) }
        }
        return out
    }

    /// `BatchUpdateBlobsRequest { instance_name = 1; repeated Request requests = 2 { Digest digest = 1;
    /// bytes data = 2; }; digest_function = 5 }` (remote_execution.proto:1811-1846).
    static func batchUpdateBlobsRequest(instance: String, _ blobs: [(Digest, [UInt8])]) -> [UInt8] {
        var w = ProtobufWire.Writer()
        w.string(1, instance)
        for (d, data) in blobs {
            w.message(2) { m in
                digest(&m, 1, d, UInt64(data.count))
                m.bytes(2, data)
            }
        }
        w.uint(5, sha256)
        return w.bytes
    }

    /// One blob's answer in a batch: its digest, its `google.rpc.Status`, and (reads) its data.
    struct BlobReply {
        var digest: Digest
        var size: UInt64
        var status: GRPCStatus
        var message: String
        var data: ArraySlice<UInt8>
    }

    /// `BatchUpdateBlobsResponse { repeated Response responses = 1 { Digest digest = 1;
    /// google.rpc.Status status = 2; } }` (remote_execution.proto:1851-1862).
    static func decodeBatchUpdateBlobs(_ bytes: [UInt8]) throws -> [BlobReply] {
        try decodeBlobReplies(bytes, statusField: 2, dataField: nil)
    }

    /// `BatchReadBlobsRequest { instance_name = 1; repeated Digest digests = 2; digest_function = 4 }`
    /// (remote_execution.proto:1867-1890).
    static func batchReadBlobsRequest(instance: String, _ blobs: [(Digest, UInt64)]) -> [UInt8] {
        var w = ProtobufWire.Writer()
        w.string(1, instance)
        for (d, n) in blobs { digest(&w, 2, d, n) }
        w.uint(4, sha256)
        return w.bytes
    }

    /// `BatchReadBlobsResponse { repeated Response responses = 1 { Digest digest = 1; bytes data = 2;
    /// google.rpc.Status status = 3; } }` (remote_execution.proto:1895-1913).
    static func decodeBatchReadBlobs(_ bytes: [UInt8]) throws -> [BlobReply] {
        try decodeBlobReplies(bytes, statusField: 3, dataField: 2)
    }

    /// `ReadRequest { string resource_name = 1; int64 read_offset = 2; int64 read_limit = 3; }`
    /// (bytestream.proto:95-113).
    static func readRequest(resource: String, limit: UInt64) -> [UInt8] {
        var w = ProtobufWire.Writer()
        w.string(1, resource)
        w.uint(3, limit)
        return w.bytes
    }

    /// `ReadResponse { bytes data = 10; }` (bytestream.proto:117-122).
    static func decodeReadResponse(_ bytes: [UInt8]) throws -> ArraySlice<UInt8> {
        var r = ProtobufWire.Reader(bytes)
        var data: ArraySlice<UInt8> = []
        while let (field, value) = try r.next() {
            if field == 10, case let .bytes(b) = value { data = b }
        }
        return data
    }

    /// `WriteRequest { string resource_name = 1; int64 write_offset = 2; bool finish_write = 3;
    /// bytes data = 10; }` (bytestream.proto:126-155); the name only in the first message.
    static func writeRequest(resource: String?, offset: UInt64, finish: Bool, data: ArraySlice<UInt8>) -> [UInt8] {
        var w = ProtobufWire.Writer()
        if let resource { w.string(1, resource) }
        w.uint(2, offset)
        w.bool(3, finish)
        w.bytes(10, Array(data))
        return w.bytes
    }

    /// `WriteResponse { int64 committed_size = 1; }` (bytestream.proto:159-161).
    static func decodeWriteResponse(_ bytes: [UInt8]) throws -> UInt64 {
        var r = ProtobufWire.Reader(bytes)
        var n: UInt64 = 0
        while let (field, value) = try r.next() {
            if field == 1, case let .varint(v) = value { n = v }
        }
        return n
    }

    // MARK: Internals

    private static func decodeBlobReplies(_ bytes: [UInt8], statusField: Int, dataField: Int?) throws -> [BlobReply] {
        var out: [BlobReply] = []
        var r = ProtobufWire.Reader(bytes)
        while let (field, value) = try r.next() {
            guard field == 1, case let .bytes(resp) = value else { continue }
            var digest: (Digest, UInt64)?
            var status = GRPCStatus.ok
            var message = ""
            var data: ArraySlice<UInt8> = []
            var rr = ProtobufWire.Reader(resp)
            while let (f, v) = try rr.next() {
                switch (f, v) {
                case let (1, .bytes(d)): digest = try decodeDigest(d)
                case let (f, .bytes(s)) where f == statusField: (status, message) = try decodeStatus(s)
                case let (f, .bytes(b)) where f == dataField: data = b
                default: continue
                }
            }
            guard let digest else { throw ProtobufWire.Malformed(offset: nil, reason: "a blob response without a digest") }
            out.append(BlobReply(digest: digest.0, size: digest.1, status: status, message: message, data: data))
        }
        return out
    }

    /// `google.rpc.Status { int32 code = 1; string message = 2; }` (status.proto:34-43).
    private static func decodeStatus(_ b: ArraySlice<UInt8>) throws -> (GRPCStatus, String) {
        var code = 0
        var message = ""
        var r = ProtobufWire.Reader(b)
        while let (f, v) = try r.next() {
            switch (f, v) {
            case let (1, .varint(n)): code = Int(Int32(truncatingIfNeeded: n))
            case let (2, .bytes(s)): message = String(decoding: s, as: UTF8.self)
            default: continue
            }
        }
        return (GRPCStatus(code), message)
    }

    private static func decodeDigest(_ b: ArraySlice<UInt8>) throws -> (Digest, UInt64) {
        var hash = ""
        var size: UInt64 = 0
        var r = ProtobufWire.Reader(b)
        while let (f, v) = try r.next() {
            switch (f, v) {
            case let (1, .bytes(h)): hash = String(decoding: h, as: UTF8.self)
            case let (2, .varint(n)): size = n
            default: continue
            }
        }
        guard hash.utf8.count == 64, hash == hash.lowercased(), let d = Digest(hex: hash), size <= UInt64(Int64.max) else {
            throw ProtobufWire.Malformed(offset: nil, reason: "a digest that is not 64 lowercase hex digits with a size")
        }
        return (d, size)
    }

    private static func varints(_ b: ArraySlice<UInt8>) throws -> [UInt64] {
        var out: [UInt64] = []
        var v: UInt64 = 0
        var shift: UInt64 = 0
        for byte in b {
            guard shift < 64 else { throw ProtobufWire.Malformed(offset: nil, reason: "a packed varint longer than 10 bytes") }
            v |= UInt64(byte & 0x7f) << shift
            if byte & 0x80 == 0 { out.append(v); v = 0; shift = 0 } else { shift += 7 }
        }
        guard shift == 0 else { throw ProtobufWire.Malformed(offset: nil, reason: "a truncated packed varint") }
        return out
    }
}
