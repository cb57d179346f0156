import Hashing
import Foundation

/// The run's part of the run summary, schema `orchestrate.summary/1`, snake_case keys: every
/// task with its key, inputs, how its output was obtained and which run first rendered it, the
/// totals, and the generated files left as a person edited them: the run's history, which the
/// output tree never records. Knows no Plan: a compile writes it beside the Plan's part
/// (trees, gaps, diagnostics; `Lowerings.PlanReport`) in one object.
public struct RunSummary: Codable, Sendable, Equatable {
    public static let schemaID = "orchestrate.summary/1"

    public struct Totals: Codable, Sendable, Equatable {
        public var tasks = 0
        public var rendered = 0
        public var reusedLocal = 0
        public var reusedSeed = 0
        public var reusedRemote = 0
        public var failed = 0

        public init() {}

        enum CodingKeys: String, CodingKey {
            case tasks, rendered, failed
            case reusedLocal = "reused_local", reusedSeed = "reused_seed", reusedRemote = "reused_remote"
        }
    }

    public struct Task: Codable, Sendable, Equatable {
        public var id: String
        public var family: String
        public var platform: String
        public var path: String
        public var key: Digest
        public var output: Digest?
        public var status: TaskStatus
        public var release: String
        public var inputs: [String: Digest]
        /// The run digest (the Plan digest) of the run that first rendered the output: this run's
        /// for `rendered`, an earlier run's for a reuse; absent when no run recorded one.
        public var renderedIn: Digest?
        /// The inputs that are other tasks' outputs: input name → that task's id (the graph's
        /// edges, so a report can draw it from the summary alone); absent when there are none.
        public var dependencies: [String: String]?

        enum CodingKeys: String, CodingKey {
            case id, family, platform, path, key, output, status, release, inputs, dependencies
            case renderedIn = "rendered_in"
        }
    }

    /// A generated file left as a person edited it instead of being written or removed.
    public struct KeptFile: Codable, Sendable, Hashable {
        public enum Reason: String, Codable, Sendable {
            /// The Plan still produces it; not overwritten.
            case edited
            /// The Plan no longer produces it; not removed.
            case editedNoLongerProduced = "edited_no_longer_produced"
        }

        public var path: String
        public var reason: Reason

        public init(path: String, reason: Reason) {
            self.path = path
            self.reason = reason
        }
    }

    enum CodingKeys: String, CodingKey {
        case schema, totals, tasks, kept
        case planDigest = "plan_digest", durationMs = "duration_ms"
    }

    public var schema = RunSummary.schemaID
    public var planDigest: Digest?
    public var durationMs: Int64
    public var totals: Totals
    public var tasks: [Task]
    /// Edited generated files the run left in place, by path (absent in summaries of older
    /// builds and of runs that failed before writing the tree).
    public var kept: [KeptFile]?

    /// `dependencies`: each task's inputs that are other tasks' outputs (`FileTask.dependencies`).
    /// Without `listingTasks`, `tasks` is empty and only the totals are counted (a compile that
    /// writes no summary and no statement reads nothing else: at 5,000 entities the list is 45,000
    /// records, made at the end of the run, where its memory peaks).
    public init(planDigest: Digest?, durationMs: Int64, record: RunRecord, dependencies: [String: [String: String]] = [:],
                listingTasks: Bool = true) {
        self.planDigest = planDigest
        self.durationMs = durationMs
        var totals = Totals()
        totals.tasks = record.results.count
        for r in record.results {
            switch r.status {
            case .rendered: totals.rendered += 1
            case .local: totals.reusedLocal += 1
            case .seed: totals.reusedSeed += 1
            case .remote: totals.reusedRemote += 1
            case .failed: totals.failed += 1
            }
        }
        self.totals = totals
        guard listingTasks else {
            tasks = []
            return
        }
        self.tasks = record.results.map {
            Task(id: $0.id, family: $0.family, platform: $0.platform, path: $0.path, key: $0.key.digest,
                 output: $0.output, status: $0.status, release: $0.key.release, inputs: $0.key.inputs, renderedIn: $0.renderedIn,
                 dependencies: dependencies[$0.id].flatMap { $0.isEmpty ? nil : $0 })
        }.sorted { $0.id < $1.id }
    }

    public func encoded() throws -> [UInt8] {
        try StableJSON.encode(self)
    }

    public static func decode(_ bytes: [UInt8], path: String) throws -> RunSummary {
        let d = JSONDecoder()
        let s: RunSummary
        do {
            s = try d.decode(RunSummary.self, from: Data(bytes))
        } catch let DecodingError.keyNotFound(key, ctx) {
            throw TaskError.invalidSummary(path: path, reason: "missing \(Self.pointer(ctx.codingPath + [key]))")
        } catch let DecodingError.typeMismatch(_, ctx), let DecodingError.valueNotFound(_, ctx), let DecodingError.dataCorrupted(ctx) {
            throw TaskError.invalidSummary(path: path, reason: "\(Self.pointer(ctx.codingPath)): \(ctx.debugDescription)")
        } catch {
            throw TaskError.invalidSummary(path: path, reason: "\(error)")
        }
        guard s.schema == schemaID else {
            throw TaskError.invalidSummary(path: path, reason: "schema is \"\(s.schema)\", expected \"\(schemaID)\"")
        }
        return s
    }

    private static func pointer(_ path: [CodingKey]) -> String {
        "/" + path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "/")
    }
}
