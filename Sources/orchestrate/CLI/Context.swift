import Foundation

/// What a command may touch of the outside world: injected so commands are tested in-process.
public final class Context: @unchecked Sendable {
    public let environment: [String: String]
    public let currentDirectory: String
    public let stdoutIsTerminal: Bool
    /// True for the process's own context: large results are left for the process exit to
    /// reclaim (`keepUntilExit`) instead of being freed object by object just before it.
    public let exitsAfterCommand: Bool
    private let lock = NSLock()
    private let writeOut: (String) -> Void
    private let writeErr: (String) -> Void

    public init(environment: [String: String], currentDirectory: String, stdoutIsTerminal: Bool,
                out: @escaping (String) -> Void, err: @escaping (String) -> Void, exitsAfterCommand: Bool = false) {
        self.exitsAfterCommand = exitsAfterCommand
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.stdoutIsTerminal = stdoutIsTerminal
        self.writeOut = out
        self.writeErr = err
    }

    public func out(_ s: String) { lock.lock(); writeOut(s); lock.unlock() }

    /// Keeps `value` alive until the process exits when this context `exitsAfterCommand` (a
    /// compile's task set and run record are hundreds of thousands of objects: freeing them one by
    /// one costs a no-op several percent of its time, and the exit frees them at once). Only for
    /// plain memory: nothing that holds a file, a lock or a connection. In-process (tests) the
    /// value is released as usual.
    public func keepUntilExit(_ value: Any) {
        guard exitsAfterCommand else { return }
        lock.lock(); Self.kept.append(value); lock.unlock()
    }
    nonisolated(unsafe) private static var kept: [Any] = []
    public func err(_ s: String) { lock.lock(); writeErr(s); lock.unlock() }

    /// Colors only on a terminal and only when NO_COLOR is unset or empty.
    public var useColor: Bool { stdoutIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty }

    /// Resolves a user path against the current directory.
    public func path(_ p: String) -> String {
        if p.hasPrefix("/") { return Self.normalize(p) }
        if p == "~" || p.hasPrefix("~/"), let home = environment["HOME"] { return Self.normalize(home + p.dropFirst()) }
        return Self.normalize(currentDirectory + "/" + p)
    }

    static func normalize(_ p: String) -> String {
        var parts: [Substring] = []
        for c in p.split(separator: "/") where c != "." {
            if c == ".." { if !parts.isEmpty { parts.removeLast() } } else { parts.append(c) }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The process's real context.
    public static func live() -> Context {
        Context(environment: ProcessInfo.processInfo.environment,
                currentDirectory: FileManager.default.currentDirectoryPath,
                stdoutIsTerminal: isatty(1) == 1,
                out: { s in writeAll(1, s) },
                err: { s in writeAll(2, s) },
                exitsAfterCommand: true)
    }

    /// Writes to a standard stream with write(2), retrying interrupted and partial writes.
    /// FileHandle.write traps when the write fails (a full disk behind a redirect, a closed pipe);
    /// a lost line of output must not crash a run whose work is done, so failures are dropped.
    static func writeAll(_ fd: Int32, _ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n > 0 { bytes = bytes.dropFirst(n) } else if n < 0, errno == EINTR { continue } else { return }
        }
    }
}
