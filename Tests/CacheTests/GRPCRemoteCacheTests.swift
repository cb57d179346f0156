import Foundation
import XCTest
@testable import Cache

/// The REAPI gRPC client against a real BuildGrid server (`scripts/test.sh` starts one on
/// loopback and exports `ORCHESTRATE_TEST_GRPC_REMOTE`); skipped, saying so, without it.
final class GRPCRemoteCacheTests: XCTestCase {
    func server() throws -> String {
        guard let url = ProcessInfo.processInfo.environment["ORCHESTRATE_TEST_GRPC_REMOTE"], !url.isEmpty else {
            throw XCTSkip("ORCHESTRATE_TEST_GRPC_REMOTE is not set: no BuildGrid server to test against (scripts/test.sh starts one)")
        }
        return url
    }

    func client(instance: String = "", key: String? = nil, timeout: Double = 10) throws -> GRPCRemoteCache {
        var options = try RemoteOptions(url: try server(), signingKey: key.map { Array($0.utf8) }, timeout: timeout)
        options.instanceName = instance
        return GRPCRemoteCache(options: options)
    }

    /// Bytes no other test (nor an earlier run against the same server) has stored.
    func unique(_ label: String, size: Int = 0) -> [UInt8] {
        var b = Array("\(label) \(UUID().uuidString)\n".utf8)
        if size > b.count { b += (0 ..< size - b.count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) } }
        return b
    }

    func testObjectsAndEntriesRoundTripThroughBatchCalls() throws {
        let c = try client()
        let blobs = (0..<50).map { unique("blob \($0)") }
        let wanted = blobs.map { (digest: Digest.of($0), size: UInt64($0.count)) }
        XCTAssertEqual(try c.missingObjects(wanted), Set(wanted.map(\.digest)))
        try c.putObjects(blobs.map { (Digest.of($0), Body.bytes($0)) })
        XCTAssertEqual(try c.missingObjects(wanted), [])
        let got = try c.objects(wanted, spoolDirectory: nil)
        XCTAssertEqual(got.map { $0.bytes }, blobs)

        let keys = (0..<40).map { Digest.of("key \($0) \(UUID())") }
        let entries = zip(keys, blobs).map { k, b in
            (key: k, entry: ActionEntry(outputs: [OutputFile(path: "f/\(k.hex.prefix(6)).txt", digest: Digest.of(b), size: UInt64(b.count), executable: false)],
                                        release: "test-1", renderedIn: Digest.of("plan")))
        }
        XCTAssertEqual(try c.entries(for: keys), keys.map { _ in RemoteLookup.miss })
        try c.putEntries(entries)
        XCTAssertEqual(try c.entries(for: keys), entries.map { .hit($0.entry, .none) })
        // One GetCapabilities, 4 batch CAS calls (FindMissingBlobs twice, BatchUpdateBlobs,
        // BatchReadBlobs) for 50 blobs, 40 + 40 + 40 unary ActionCache calls.
        XCTAssertEqual(c.traffic.requests, 1 + 4 + 120)
        XCTAssertNotNil(c.libraryVersion)
    }

    func testBlobAboveTheBatchLimitGoesThroughByteStream() throws {
        let dir = try TemporaryDirectory(self)
        let c = try client()
        let big = unique("big", size: 6 << 20)
        let d = Digest.of(big)
        try c.putObjects([(d, .bytes(big))])
        XCTAssertEqual(c.traffic.requests, 2, "GetCapabilities, then one ByteStream.Write")
        XCTAssertEqual(try c.missingObjects([(d, UInt64(big.count))]), [])
        guard case let .found(body) = try c.objects([(d, UInt64(big.count))], spoolDirectory: dir.path)[0] else { return XCTFail("not found") }
        guard case let .file(f) = body else { return XCTFail("a 6 MiB body must be spooled to a file") }
        XCTAssertTrue(f.path.hasPrefix(dir.path))
        XCTAssertEqual(try body.digest(), d)
        XCTAssertEqual(c.traffic.requests, 4)
        // Asked with another declared size: never a hit (the server has no such blob, or its body
        // passes the declared size and the read is abandoned there).
        if case .found = try c.objects([(d, 5 << 20)], spoolDirectory: dir.path)[0] { XCTFail("a body of another size must not be found") }
    }
}
