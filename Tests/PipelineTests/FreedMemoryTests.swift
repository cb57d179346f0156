import Foundation
import XCTest
@testable import Pipeline

final class FreedMemoryTests: XCTestCase {
    /// The process's resident set, in bytes (`VmRSS` of `/proc/self/status`).
    private func residentBytes() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        let kB = try XCTUnwrap(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
        return kB * 1024
    }

    /// 64 MB in 4 KB blocks, every page written, then freed with one block kept after them (so
    /// the heap's top is not free and the allocator alone returns nothing): `release` gives at
    /// least half of it back to the system.
    func testReleaseReturnsThePagesOfFreedBlocks() throws {
        let count = 16_384, size = 4096
        var blocks: [UnsafeMutableRawPointer] = []
        blocks.reserveCapacity(count)
        for _ in 0 ..< count {
            let p = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
            p.initializeMemory(as: UInt8.self, repeating: 0xA5, count: size)
            blocks.append(p)
        }
        let pin = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        pin.initializeMemory(as: UInt8.self, repeating: 1, count: size)
        defer { pin.deallocate() }
        for p in blocks { p.deallocate() }
        blocks.removeAll()
        let before = try residentBytes()
        FreedMemory.release(tasks: FreedMemory.largeTaskSet - 1)
        let untouched = try residentBytes()
        FreedMemory.release(tasks: FreedMemory.largeTaskSet)
        let after = try residentBytes()
        XCTAssertLessThan(abs(before - untouched), 8 << 20, "a small run returns nothing: \(before >> 20) MB, then \(untouched >> 20) MB")
        XCTAssertGreaterThan(untouched - after, 32 << 20, "resident \(untouched >> 20) MB before, \(after >> 20) MB after")
    }
}
