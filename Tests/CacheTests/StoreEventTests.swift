import Hashing
import XCTest
@testable import Cache

/// Store events carry facts (which entry or object, which layer, how many); tests and the CLI
/// match on those, and the printed warning reads as it did when the facts were free text.
final class StoreEventTests: XCTestCase {
    private let d = Digest.of("object")
    private let k = Digest.of("key")

    func testWarningsReadAsBefore() {
        let cases: [(StoreEvent, String)] = [
            (.readFailed(layer: .local, access: .entry(key: k), error: "disk I/O error"),
             "warning: local store read failed: action cache entry \(k.hex): disk I/O error; treated as a miss"),
            (.readFailed(layer: .seed, access: .object(digest: d), error: "EACCES"),
             "warning: seed store read failed: object \(d.hex): EACCES; treated as a miss"),
            (.readFailed(layer: .remote, access: .downloadedObject(digest: d), error: "gone"),
             "warning: remote store read failed: reading the downloaded object \(d.hex): gone; treated as a miss"),
            (.writeFailed(layer: .local, access: .recordingEntries(count: 3), error: "full"),
             "warning: local store write failed: recording 3 remote entries: full; continuing"),
            (.writeFailed(layer: .local, access: .copyingObject(digest: d), error: "full"),
             "warning: local store write failed: copying object \(d.hex) into the local store: full; continuing"),
            (.objectSizeMismatch(layer: .local, digest: d, size: 4, declared: 5),
             "warning: local store read failed: object \(d.hex) has 4 bytes but its entry says 5; treated as a miss"),
            (.remoteEntriesRejected(location: "http://c", key: k, why: .unsigned, more: 2),
             "warning: remote store read failed: http://c: the entry for task key \(k.hex) has no signature (and 2 more); ignored, those"
                + " tasks were rendered locally; make sure only trusted CI can write to the cache; treated as a miss"),
            (.remoteEntriesRejected(location: "http://c", key: k, why: .badSignature, more: 0),
             "warning: remote store read failed: http://c: the entry for task key \(k.hex) has \(RemoteRejection.badSignature); ignored, those"
                + " tasks were rendered locally; make sure only trusted CI can write to the cache; treated as a miss"),
            (.remoteObjectsCorrupt(location: "http://c", digest: d, actual: k, more: 2),
             "warning: remote object \(d.hex) at http://c/cas/\(d.hex) is corrupt (downloaded bytes hash to \(k.hex) (and 2 more objects));"
                + " left in place (read-only layer); treated as a miss"),
            (.remoteObjectsCorrupt(location: "http://c", digest: d, actual: k, more: 0),
             StoreEvent.corruptObject(digest: d, layer: .remote, path: "http://c/cas/\(d.hex)", reason: "downloaded bytes hash to \(k.hex)",
                                      quarantinedTo: nil).description),
        ]
        for (event, text) in cases { XCTAssertEqual(event.description, text) }
    }
}
