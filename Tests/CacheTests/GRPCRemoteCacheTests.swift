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

    /// gRPC's rules for text metadata, checked before anything is sent (the core would refuse
    /// the call with a bare error code). No server needed: the first call fails before connecting.
    func testHeadersGRPCCannotCarryAreRefusedByName() throws {
        let ok = ["Authorization: Bearer a.b-c_d", "x-team.name: CI #4 (main)", "X-Trace-Bin: any bytes ~"]
        for h in ok { XCTAssertNil(RemoteOptions.grpcMetadataProblem(try XCTUnwrap(RemoteOptions.header(h))), h) }
        XCTAssertEqual(RemoteOptions.grpcMetadataProblem(.init(name: "X@Y", value: "v")), "a name takes only letters, digits, '-', '_' and '.'")
        XCTAssertEqual(RemoteOptions.grpcMetadataProblem(.init(name: "X", value: "café")), "a value takes only printable ASCII")
        XCTAssertNil(RemoteOptions.grpcMetadataProblem(.init(name: "X-Bin", value: "café")), "a -bin value is bytes")

        let c = GRPCRemoteCache(options: try RemoteOptions(url: "grpc://127.0.0.1:9", headers: [.init(name: "X@Y", value: "v")]))
        XCTAssertThrowsError(try c.entries(for: [Digest.of("k")])) { e in
            XCTAssertEqual("\(e)", "remote cache grpc://127.0.0.1:9: header X@Y cannot be sent as gRPC metadata: a name takes only letters, digits, '-', '_' and '.'")
        }
        XCTAssertEqual(c.traffic.requests, 0)
    }

    // MARK: TLS and call metadata (the BuildGrid over TLS scripts/test.sh starts)

    /// `ORCHESTRATE_TEST_GRPCS_REMOTE` and the CA file, or a skip.
    func tlsServer() throws -> (url: String, ca: [UInt8], caPath: String) {
        let env = ProcessInfo.processInfo.environment
        guard let url = env["ORCHESTRATE_TEST_GRPCS_REMOTE"], !url.isEmpty, let ca = env["ORCHESTRATE_TEST_GRPCS_CA"], !ca.isEmpty else {
            throw XCTSkip("ORCHESTRATE_TEST_GRPCS_REMOTE and ORCHESTRATE_TEST_GRPCS_CA are not set: no BuildGrid over TLS (scripts/test.sh starts one)")
        }
        return (url, try XCTUnwrap(FileIO.read(ca), "the CA file \(ca) is missing"), ca)
    }

    func token(_ name: String) throws -> String {
        guard let t = ProcessInfo.processInfo.environment[name], !t.isEmpty else {
            XCTFail("\(name) is not set beside ORCHESTRATE_TEST_GRPCS_REMOTE (scripts/test.sh exports both)")
            throw XCTSkip("no token")
        }
        return t
    }

    func tlsClient(ca: [UInt8]?, instance: String = "", headers: [RemoteOptions.HTTPHeader] = []) throws -> GRPCRemoteCache {
        var options = try RemoteOptions(url: try tlsServer().url, headers: headers)
        options.rootCertificates = ca
        options.instanceName = instance
        return GRPCRemoteCache(options: options)
    }

    func sample(_ n: Int) -> (blobs: [[UInt8]], keys: [Digest], entries: [(key: Digest, entry: ActionEntry)]) {
        let blobs = (0..<n).map { unique("tls blob \($0)") }
        let keys = (0..<n).map { Digest.of("tls key \($0) \(UUID())") }
        let entries = zip(keys, blobs).map { k, b in
            (key: k, entry: ActionEntry(outputs: [OutputFile(path: "t/\(k.hex.prefix(6)).txt", digest: Digest.of(b), size: UInt64(b.count), executable: false)],
                                        release: "test-1", renderedIn: Digest.of("plan")))
        }
        return (blobs, keys, entries)
    }

    /// The given roots are the ones trusted: objects and entries round-trip over TLS.
    func testRoundTripOverTLSWithTheGivenRoots() throws {
        let c = try tlsClient(ca: try tlsServer().ca)
        let (blobs, keys, entries) = sample(10)
        try c.putObjects(blobs.map { (Digest.of($0), Body.bytes($0)) })
        try c.putEntries(entries)
        XCTAssertEqual(try c.entries(for: keys), entries.map { .hit($0.entry, .none) })
        XCTAssertEqual(try c.objects(blobs.map { (Digest.of($0), UInt64($0.count)) }, spoolDirectory: nil).map { $0.bytes }, blobs)
    }

    /// Roots that did not sign the server's certificate (another throwaway CA, beside the right
    /// one): UNAVAILABLE at the first call, a TLS handshake failure, and the same answer after;
    /// even while a client that trusts the server holds a connection to it (gRPC's core shares
    /// connections between channels whose credentials are the same, not these).
    func testUntrustedServerFailsAtTheFirstCall() throws {
        let s = try tlsServer()
        let trusting = try tlsClient(ca: s.ca)
        XCTAssertEqual(try trusting.entries(for: [Digest.of("k \(UUID())")]), [.miss])
        let other = try XCTUnwrap(FileIO.read(URL(fileURLWithPath: s.caPath).deletingLastPathComponent().appendingPathComponent("other-ca.pem").path))
        let c = try tlsClient(ca: other)
        for _ in 0..<2 {
            XCTAssertThrowsError(try c.entries(for: [Digest.of("k")])) { e in
                guard case let .remoteCall(_, method, status, details)? = e as? CacheError else { return XCTFail("\(e)") }
                XCTAssertEqual(method, "Capabilities.GetCapabilities")
                XCTAssertEqual(status, .unavailable)
                XCTAssertTrue(details.contains("certificate verify failed"), details)
                XCTAssertTrue((e as? CacheError)?.isTLSHandshakeFailure == true)
            }
        }
        XCTAssertEqual(c.traffic.requests, 1, "one attempt per run")
        XCTAssertEqual(try trusting.entries(for: [Digest.of("k \(UUID())")]), [.miss])
    }

    /// Headers travel as call metadata: BuildGrid's JWT check on the instance `auth` takes the
    /// writer's token for everything, the reader's for reads only, and refuses a call without one.
    func testBearerTokenTravelsAsCallMetadata() throws {
        let ca = try tlsServer().ca
        let bearer = { (t: String) in [RemoteOptions.HTTPHeader(name: "Authorization", value: "Bearer " + t)] }
        let writer = try tlsClient(ca: ca, instance: "auth", headers: bearer(try token("ORCHESTRATE_TEST_GRPCS_TOKEN")))
        let (blobs, keys, entries) = sample(5)
        try writer.putObjects(blobs.map { (Digest.of($0), Body.bytes($0)) })
        try writer.putEntries(entries)

        let reader = try tlsClient(ca: ca, instance: "auth", headers: bearer(try token("ORCHESTRATE_TEST_GRPCS_READ_TOKEN")))
        XCTAssertEqual(try reader.entries(for: keys), entries.map { .hit($0.entry, .none) })
        XCTAssertEqual(try reader.objects(blobs.map { (Digest.of($0), UInt64($0.count)) }, spoolDirectory: nil).map { $0.bytes }, blobs)
        let more = unique("refused")
        XCTAssertThrowsError(try reader.putObjects([(Digest.of(more), .bytes(more))])) { e in
            guard case let .remoteCall(_, method, status, _)? = e as? CacheError else { return XCTFail("\(e)") }
            XCTAssertEqual(method, "ContentAddressableStorage.BatchUpdateBlobs")
            XCTAssertEqual(status, .unauthenticated)
            XCTAssertTrue(RemoteLayer.refusesWrites(e as! CacheError), "a refused write keeps reads")
        }
        XCTAssertEqual(try reader.entries(for: keys), entries.map { .hit($0.entry, .none) }, "reads go on")

        let anonymous = try tlsClient(ca: ca, instance: "auth")
        XCTAssertThrowsError(try anonymous.entries(for: keys)) { e in
            guard case let .remoteCall(_, method, status, details)? = e as? CacheError else { return XCTFail("\(e)") }
            XCTAssertEqual(method, "Capabilities.GetCapabilities")
            XCTAssertEqual(status, .unauthenticated)
            XCTAssertTrue(details.contains("No valid authorization"), details)
        }
    }
}
