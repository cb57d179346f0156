import Foundation
import XCTest
@testable import Cache

final class ActionResultCodecTests: XCTestCase {
    let hello = Array("hi\n".utf8)
    var small: ActionEntry {
        ActionEntry(outputs: [OutputFile(path: "a.txt", digest: Digest.of(hello), size: 3, executable: false)], release: "r1")
    }
    let taskKey = Digest.of("task key")

    func testRoundTripKeepsOutputsAndRelease() throws {
        let entry = ActionEntry(outputs: [
            OutputFile(path: "app/models/movie.rb", digest: Digest.of("movie"), size: 5, executable: false),
            OutputFile(path: "bin/ios", digest: Digest.of("#!/bin/sh\n"), size: 300_000, executable: true),
            OutputFile(path: "empty", digest: .empty, size: 0, executable: false),
        ], release: "rails-2026-08", createdMs: 123, lastUsedMs: 456, renderedIn: Digest.of("plan"))
        let decoded = try ActionResultCodec.decode(ActionResultCodec.encode(entry))
        XCTAssertEqual(decoded.entry, ActionEntry(outputs: entry.outputs, release: entry.release, renderedIn: Digest.of("plan")),
                       "timestamps are local and not sent; the Plan digest it was rendered in is")
        XCTAssertTrue(decoded.hasMetadata)
        XCTAssertNil(decoded.signature)
        let sig = ActionResultCodec.signature(key: Array("k".utf8), taskKey: taskKey, entry: entry)
        let signed = try ActionResultCodec.decode(ActionResultCodec.encode(entry, signature: sig))
        XCTAssertEqual(signed.entry.outputs, entry.outputs)
        XCTAssertEqual(signed.signature, sig.bytes)
    }

    /// The exact bytes of a one-file ActionResult, field by field (the digest cross-checked by
    /// building the same bytes in Python).
    func testGoldenBytes() {
        let hex = Digest.of(hello).hex
        var expected: [UInt8] = []
        let digestMsg: [UInt8] = [0x0a, 64] + Array(hex.utf8) + [0x10, 3]            // Digest{1: hash, 2: 3}
        let file: [UInt8] = [0x0a, 5] + Array("a.txt".utf8) + [0x12, UInt8(digestMsg.count)] + digestMsg  // OutputFile{1, 2}
        expected += [0x12, UInt8(file.count)] + file                                    // ActionResult.2
        let meta: [UInt8] = [0x0a, 2] + Array("r1".utf8)                                // EntryMetadata{1: "r1"}
        let url = Array(ActionResultCodec.metadataTypeURL.utf8)
        let any: [UInt8] = [0x0a, UInt8(url.count)] + url + [0x12, UInt8(meta.count)] + meta
        let exec: [UInt8] = [0x0a, 11] + Array("orchestrate".utf8) + [0x5a, UInt8(any.count)] + any  // worker, 11: Any
        expected += [0x4a, UInt8(exec.count)] + exec                                    // ActionResult.9
        XCTAssertEqual(ActionResultCodec.encode(small), expected)
        XCTAssertEqual(Digest.of(expected).hex, "f5a8f9c84d46d0fe97c4f01443048fafa4a91e012d12ba6cd840cddf06470a6f")
    }

    /// A pinned tag (cross-checked with Python's hmac module): changing what is signed must be a
    /// deliberate format bump.
    func testSignatureIsPinned() {
        let sig = ActionResultCodec.signature(key: Array("secret".utf8), taskKey: taskKey, entry: small)
        XCTAssertEqual(sig.hex, "ebda1bde8ac7fc51ba3b0de043a39f41808962badbf3b1bcb7b4d48779ed89e7")
    }

    func testSignatureCoversKeyTaskKeyAndEntry() throws {
        let key = Array("secret".utf8)
        let sig = ActionResultCodec.signature(key: key, taskKey: taskKey, entry: small)
        let decoded = try ActionResultCodec.decode(ActionResultCodec.encode(small, signature: sig))
        XCTAssertTrue(ActionResultCodec.verify(decoded, key: key, taskKey: taskKey))
        XCTAssertFalse(ActionResultCodec.verify(decoded, key: Array("other".utf8), taskKey: taskKey), "another key")
        XCTAssertFalse(ActionResultCodec.verify(decoded, key: key, taskKey: Digest.of("other task")), "replayed under another task key")
        for change in [{ (e: inout ActionEntry) in e.outputs[0].path = "b.txt" },
                       { e in e.outputs[0].executable = true },
                       { e in e.outputs[0].size = 4 },
                       { e in e.outputs[0].digest = Digest.of("evil") },
                       { e in e.release = "r2" },
                       { e in e.renderedIn = Digest.of("another plan") }] {
            var tampered = decoded
            change(&tampered.entry)
            XCTAssertFalse(ActionResultCodec.verify(tampered, key: key, taskKey: taskKey), "\(tampered.entry)")
        }
        var unsigned = decoded
        unsigned.signature = nil
        XCTAssertFalse(ActionResultCodec.verify(unsigned, key: key, taskKey: taskKey))
        // Timestamps are local facts and not signed.
        var local = small
        local.createdMs = 99
        XCTAssertEqual(ActionResultCodec.signature(key: key, taskKey: taskKey, entry: local), sig)
    }

