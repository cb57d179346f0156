import Foundation
@testable import CLI

/// Runs the CLI in-process with captured output.
final class CLIHarness: @unchecked Sendable {
    let root: String
    private let lock = NSLock()
    private(set) var out = ""
    private(set) var err = ""
    var environment: [String: String]

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("cli-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        environment = ["HOME": root + "/home", "NO_COLOR": "1"]
    }

    func cleanUp() { try? FileManager.default.removeItem(atPath: root) }

    @discardableResult
    func run(_ args: String...) -> Int32 { run(args) }

    func run(_ args: [String]) -> Int32 {
        lock.lock(); out = ""; err = ""; lock.unlock()
        let ctx = Context(environment: environment, currentDirectory: root, stdoutIsTerminal: false,
                          out: { s in self.lock.lock(); self.out += s; self.lock.unlock() },
                          err: { s in self.lock.lock(); self.err += s; self.lock.unlock() })
        return CLI.main(args, context: ctx)
    }

    func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: root + "/" + path).map { String(decoding: $0, as: UTF8.self) }
    }
}

extension CLIHarness {
    /// Every regular file under `dir` (relative to the harness root; absolute when it starts with
    /// `/`), except our state, with its bytes.
    func tree(_ dir: String) -> [String: Data] {
        let root = dir.hasPrefix("/") ? dir : self.root + "/" + dir
        var out: [String: Data] = [:]
        guard let e = FileManager.default.enumerator(atPath: root) else { return [:] }
        while let p = e.nextObject() as? String {
            if p.hasPrefix(".orchestrate") { continue }
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + p, isDirectory: &isDir), !isDir.boolValue {
                out[p] = FileManager.default.contents(atPath: root + "/" + p)
            }
        }
        return out
    }
}
