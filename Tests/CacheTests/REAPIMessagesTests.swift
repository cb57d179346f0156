import Foundation
import XCTest
@testable import Cache

/// The REAPI and ByteStream messages the gRPC remote writes, decoded by protoc against the field
/// numbers of remote_execution.proto (bazelbuild/remote-apis v2.12.0) and bytestream.proto
/// (googleapis 9415ba04), and replies built by protoc's encoder read back.
final class REAPIMessagesTests: XCTestCase {
    static let schema = """
    syntax = "proto3";
    package build.bazel.remote.execution.v2;
    message Digest { string hash = 1; int64 size_bytes = 2; }
    message Status { int32 code = 1; string message = 2; }
    message GetCapabilitiesRequest { string instance_name = 1; }
    message ActionCacheUpdateCapabilities { bool update_enabled = 1; }
    message CacheCapabilities { repeated int32 digest_functions = 1; ActionCacheUpdateCapabilities action_cache_update_capabilities = 2;
                                int64 max_batch_total_size_bytes = 4; }
    message ServerCapabilities { CacheCapabilities cache_capabilities = 1; }
    message GetActionResultRequest { string instance_name = 1; Digest action_digest = 2; bool inline_stdout = 3; int32 digest_function = 6; }
    message ActionResult { bytes placeholder = 99; }
    message UpdateActionResultRequest { string instance_name = 1; Digest action_digest = 2; ActionResult action_result = 3; int32 digest_function = 5; }
    message FindMissingBlobsRequest { string instance_name = 1; repeated Digest blob_digests = 2; int32 digest_function = 3; }
    message FindMissingBlobsResponse { repeated Digest missing_blob_digests = 2; }
    message BatchUpdateBlobsRequest { message Request { Digest digest = 1; bytes data = 2; }
                                      string instance_name = 1; repeated Request requests = 2; int32 digest_function = 5; }
    message BatchReadBlobsRequest { string instance_name = 1; repeated Digest digests = 2; int32 digest_function = 4; }
    message BatchReadBlobsResponse { message Response { Digest digest = 1; bytes data = 2; Status status = 3; }
                                     repeated Response responses = 1; }
    message ReadRequest { string resource_name = 1; int64 read_offset = 2; int64 read_limit = 3; }
    message WriteRequest { string resource_name = 1; int64 write_offset = 2; bool finish_write = 3; bytes data = 10; }
    """

    let hello = Array("hello".utf8)

    func decode(_ type: String, _ bytes: [UInt8]) throws -> String {
        let protoc = try Self.protoc()
        let dir = try TemporaryDirectory(self)
        try Self.schema.write(toFile: dir.sub("reapi.proto"), atomically: true, encoding: .utf8)
        let out = try ActionResultCodecTests.run(protoc, ["--proto_path=" + dir.path, "--decode=build.bazel.remote.execution.v2." + type, "reapi.proto"], stdin: bytes)
        return String(decoding: out, as: UTF8.self)
    }

    func encode(_ type: String, _ text: String) throws -> [UInt8] {
        let protoc = try Self.protoc()
        let dir = try TemporaryDirectory(self)
        try Self.schema.write(toFile: dir.sub("reapi.proto"), atomically: true, encoding: .utf8)
        return try ActionResultCodecTests.run(protoc, ["--proto_path=" + dir.path, "--encode=build.bazel.remote.execution.v2." + type, "reapi.proto"],
                                              stdin: Array(text.utf8))
    }

    static func protoc() throws -> String {
        guard let p = ["/usr/bin/protoc", "/usr/local/bin/protoc"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("protoc not installed (Debian: protobuf-compiler; scripts/test.sh installs it)")
        }
        return p
    }

    func testRequestsDecodeWithTheProtoFieldNumbers() throws {
        let d = Digest.of(hello)
        XCTAssertEqual(try decode("GetActionResultRequest", REAPIMessages.getActionResultRequest(instance: "main", key: d)),
                       "instance_name: \"main\"\naction_digest {\n  hash: \"\(d.hex)\"\n}\ndigest_function: 1\n")
        XCTAssertEqual(try decode("FindMissingBlobsRequest", REAPIMessages.findMissingBlobsRequest(instance: "", [(d, 5)])),
                       "blob_digests {\n  hash: \"\(d.hex)\"\n  size_bytes: 5\n}\ndigest_function: 1\n")
        XCTAssertEqual(try decode("BatchUpdateBlobsRequest", REAPIMessages.batchUpdateBlobsRequest(instance: "", [(d, hello)])),
                       "requests {\n  digest {\n    hash: \"\(d.hex)\"\n    size_bytes: 5\n  }\n  data: \"hello\"\n}\ndigest_function: 1\n")
        XCTAssertEqual(try decode("BatchReadBlobsRequest", REAPIMessages.batchReadBlobsRequest(instance: "i", [(d, 5)])),
                       "instance_name: \"i\"\ndigests {\n  hash: \"\(d.hex)\"\n  size_bytes: 5\n}\ndigest_function: 1\n")
        XCTAssertEqual(try decode("UpdateActionResultRequest", REAPIMessages.updateActionResultRequest(instance: "", key: d, actionResult: [0x9a, 0x06, 0x01, 0x78])),
                       "action_digest {\n  hash: \"\(d.hex)\"\n}\naction_result {\n  placeholder: \"x\"\n}\ndigest_function: 1\n")
        XCTAssertEqual(try decode("ReadRequest", REAPIMessages.readRequest(resource: "blobs/\(d.hex)/5", limit: 5)),
                       "resource_name: \"blobs/\(d.hex)/5\"\nread_limit: 5\n")
        XCTAssertEqual(try decode("WriteRequest", REAPIMessages.writeRequest(resource: "uploads/u/blobs/\(d.hex)/5", offset: 0, finish: true, data: hello[...])),
                       "resource_name: \"uploads/u/blobs/\(d.hex)/5\"\nfinish_write: true\ndata: \"hello\"\n")
        XCTAssertEqual(try decode("GetCapabilitiesRequest", REAPIMessages.capabilitiesRequest(instance: "main")), "instance_name: \"main\"\n")
    }

    func testRepliesEncodedByProtocReadBack() throws {
        let d = Digest.of(hello)
        let caps = try REAPIMessages.decodeCapabilities(try encode("ServerCapabilities", """
            cache_capabilities { digest_functions: 1 digest_functions: 3 action_cache_update_capabilities { update_enabled: true } max_batch_total_size_bytes: 4193280 }
            """))
        XCTAssertEqual(caps, .init(digestFunctions: [1, 3], maxBatchTotalSize: 4_193_280, updateEnabled: true))
        let missing = try REAPIMessages.decodeFindMissingBlobs(try encode("FindMissingBlobsResponse", "missing_blob_digests { hash: \"\(d.hex)\" size_bytes: 5 }"))
        XCTAssertEqual(missing.map(\.0), [d])
        let read = try REAPIMessages.decodeBatchReadBlobs(try encode("BatchReadBlobsResponse", """
            responses { digest { hash: "\(d.hex)" size_bytes: 5 } data: "hello" status { } }
            responses { digest { hash: "\(Digest.of("x").hex)" size_bytes: 1 } status { code: 5 message: "gone" } }
            """))
        XCTAssertEqual(read.map(\.status), [.ok, .notFound])
        XCTAssertEqual(Array(read[0].data), hello)
        XCTAssertEqual(read[1].message, "gone")
        XCTAssertThrowsError(try REAPIMessages.decodeBatchReadBlobs(try encode("BatchReadBlobsResponse", "responses { digest { hash: \"ABC\" size_bytes: 1 } }")))
    }
}
