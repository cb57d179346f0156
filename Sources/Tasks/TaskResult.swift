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
public struct TaskResult: Sendable, Hashable {
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
}

/// Everything a run produced: one result per task in graph order, the bytes rendered in this run
/// (so the writer does not read them back), and the failures.
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
