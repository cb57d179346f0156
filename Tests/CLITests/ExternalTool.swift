import Foundation
import XCTest

/// A real program the tests run on generated output (ruby, git, check-jsonschema, zizmor,
/// shellcheck), found on `PATH` or in the usual system directories.
struct ExternalTool {
    let path: String

    /// The tool, or a skip naming what installs it.
    static func find(_ name: String, installedBy: String = "scripts/test.sh installs it") throws -> ExternalTool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let dirs = path.split(separator: ":").map(String.init) + ["/usr/local/bin", "/usr/bin", "/bin"]
        for dir in dirs where FileManager.default.isExecutableFile(atPath: dir + "/" + name) {
            return ExternalTool(path: dir + "/" + name)
        }
        throw XCTSkip("\(name) is not installed; \(installedBy)")
    }

    /// Runs the tool and returns its status, standard output and standard error.
    @discardableResult
    func run(_ arguments: [String], in directory: String? = nil,
             environment: [String: String]? = nil) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if let environment { process.environment = environment }
        // Standard error goes to a file, so a tool that writes much to both streams never blocks.
        let errFile = FileManager.default.temporaryDirectory.appendingPathComponent("tool-err-" + UUID().uuidString)
        FileManager.default.createFile(atPath: errFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errFile) }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: errFile)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errData = (try? Data(contentsOf: errFile)) ?? Data()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }
}

/// A test server in Python on loopback: started with `arguments`, it prints the port it listens on
/// as its first line. The caller keeps the process and terminates it.
enum LoopbackPythonServer {
    static func start(_ arguments: [String]) throws -> (process: Process, port: Int) {
        guard let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("python3 not installed")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: python)
        p.arguments = arguments
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        var line = Data()
        while !line.contains(0x0a) {
            let chunk = out.fileHandleForReading.availableData
            guard !chunk.isEmpty else { p.terminate(); throw XCTSkip("the Python test server did not start") }
            line += chunk
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            p.terminate()
            throw XCTSkip("the Python test server printed no port")
        }
        return (p, port)
    }
}
