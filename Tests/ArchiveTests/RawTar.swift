@testable import Archive
import Foundation

/// Builds tar streams byte by byte, independently of the writer under test, so tests can
/// produce malformed and hostile archives: any type flag, mode, size, magic or checksum.
struct RawTar {
    private(set) var bytes: [UInt8] = []

    mutating func add(
        _ name: String,
        body: [UInt8] = [],
        mode: UInt32 = 0o644,
        type: Character = "0",
        size: UInt64? = nil,
        link: String = "",
        magic: [UInt8] = Array("ustar\u{0}00".utf8),
        checksumDelta: Int = 0
    ) {
        var h = [UInt8](repeating: 0, count: 512)
        func put(_ s: [UInt8], _ at: Int) { for (i, b) in s.enumerated() { h[at + i] = b } }
        func octal(_ v: UInt64, _ width: Int) -> [UInt8] {
            let d = String(v, radix: 8)
            return Array((String(repeating: "0", count: width - 1 - d.count) + d).utf8) + [0]
        }
        put(Array(name.utf8), 0)
        put(octal(UInt64(mode), 8), 100)
        put(octal(0, 8), 108)
        put(octal(0, 8), 116)
        put(octal(size ?? UInt64(body.count), 12), 124)
        put(octal(0, 12), 136)
        put(Array("        ".utf8), 148)
        h[156] = type.asciiValue!
        put(Array(link.utf8), 157)
        put(magic, 257)
        let sum = h.reduce(0) { $0 + Int($1) } + checksumDelta
        put(octal(UInt64(sum), 7) + [0x20], 148)
        bytes += h + body + [UInt8](repeating: 0, count: (512 - body.count % 512) % 512)
    }

    mutating func file(_ name: String, _ text: String, mode: UInt32 = 0o644) {
        add(name, body: Array(text.utf8), mode: mode)
    }

    mutating func end() { bytes += [UInt8](repeating: 0, count: 1024) }

    func gzipped() throws -> [UInt8] {
        let gzip = try GzipWriter()
        try gzip.write(bytes)
        return try gzip.finish()
    }

    /// A well-formed archive with the given files and a trailer.
    static func archive(_ files: [(String, String)], revision: String? = nil) throws -> [UInt8] {
        var tar = RawTar()
        if let revision { tar.file("REVISION", revision + "\n") }
        for (name, text) in files { tar.file(name, text) }
        tar.end()
        return try tar.gzipped()
    }
}

/// A fresh directory per test; `target` is where extraction goes and must stay absent after a
/// rejection, and nothing may appear next to it.
struct Sandbox {
    let root: String
    var target: String { root + "/out" }

    init() throws {
        root = NSTemporaryDirectory() + "archive-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    func contents() -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? []).sorted()
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }

    func write(_ relative: String, _ text: String, mode: Int = 0o644) throws {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }
}

/// Runs a tool and returns its exit status and standard output.
@discardableResult
func runTool(_ tool: String, _ arguments: [String], in directory: String? = nil) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
