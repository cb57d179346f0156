import Foundation

/// Why a file could not be hashed: the operation that failed on which path, and its errno.
public enum FileReadError: Error, Hashable, Sendable, CustomStringConvertible {
    case io(path: String, operation: String, errno: Int32)

    public var description: String {
        switch self {
        case let .io(path, op, e):
            return "\(op) \(path): \(String(cString: strerror(e))) (errno \(e)); check the path exists and is readable"
        }
    }
}
