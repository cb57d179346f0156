import Hashing
import Foundation

/// Every failure the Tasks module reports.
public enum TaskError: Error, Hashable, CustomStringConvertible {
    case duplicateTaskID(String)
    case duplicateOutput(path: String, first: String, second: String)
    case unknownDependency(taskID: String, input: String, missing: String)
    case cycle([String])
    case invalidOutputPath(taskID: String, path: String, reason: String)
    case undeclaredDependency(taskID: String, input: String)
    case pinnedObjectMissing(taskID: String, digest: Digest)
    /// The pinned object was found in a store layer but does not hash to its name (and no layer
    /// had it intact).
    case pinnedObjectDamaged(taskID: String, digest: Digest)
    case renderFailed(taskID: String, message: String)
    case dependencyFailed(taskID: String, dependency: String)
    case storeFailed(taskID: String, message: String)
    /// A hit's object vanished and rendering the task again gave other bytes than the cached entry
    /// recorded (a renderer that is not a pure function of its inputs, or a damaged entry).
    case rerenderMismatch(taskID: String, expected: Digest, got: Digest)
    case runFailed([TaskError])
    case unsafePath(path: String, reason: String)
    case io(path: String, operation: String, errno: Int32)
    case invalidSummary(path: String, reason: String)

    public var description: String {
        switch self {
        case let .duplicateTaskID(id):
            return "task \(id) is declared twice; task ids must be unique"
        case let .duplicateOutput(path, first, second):
            return "tasks \(first) and \(second) both write \(path); every output path has exactly one owner"
        case let .unknownDependency(id, input, missing):
            return "task \(id): input \(input) depends on task \(missing), which does not exist"
        case let .cycle(path):
            return "dependency cycle: \(path.joined(separator: " -> ")); break the cycle by removing one of these inputs"
        case let .invalidOutputPath(id, path, reason):
            return "task \(id): output path \"\(path)\" is invalid: \(reason)"
        case let .undeclaredDependency(id, input):
            return "task \(id) read dependency \(input) which it did not declare; declare it so the key covers it"
        case let .pinnedObjectMissing(id, digest):
            return "task \(id): pinned object \(digest.hex) is in no store layer; restore cas/ from the repository"
        case let .pinnedObjectDamaged(id, digest):
            return "task \(id): pinned object \(digest.hex) is damaged (its bytes hash to another digest) and no store layer has it intact; restore cas/ from the repository"
        case let .rerenderMismatch(id, expected, got):
            return "task \(id): its cached output \(expected.hex) vanished from the store and rendering it again gave \(got.hex); run `orchestrate store verify`, and report the task if it repeats"
        case let .renderFailed(id, message):
            return "task \(id) failed to render: \(message)"
        case let .dependencyFailed(id, dep):
            return "task \(id) did not run because task \(dep) failed"
        case let .storeFailed(id, message):
            return "task \(id): storing the output failed: \(message)"
        case let .runFailed(errors):
            return "\(errors.count) task(s) failed:\n" + TaskError.grouped(errors).map { "  \($0)" }.joined(separator: "\n")
        case let .unsafePath(path, reason):
            return "refusing to write \(path): \(reason)"
        case let .io(path, op, e):
            return "\(op) \(path) failed: \(String(cString: strerror(e))) (errno \(e))"
        case let .invalidSummary(path, reason):
            return "\(path) is not an orchestrate.summary/1 file: \(reason)"
        }
    }

    /// The lines for a failed run: store failures with the same cause as one line (a full disk
    /// fails every task the same way), the tasks skipped because a dependency failed as one line,
    /// and at most `limit` other failures, then a count of the rest.
    static func grouped(_ errors: [TaskError], limit: Int = 20) -> [String] {
        var lines: [String] = []
        var storeCauses: [(message: String, tasks: [String])] = []
        var skipped = 0
        var others: [TaskError] = []
        for error in errors {
            switch error {
            case let .storeFailed(id, message):
                if let i = storeCauses.firstIndex(where: { $0.message == message }) { storeCauses[i].tasks.append(id) }
                else { storeCauses.append((message, [id])) }
            case .dependencyFailed: skipped += 1
            default: others.append(error)
            }
        }
        for cause in storeCauses {
            lines.append(cause.tasks.count == 1 ? "\(TaskError.storeFailed(taskID: cause.tasks[0], message: cause.message))"
                : "\(cause.tasks.count) tasks could not store their outputs: \(cause.message) (first: \(cause.tasks[0]))")
        }
        lines += others.prefix(limit).map { "\($0)" }
        if others.count > limit { lines.append("… and \(others.count - limit) more") }
        if skipped > 0 { lines.append("\(skipped) task(s) did not run because a task they depend on failed") }
        return lines
    }
}
