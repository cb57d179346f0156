import Hashing

/// Why each task of a head run was rendered or reused, against a base run.
public struct Explanation: Sendable, Equatable, Codable {
    public struct InputChange: Sendable, Hashable, Codable {
        public enum Kind: String, Sendable, Codable { case added, removed, changed }
        public let name: String
        public let kind: Kind
        public let base: Digest?
        public let head: Digest?
    }

    /// A group of tasks rendered for the same reason.
    public struct Group: Sendable, Equatable, Codable {
        /// `new_task`, `inputs_changed`, `release_changed`, `path_changed`, `key_unchanged`.
        public let reason: String
        public let changes: [InputChange]
        public let releases: [String]?
        public let tasks: [String]
    }

    public let reused: [String]
    public let rendered: [Group]
    public let failed: [String]
    public let removed: [String]

    public init(base: RunSummary, head: RunSummary) {
        let baseTasks = Dictionary(base.tasks.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var reused: [String] = []
        var failed: [String] = []
        var groups: [String: (reason: String, changes: [InputChange], releases: [String]?, tasks: [String])] = [:]
        func add(_ reason: String, _ changes: [InputChange], _ releases: [String]?, _ id: String) {
            let sig = reason + "|" + changes.map { "\($0.name):\($0.kind)" }.joined(separator: ",") + "|" + (releases?.joined(separator: ">") ?? "")
            groups[sig, default: (reason, changes, releases, [])].tasks.append(id)
        }
        for t in head.tasks.sorted(by: { $0.id < $1.id }) {
            if t.status.isReuse { reused.append(t.id); continue }
            if t.status == .failed { failed.append(t.id); continue }
            guard let b = baseTasks[t.id] else { add("new_task", [], nil, t.id); continue }
            if b.key == t.key { add("key_unchanged", [], nil, t.id); continue }
            let changes = Self.diff(b.inputs, t.inputs)
            if b.release != t.release {
                add("release_changed", changes, [b.release, t.release], t.id)
            } else if !changes.isEmpty {
                add("inputs_changed", changes, nil, t.id)
            } else {
                add("path_changed", [], nil, t.id)
            }
        }
        let headIDs = Set(head.tasks.map(\.id))
        self.reused = reused
        self.failed = failed
        self.removed = base.tasks.map(\.id).filter { !headIDs.contains($0) }.sorted()
        self.rendered = groups.values
            .map { Group(reason: $0.reason, changes: $0.changes, releases: $0.releases, tasks: $0.tasks) }
            .sorted { ($0.tasks.count, $1.tasks.first ?? "") > ($1.tasks.count, $0.tasks.first ?? "") }
    }

    static func diff(_ base: [String: Digest], _ head: [String: Digest]) -> [InputChange] {
        var out: [InputChange] = []
        for name in Set(base.keys).union(head.keys).sorted() {
            switch (base[name], head[name]) {
            case let (nil, h?): out.append(InputChange(name: name, kind: .added, base: nil, head: h))
            case let (b?, nil): out.append(InputChange(name: name, kind: .removed, base: b, head: nil))
            case let (b?, h?) where b != h: out.append(InputChange(name: name, kind: .changed, base: b, head: h))
            default: break
            }
        }
        return out
    }

    /// A report a person reads in seconds: counts first, then one block per reason.
    public func text() -> String {
        let renderedCount = rendered.reduce(0) { $0 + $1.tasks.count }
        var lines = ["\(renderedCount) rendered, \(reused.count) reused, \(failed.count) failed, \(removed.count) removed"]
        for g in rendered {
            let head: String
            switch g.reason {
            case "new_task": head = "new tasks (not in the base run)"
            case "key_unchanged": head = "key unchanged, output was not in the store"
            case "release_changed": head = "renderer release changed \(g.releases?.joined(separator: " -> ") ?? "")"
                + (g.changes.isEmpty ? "" : "; inputs " + Self.describe(g.changes))
            case "path_changed": head = "output path or mode changed"
            default: head = "inputs " + Self.describe(g.changes)
            }
            lines.append("")
            lines.append("\(head): \(g.tasks.count) task\(g.tasks.count == 1 ? "" : "s")")
            lines += g.tasks.map { "  \($0)" }
        }
        if !failed.isEmpty { lines += ["", "failed:"] + failed.map { "  \($0)" } }
        if !removed.isEmpty { lines += ["", "removed (in base, not in head):"] + removed.map { "  \($0)" } }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func describe(_ changes: [InputChange]) -> String {
        changes.map { "\($0.name) \($0.kind.rawValue)" }.joined(separator: ", ")
    }
}
