import Files
import XCTest
@testable import Cache

final class FileSystemContentStoreTests: XCTestCase {
    let text = Array(String(repeating: "<%= render @movies %>\n", count: 300).utf8)

    func testLayoutIsShardedAndCompressedAtRestWithNoTemporariesLeft() throws {
        let dir = try TemporaryDirectory(self)
        let store = FileSystemContentStore(root: dir.path)
        let d = try store.put(text)
        let hex = d.hex
        XCTAssertEqual(store.path(for: d), "\(dir.path)/objects/\(hex.prefix(2))/\(hex)")
        let onDisk = try XCTUnwrap(FileIO.read(store.path(for: d)))
        XCTAssertEqual(onDisk.first, ObjectCodec.zlib)
        XCTAssertLessThan(onDisk.count, text.count)
        XCTAssertEqual(FileIO.list(store.tmpPath), [])
        XCTAssertEqual(store.allObjects().map(\.digest), [d])
        XCTAssertEqual(store.uncompressedSize(of: store.allObjects()[0]), UInt64(text.count))
    }

    /// A lookup proves an object by reading it once; later lookups take the proof while the
    /// object's file keeps the stat facts it had (kept across processes in objects.verified), and
    /// read it again as soon as anything about the file changed, or when it was too recent.
    func testAnObjectProvenOnceIsNotReadAgainUntilItsFileChanges() throws {
        let dir = try TemporaryDirectory(self)
        var store = FileSystemContentStore(root: dir.path)
        store.racyMarginNs = 0
        let d = try store.put(text), size = UInt64(text.count)
        XCTAssertTrue(store.verifies(d, size: size))
        XCTAssertEqual(store.fullReads.value, 1)
        XCTAssertTrue(store.verifies(d, size: size))
        XCTAssertEqual(store.fullReads.value, 1, "proven: not read again")
        XCTAssertFalse(store.verifies(d, size: size + 1), "the proof is of this size only")
        XCTAssertEqual(store.fullReads.value, 2)
        store.saveProofs()
        store = FileSystemContentStore(root: dir.path)
        XCTAssertTrue(store.verifies(d, size: size))
        XCTAssertEqual(store.fullReads.value, 0, "the proof was kept for the next process")
        // The same bytes written again in place (ctime and mtime move): read, still intact.
        let onDisk = try XCTUnwrap(FileIO.read(store.path(for: d)))
        usleep(10_000)
        try Data(onDisk).write(to: URL(fileURLWithPath: store.path(for: d)))
        XCTAssertTrue(store.verifies(d, size: size))
        XCTAssertEqual(store.fullReads.value, 1)
        // A byte flipped (same size): read, and not intact.
        try flipByte(at: 20, in: store.path(for: d))
        XCTAssertFalse(store.verifies(d, size: size))
        XCTAssertEqual(store.fullReads.value, 2)
        // An object younger than the racy margin is never recorded as proven.
        let young = FileSystemContentStore(root: dir.path + "/young")
        let y = try young.put(text)
        XCTAssertTrue(young.verifies(y, size: size))
        XCTAssertTrue(young.verifies(y, size: size))
        XCTAssertEqual(young.fullReads.value, 2)
        // A proofs file that is not one is ignored.
        try Data("not proofs".utf8).write(to: URL(fileURLWithPath: dir.path + "/objects.verified"))
        let other = FileSystemContentStore(root: dir.path)
        XCTAssertFalse(other.verifies(d, size: size))
        XCTAssertEqual(other.fullReads.value, 1)
    }

    func testFlippedByteIsQuarantinedReportedAndAMiss() throws {
        let dir = try TemporaryDirectory(self)
        let store = FileSystemContentStore(root: dir.path)
        let d = try store.put(text)
        try flipByte(at: 20, in: store.path(for: d))
        XCTAssertNil(try store.get(d))
        XCTAssertFalse(store.contains(d), "the damaged file left objects/")
        let quarantined = FileIO.list(store.quarantinePath)
        XCTAssertEqual(quarantined.count, 1)
        XCTAssertTrue(quarantined[0].hasPrefix(d.hex))
        guard case let .corruptObject(digest, layer, _, _, moved)? = store.events.all.first else {
            return XCTFail("no event: \(store.events.all)")
        }
        XCTAssertEqual(digest, d)
        XCTAssertEqual(layer, .local)
        XCTAssertEqual(moved, store.quarantinePath + "/" + quarantined[0])
        // Putting the bytes again heals the store.
        try store.put(text)
        XCTAssertEqual(try store.get(d), text)
    }

