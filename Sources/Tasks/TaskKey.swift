import Cache

/// A task's cache key and the named parts it was built from, kept so `explain` can say which
/// input moved.
public struct TaskKey: Hashable, Sendable, Codable {
    public static let domain = "orchestrate.file-task-key"
    public static let version: UInt32 = 1

    public let digest: Digest
    /// Every named input, including the output digests of dependencies.
    public let inputs: [String: Digest]
    public let release: String
    public let path: String
    public let mode: FileMode

    /// The key of `task`, given the output digests of its dependencies (by input name).
    public init(task: FileTask, dependencyDigests: [String: Digest]) {
        var named = task.inputs
        for (name, digest) in dependencyDigests { named[name] = digest }
        var b = DigestBuilder(domain: Self.domain, version: Self.version)
        b.add(task.id)
        b.add(task.family)
        b.add(task.release)
        b.add(task.path)
        b.add(UInt64(task.mode.rawValue))
        b.add(named: named)
        digest = b.finalize()
        inputs = named
        release = task.release
        path = task.path
        mode = task.mode
    }
}
