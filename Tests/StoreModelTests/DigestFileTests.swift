import XCTest
import StoreModel

/// Hashing files (`Digest.ofFile`, `SHA256Hasher.updateFromFile`) reads the disk, so it is not `Hashing`'s.
final class DigestFileTests: XCTestCase {
    func testFileDigestMatchesInMemory() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let data = Data((0..<3_000_001).map { UInt8(truncatingIfNeeded: $0) })
        let path = dir.appendingPathComponent("f").path
        try data.write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try Digest.ofFile(at: path), Digest.of([UInt8](data)))
        XCTAssertThrowsError(try Digest.ofFile(at: dir.appendingPathComponent("missing").path))
    }

    func testMissingFileIsAnIOError() {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("missing-" + UUID().uuidString).path
        XCTAssertThrowsError(try Digest.ofFile(at: missing)) { error in
            guard case let .io(path, operation, code)? = error as? FileReadError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, missing)
            XCTAssertEqual(operation, "open")
            XCTAssertEqual(code, ENOENT)
        }
    }
}