    func testTruncatedAndWrongContentObjectsAreMisses() throws {
        let dir = try TemporaryDirectory(self)
        let store = FileSystemContentStore(root: dir.path)
        let a = try store.put(text)
        truncateFile(store.path(for: a), to: 12)
        XCTAssertNil(try store.get(a))

        // A valid encoding of other bytes under this name: decodes fine, digest differs.
        let b = Digest.of("expected")
        try FileIO.makeDirectories((store.path(for: b) as NSString).deletingLastPathComponent)
        XCTAssertEqual(FileIO.writeNew(store.path(for: b), ObjectCodec.encode(Array("impostor".utf8))), 0)
        XCTAssertNil(try store.get(b))
        XCTAssertEqual(FileIO.list(store.quarantinePath).count, 2)
        XCTAssertEqual(store.events.all.count, 2)
    }

    func testReadOnlyStoreRefusesPutsAndLeavesCorruptionInPlace() throws {
        let dir = try TemporaryDirectory(self)
        let writer = FileSystemContentStore(root: dir.path)
        let d = try writer.put(text)
        let reader = FileSystemContentStore(root: dir.path, readOnly: true)
        XCTAssertEqual(try reader.get(d), text)
        XCTAssertThrowsError(try reader.put(Array("new".utf8))) { e in
            XCTAssertEqual(e as? CacheError, .readOnlyStore(path: dir.path))
        }
        try flipByte(at: 20, in: reader.path(for: d))
        XCTAssertNil(try reader.get(d))
        XCTAssertTrue(fileExists(reader.path(for: d)), "read-only stores do not move files")
    }

    func testStoreFolderDeletedMidRunIsRecreatedByTheNextPut() throws {
        let dir = try TemporaryDirectory(self)
        let root = dir.sub("store")
        let store = FileSystemContentStore(root: root)
        let first = try store.put(text)
        try FileManager.default.removeItem(atPath: root)
        XCTAssertNil(try store.get(first))
        let second = try store.put(Array("after the folder vanished".utf8))
        XCTAssertEqual(try store.get(second), Array("after the folder vanished".utf8))
        // Same shard as before (known to the cache, but gone on disk) also works.
        try FileManager.default.removeItem(atPath: root)
        try store.put(text)
        XCTAssertEqual(try store.get(first), text)
    }

    func testWriteFailureThrowsIOWithThePath() throws {
        // Through tmp/, as where unnamed files cannot be made (`LinkedFile`).
        LinkedFile.enabled = false
        defer { LinkedFile.enabled = true }
        let dir = try TemporaryDirectory(self)
        // tmp/ is a regular file: works as root, where permissions would not stop the write.
        XCTAssertTrue(FileManager.default.createFile(atPath: dir.sub("tmp"), contents: Data("x".utf8)))
        let store = FileSystemContentStore(root: dir.path)
        XCTAssertThrowsError(try store.put(text)) { e in
            guard case let .io(path, _, code)? = e as? CacheError else { return XCTFail("\(e)") }
            XCTAssertTrue(path.hasPrefix(dir.sub("tmp")), path)
            XCTAssertNotEqual(code, 0)
            XCTAssertTrue((e as! CacheError).description.contains(dir.sub("tmp")))
        }
        XCTAssertEqual(store.allObjects().count, 0)
    }

    func testALinkedWriteFailureThrowsIOWithThePath() throws {
        let dir = try TemporaryDirectory(self)
        // objects/ is a regular file: no shard folder can be made for the object.
        XCTAssertTrue(FileManager.default.createFile(atPath: dir.sub("objects"), contents: Data("x".utf8)))
        let store = FileSystemContentStore(root: dir.path)
        XCTAssertThrowsError(try store.put(text)) { e in
            guard case let .io(path, _, code)? = e as? CacheError else { return XCTFail("\(e)") }
            // `mkdir -p` names the component it could not make (its own spelling of the path).
            XCTAssertTrue(path.hasSuffix("/objects") && path.contains((dir.path as NSString).lastPathComponent), path)
            XCTAssertNotEqual(code, 0)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["objects"], "nothing written beside it")
    }

    func testConcurrentPutsAndGetsFromManyThreads() throws {
        let dir = try TemporaryDirectory(self)
        let store = FileSystemContentStore(root: dir.path)
        let blobs = (0..<400).map { pseudoRandomBytes(100 + $0 % 50, seed: UInt64($0 % 200) + 1) }  // half are duplicates
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: blobs.count) { i in
            do {
                let d = try store.put(blobs[i])
                if try store.get(d) != blobs[i] { failures.mutate { $0.append("\(i) read back wrong") } }
            } catch { failures.mutate { $0.append("\(i): \(error)") } }
        }
        XCTAssertEqual(failures.value, [])
        XCTAssertEqual(store.allObjects().count, 200)
        XCTAssertEqual(FileIO.list(store.tmpPath), [])
    }
}

/// A value behind a lock, for collecting results from several threads.
final class Locked<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var v: T
    init(_ v: T) { self.v = v }
    var value: T { lock.lock(); defer { lock.unlock() }; return v }
    func mutate(_ f: (inout T) -> Void) { lock.lock(); f(&v); lock.unlock() }
}