    /// What a server may do to the message: fill or change `worker`, add fields (exit code,
    /// stdout digest, fixed-width and unknown fields), put another tool's Any first. The decoded
    /// entry and the signature check do not move.
    func testForeignFieldsAreSkippedAndSignatureSurvivesReMarshalling() throws {
        let key = Array("secret".utf8)
        let sig = ActionResultCodec.signature(key: key, taskKey: taskKey, entry: small)
        var w = ProtobufWire.Writer()
        w.message(2) { f in
            f.string(1, "a.txt")
            f.message(2) { d in d.string(1, Digest.of(hello).hex); d.uint(2, 3) }
            f.message(7) { _ in }                          // node_properties
        }
        w.uint(4, 0)                                       // exit_code 0 (left out)
        w.message(6) { d in d.string(1, Digest.empty.hex) } // stdout_digest
        w.message(9) { m in
            m.string(1, "10.1.2.3:5555")                   // worker filled by a server
            m.message(2) { t in t.uint(1, 1_700_000_000) } // queued_timestamp
            m.message(11) { any in any.string(1, "type.googleapis.com/other.Stats"); any.bytes(2, [1, 2, 3]) }
            m.message(11) { any in
                any.string(1, ActionResultCodec.metadataTypeURL)
                var meta = ProtobufWire.Writer()
                meta.string(1, "r1")
                meta.bytes(2, sig.bytes)
                meta.uint(9, 7)                            // a field from a later version
                any.bytes(2, meta.bytes)
            }
        }
        w.tag(15, .fixed32); w.varint(0); var bytes = w.bytes; bytes += [0, 0, 0]
        bytes += [0x81, 0x01, 1, 2, 3, 4, 5, 6, 7, 8]       // field 16, fixed64
        let decoded = try ActionResultCodec.decode(bytes)
        XCTAssertEqual(decoded.entry, small)
        XCTAssertTrue(ActionResultCodec.verify(decoded, key: key, taskKey: taskKey))
    }

    func testBazelResultWithoutOurMetadataDecodesWithoutRelease() throws {
        var w = ProtobufWire.Writer()
        w.message(2) { f in f.string(1, "out/x"); f.message(2) { d in d.string(1, Digest.of(hello).hex); d.uint(2, 3) } }
        let d = try ActionResultCodec.decode(w.bytes)
        XCTAssertFalse(d.hasMetadata)
        XCTAssertEqual(d.entry.release, "")
        XCTAssertEqual(d.entry.outputs.map(\.path), ["out/x"])
    }

    func testMalformedBytesAndUnsafeValuesAreRefused() {
        let good = ActionResultCodec.encode(small)
        let cases: [(String, [UInt8])] = [
            ("truncated", Array(good.dropLast(5))),
            ("truncated varint", [0x20, 0x80]),
            ("length past the end", [0x12, 0x7f, 0x0a]),
            ("group wire type", [0x13]),
            ("field zero", [0x00, 0x01]),
            ("output_files not a message", [0x10, 0x01]),
            ("uppercase hash", output(path: "a", hash: Digest.of(hello).hex.uppercased())),
            ("short hash", output(path: "a", hash: "abc")),
            ("absolute path", output(path: "/etc/passwd", hash: Digest.of(hello).hex)),
            ("dot-dot path", output(path: "a/../../b", hash: Digest.of(hello).hex)),
            ("empty path", output(path: "", hash: Digest.of(hello).hex)),
            ("negative size", output(path: "a", hash: Digest.of(hello).hex, size: UInt64(bitPattern: -1))),
            ("not UTF-8", [0x12, 0x04, 0x0a, 0x02, 0xff, 0xfe]),
        ]
        for (name, bytes) in cases {
            XCTAssertThrowsError(try ActionResultCodec.decode(bytes), name)
        }
    }

