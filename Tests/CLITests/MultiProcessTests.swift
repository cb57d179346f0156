import Foundation
import XCTest
@testable import CLI

/// Several real `orchestrate` processes on one store at once, as parallel CI jobs do.
final class MultiProcessTests: XCTestCase {
    func testFourProcessesOnOneStore() throws {
        let bin = try BuiltBinary.path()
        let h = try CLIHarness()
        defer { h.cleanUp() }
        // Two processes with the same keys, two with partly different keys.
        let variants = [0, 0, 1, 2]
        var procs: [Process] = []
        for (i, v) in variants.enumerated() {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: bin)
            p.arguments = ["compile", "--demo", "1500", "--demo-variant", "\(v)", "--jobs", "2",
                           "--out", h.root + "/out\(i)", "--store", h.root + "/shared"]
            let err = Pipe()
            p.standardError = err
            p.standardOutput = FileHandle.nullDevice
            try p.run()
            procs.append(p)
        }
        for (i, p) in procs.enumerated() {
            p.waitUntilExit()
            XCTAssertEqual(p.terminationStatus, 0, "process \(i): " + String(decoding: (p.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }
        XCTAssertEqual(h.run("store", "verify", "--store", h.root + "/shared"), 0, h.out + h.err)
        XCTAssertFalse(h.err.contains("warning"), h.err)
        // Every output equals what a lone process with its own store produces.
        for (i, v) in variants.enumerated() {
            XCTAssertEqual(h.run("compile", "--demo", "1500", "--demo-variant", "\(v)", "--out", "ref\(v)-\(i)", "--store", "solo\(i)"), 0)
            let got = h.tree("out\(i)"), want = h.tree("ref\(v)-\(i)")
            XCTAssertEqual(got.count, 1500)
            XCTAssertTrue(got == want, "process \(i) wrote a different tree")
        }
        // And the shared store now answers every key of every variant.
        XCTAssertEqual(h.run("compile", "--demo", "1500", "--demo-variant", "2", "--out", "again", "--store", h.root + "/shared"), 0)
        XCTAssertTrue(h.out.contains("0 rendered"), h.out)
    }
}
