import StoreModel

/// How a task's output was obtained.
public enum TaskStatus: String, Sendable, Codable, Hashable {
    case rendered, local, seed, remote, failed

    init(layer: StoreLayer) {
        switch layer {
        case .local: self = .local
        case .seed: self = .seed
        case .remote: self = .remote
        }
    }

    public var isReuse: Bool { self == .local || self == .seed || self == .remote }
}

/// The outcome of one task in one run.
///
/// A class for the reason `FileTask` is one (a run copies its results into the record, the
/// summary, composition and the writer).
public final class TaskResult: Sendable, Hashable {
    public let id: String
    public let family: String
    public let platform: String
    public let path: String
    public let mode: FileMode
    public let key: TaskKey
    public let output: Digest?
    public let size: UInt64
    public let status: TaskStatus
    /// The Plan digest of the run that first rendered the output, when known.
    public let renderedIn: Digest?
    public let error: TaskError?

    init(id: String, family: String, platform: String, path: String, mode: FileMode, key: TaskKey, output: Digest?,
         size: UInt64, status: TaskStatus, renderedIn: Digest?, error: TaskError?) {
        self.id = id
        self.family = family
        self.platform = platform
        self.path = path
        self.mode = mode
        self.key = key
        self.output = output
        self.size = size
        self.status = status
        self.renderedIn = renderedIn
        self.error = error
    }

    public static func == (a: TaskResult, b: TaskResult) -> Bool {
        a.id == b.id && a.family == b.family && a.platform == b.platform && a.path == b.path && a.mode == b.mode
            && a.key == b.key && a.output == b.output && a.size == b.size && a.status == b.status
            && a.renderedIn == b.renderedIn && a.error == b.error
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(key.digest)
        hasher.combine(output)
    }
}

/// Everything a run produced: one result per task in graph order, the bytes rendered in this run
/// up to the executor's budget (`Executor.keepRenderedBytes`; so the writer does not read them
/// back), and the failures.
public struct RunRecord: Sendable {
    public let results: [TaskResult]
    public let renderedBytes: [Digest: [UInt8]]
    public var failures: [TaskError] { results.compactMap(\.error) }

    public func count(_ status: TaskStatus) -> Int { results.lazy.filter { $0.status == status }.count }
}

/// A snapshot for a progress line.
public struct ExecutorProgress: Sendable {
    public let done: Int
    public let total: Int
    public let reused: Int
}
