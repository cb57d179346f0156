import Hashing

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
        digest = Digest.of(Self.preimage(task, named))
        inputs = named
        release = task.release
        path = task.path
        mode = task.mode
    }

    /// A key as recorded (`RunRecord(unpacking:renderedBytes:)`).
    init(digest: Digest, inputs: [String: Digest], release: String, path: String, mode: FileMode) {
        self.digest = digest
        self.inputs = inputs
        self.release = release
        self.path = path
        self.mode = mode
    }

    /// The bytes `DigestBuilder` frames for a key (domain, version; id, family, release, path,
    /// mode; the named inputs sorted by the bytes of the name), written into one buffer: keys are
    /// made for every task of every run. `TaskKeyTests` checks it against `DigestBuilder`.
    static func preimage(_ task: FileTask, _ named: [String: Digest]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(160 + task.id.utf8.count + task.family.utf8.count + task.release.utf8.count
                            + task.path.utf8.count + named.count * 64)
        func be(_ v: UInt64, _ bytes: Int) {
            for k in stride(from: bytes - 1, through: 0, by: -1) { out.append(UInt8(truncatingIfNeeded: v >> (8 * UInt64(k)))) }
        }
        func field(_ kind: UInt8, _ s: String) {
            out.append(kind)
            be(UInt64(s.utf8.count), 8)
            out.append(contentsOf: s.utf8)
        }
        be(UInt64(domain.utf8.count), 4)
        out.append(contentsOf: domain.utf8)
        be(UInt64(version), 4)
        field(0x01, task.id)
        field(0x01, task.family)
        field(0x01, task.release)
        field(0x01, task.path)
        out.append(0x04); be(8, 8); be(UInt64(task.mode.rawValue), 8)
        out.append(0x06); be(8, 8); be(UInt64(named.count), 8)
        for (name, d) in named.sorted(by: { $0.key.utf8Precedes($1.key) }) {
            field(0x01, name)
            out.append(0x03); be(32, 8); d.withUnsafeBytes { out.append(contentsOf: $0) }
        }
        return out
    }
}
