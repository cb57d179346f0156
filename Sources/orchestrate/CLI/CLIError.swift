import Foundation

/// Errors the CLI itself raises; library errors are mapped in `ExitCode`.
public enum CLIError: Error, Equatable, CustomStringConvertible {
    case usage(String, hint: String?)
    case inputMissing(path: String, what: String)
    case invalidInput(String)
    case negative(String)
    /// A file the user named to read is a directory, socket or block device.
    case notReadable(path: String, what: String, kind: FileKind)
    /// Reading a file the user named failed (other than its absence).
    case readFailed(path: String, what: String, errno: Int32)
    /// A file the user named to read is larger than we read (`/dev/zero`).
    case inputTooLarge(path: String, what: String, kind: FileKind, limit: Int)
    /// Writing a file the user named failed (`what`: "summary", "artifact", …).
    case writeFailed(path: String, what: String, errno: Int32)
    /// The path the user named for a file to write is something we do not write into.
    case notWritable(path: String, what: String, kind: FileKind)
    /// A file the command creates is there already (`init` never overwrites).
    case exists(path: String, what: String)

    public var description: String {
        switch self {
        case let .usage(m, hint): return m + (hint.map { "\nhint: \($0)" } ?? "")
        case let .inputMissing(path, what): return "\(what) \(path) does not exist; check the path"
        case let .invalidInput(m): return m
        case let .negative(m): return m
        case let .notReadable(path, what, kind):
            return "\(what) \(path) is \(kind.withArticle), not a file; check the path"
        case let .readFailed(path, what, e):
            return "cannot read \(what) \(path): \(String(cString: strerror(e))) (errno \(e))"
        case let .inputTooLarge(path, what, kind, limit):
            return kind == .regular
                ? "\(what) \(path) is larger than \(limit) bytes; a \(what) is never that large"
                : "\(what) \(path) is \(kind.withArticle) that gave more than \(limit) bytes; a \(what) is never that large"
        case let .writeFailed(path, what, e):
            return "cannot write the \(what) to \(path): \(String(cString: strerror(e))) (errno \(e))"
        case let .notWritable(path, what, kind):
            return "\(path) is \(kind.withArticle); the \(what) goes to a file (replaced atomically), a FIFO or a character device"
        case let .exists(path, what):
            return "\(path) exists; the \(what) is never written over: pick another place or move it away"
        }
    }
}
