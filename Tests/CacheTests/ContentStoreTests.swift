import XCTest
@testable import Cache

/// One contract, run against every `ContentStore`. Each fixture knows how to seed an object
/// (the seed store is read-only, so it is written through `SeedStore.write`) and how to damage one.
final class ContentStoreTests: XCTestCase {
    struct Fixture {
        var name: String
        var store: any ContentStore
        var add: ([UInt8]) throws -> Digest
        var damage: (Digest) throws -> Void
        var writable: Bool
    }

    func fixtures() throws -> [Fixture] {
        let dir = try TemporaryDirectory(self)
        let fs = FileSystemContentStore(root: dir.sub("local"))
        let seedRoot = dir.sub("cas")
        let seed = SeedStore(root: seedRoot)
        let memory = InMemoryContentStore()
        return [
            Fixture(name: "FileSystemContentStore", store: fs, add: { try fs.put($0) },
                    damage: { try flipByte(at: 3, in: fs.path(for: $0)) }, writable: true),
            Fixture(name: "SeedStore", store: seed, add: { try SeedStore.write($0, into: seedRoot) },
                    damage: { try flipByte(at: 0, in: seed.path(for: $0)) }, writable: false),
            Fixture(name: "InMemoryContentStore", store: memory, add: { try memory.put($0) },
                    damage: { memory.corrupt($0) }, writable: true),
        ]
    }

    let samples: [[UInt8]] = [
        [],
        Array("hello".utf8),
        Array(String(repeating: "compressible line\n", count: 5_000).utf8),
        pseudoRandomBytes(300_000, seed: 7),
    ]

    func testAddThenGetReturnsTheSameBytes() throws {
        for f in try fixtures() {
            for bytes in samples {
                let d = try f.add(bytes)
                XCTAssertEqual(d, Digest.of(bytes), f.name)
                XCTAssertTrue(f.store.contains(d), f.name)
                XCTAssertEqual(try f.store.get(d), bytes, f.name)
                XCTAssertTrue(f.store.containsValid(d), f.name)
            }
        }
    }

    func testAbsentObjectIsAMiss() throws {
        for f in try fixtures() {
            let d = Digest.of("never stored")
            XCTAssertFalse(f.store.contains(d), f.name)
            XCTAssertNil(try f.store.get(d), f.name)
        }
    }

    func testAddingTwiceIsIdempotent() throws {
        for f in try fixtures() {
            let bytes = Array("twice".utf8)
            XCTAssertEqual(try f.add(bytes), try f.add(bytes), f.name)
            XCTAssertEqual(try f.store.get(Digest.of(bytes)), bytes, f.name)
        }
    }

    func testDamagedObjectIsNeverReturned() throws {
        for f in try fixtures() {
            let bytes = Array(String(repeating: "payload ", count: 100).utf8)
            let d = try f.add(bytes)
            try f.damage(d)
            XCTAssertNil(try f.store.get(d), f.name)
            XCTAssertFalse(f.store.containsValid(d), f.name)
        }
    }

    func testPutOnlyOnWritableStores() throws {
        for f in try fixtures() {
            let bytes = Array("put".utf8)
            if f.writable {
                XCTAssertEqual(try f.store.put(bytes), Digest.of(bytes), f.name)
                XCTAssertEqual(try f.store.get(Digest.of(bytes)), bytes, f.name)
            } else {
                XCTAssertThrowsError(try f.store.put(bytes), f.name) { e in
                    guard case .readOnlyStore = e as? CacheError else { return XCTFail("\(f.name): \(e)") }
                }
            }
        }
    }
}
