import Foundation
import XCTest
@testable import Cache

/// A fresh folder under the system temporary directory, removed when the test ends.
final class TemporaryDirectory {
    let path: String

    init(_ test: XCTestCase) throws {
        var template = Array((NSTemporaryDirectory() + "/cache-tests-XXXXXX").utf8CString)
        guard let p = mkdtemp(&template) else { throw CacheError.io(path: NSTemporaryDirectory(), operation: "mkdtemp", errno: errno) }
        path = String(cString: p)
        let removal = path
        test.addTeardownBlock { try? FileManager.default.removeItem(atPath: removal) }
    }

    func sub(_ name: String) -> String { path + "/" + name }
}

/// A clock tests move by hand (milliseconds since 1970).
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var ms: Int64

    init(_ start: Int64 = 1_700_000_000_000) { ms = start }

    var now: Int64 { lock.lock(); defer { lock.unlock() }; return ms }
    func advance(_ delta: Int64) { lock.lock(); ms += delta; lock.unlock() }
    var closure: @Sendable () -> Int64 { { [self] in self.now } }
}

/// Deterministic pseudo-random bytes (xorshift), so tests never depend on an unseeded generator.
func pseudoRandomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
    var x = (seed &+ 1) &* 0x9E37_79B9_7F4A_7C15 | 1   // distinct seeds, distinct streams
    var out = [UInt8]()
    out.reserveCapacity(count)
    for _ in 0..<count {
        x ^= x << 13; x ^= x >> 7; x ^= x << 17
        out.append(UInt8(truncatingIfNeeded: x))
    }
    return out
}

/// Overwrites one byte of a file in place.
func flipByte(at offset: Int, in path: String) throws {
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    bytes[offset] ^= 0xff
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// Cuts a file to `length` bytes.
func truncateFile(_ path: String, to length: Int) {
    precondition(truncate(path, off_t(length)) == 0, "truncate \(path)")
}

func fileExists(_ path: String) -> Bool { access(path, F_OK) == 0 }