    private func output(path: String, hash: String, size: UInt64 = 3) -> [UInt8] {
        var w = ProtobufWire.Writer()
        w.message(2) { f in
            f.bytes(1, Array(path.utf8)); if path.isEmpty { f.tag(1, .lengthDelimited); f.varint(0) }
            f.message(2) { d in d.string(1, hash); d.uint(2, size) }
        }
        return w.bytes
    }

    // MARK: protoc cross-check

    /// The REAPI fields we write, with their numbers from bazelbuild/remote-apis
    /// `build/bazel/remote/execution/v2/remote_execution.proto` (commit 00598d02); protoc decodes
    /// our bytes with it, so a wrong number or wire type shows up as an unknown or misparsed field.
    static let schema = """
    syntax = "proto3";
    package build.bazel.remote.execution.v2;
    message Digest { string hash = 1; int64 size_bytes = 2; }
    message OutputFile { string path = 1; Digest digest = 2; bool is_executable = 4; bytes contents = 5; }
    message Any { string type_url = 1; bytes value = 2; }
    message ExecutedActionMetadata { string worker = 1; repeated Any auxiliary_metadata = 11; }
    message ActionResult {
      repeated OutputFile output_files = 2; int32 exit_code = 4; Digest stdout_digest = 6;
      Digest stderr_digest = 8; ExecutedActionMetadata execution_metadata = 9;
    }
    message EntryMetadata { string release = 1; bytes hmac_sha256 = 2; bytes rendered_in = 3; }
    """

    func testProtocDecodesOurBytesAsAnActionResult() throws {
        guard let protoc = ["/usr/bin/protoc", "/usr/local/bin/protoc"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("protoc not installed (Debian: protobuf-compiler; scripts/test.sh installs it)")
        }
        let dir = try TemporaryDirectory(self)
        try Self.schema.write(toFile: dir.sub("reapi.proto"), atomically: true, encoding: .utf8)
        let entry = ActionEntry(outputs: [
            OutputFile(path: "a.txt", digest: Digest.of(hello), size: 3, executable: false),
            OutputFile(path: "bin/run", digest: Digest.of("x"), size: 1, executable: true),
        ], release: "r1")
        let bytes = ActionResultCodec.encode(entry)
        let text = try run(protoc, ["--proto_path=" + dir.path, "--decode=build.bazel.remote.execution.v2.ActionResult", "reapi.proto"], stdin: bytes)
        XCTAssertEqual(text, """
        output_files {
          path: "a.txt"
          digest {
            hash: "\(Digest.of(hello).hex)"
            size_bytes: 3
          }
        }
        output_files {
          path: "bin/run"
          digest {
            hash: "\(Digest.of("x").hex)"
            size_bytes: 1
          }
          is_executable: true
        }
        execution_metadata {
          worker: "orchestrate"
          auxiliary_metadata {
            type_url: "type.googleapis.com/orchestrate.cache.v1.EntryMetadata"
            value: "\\n\\002r1"
          }
        }

        """)
        // The raw view agrees on field numbers and wire types.
        let raw = try run(protoc, ["--decode_raw"], stdin: bytes)
        XCTAssertTrue(raw.hasPrefix("2 {\n  1: \"a.txt\"\n  2 {\n    1: \"\(Digest.of(hello).hex)\"\n    2: 3\n  }\n}\n"), raw)
        XCTAssertTrue(raw.contains("  4: 1\n"), raw)
        XCTAssertTrue(raw.contains("9 {\n  1: \"orchestrate\"\n  11 {\n"), raw)
    }

    func run(_ tool: String, _ args: [String], stdin: [UInt8]) throws -> String {
        String(decoding: try Self.run(tool, args, stdin: stdin), as: UTF8.self)
    }

    /// Runs `tool` with `stdin`; its standard output (fails the test on a non-zero exit).
    static func run(_ tool: String, _ args: [String], stdin: [UInt8]) throws -> [UInt8] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = args
        if let cwd = args.first(where: { $0.hasPrefix("--proto_path=") }) {
            p.currentDirectoryURL = URL(fileURLWithPath: String(cwd.dropFirst("--proto_path=".count)))
        }
        let input = Pipe(), output = Pipe(), error = Pipe()
        p.standardInput = input
        p.standardOutput = output
        p.standardError = error
        try p.run()
        input.fileHandleForWriting.write(Data(stdin))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, String(decoding: err, as: UTF8.self))
        return [UInt8](out)
    }
}
