import Hashing
import Foundation

/// The run summary, schema `orchestrate.summary/1`, snake_case keys.
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

    public struct Platform: Codable, Sendable, Equatable {
        /// `emitted`, `declined` or `omitted`.
        public var status: String
        public var files: Int
        public var rendered: Int
        public var nativeInputDigest: Digest?

        public init(status: String, files: Int = 0, rendered: Int = 0, nativeInputDigest: Digest? = nil) {
            self.status = status
            self.files = files
            self.rendered = rendered
            self.nativeInputDigest = nativeInputDigest
        }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(status, forKey: .status)
            try c.encode(files, forKey: .files)
            try c.encode(rendered, forKey: .rendered)
            try c.encode(nativeInputDigest, forKey: .nativeInputDigest)  // null, never absent
        }

        enum CodingKeys: String, CodingKey {
            case status, files, rendered
            case nativeInputDigest = "native_input_digest"
        }
    }

    /// A GapSet entry: something requested that was not (fully) generated.
    public struct Gap: Codable, Sendable, Hashable {
        public var code: String
        public var pointer: String
        public var status: String
        public var message: String
        public var clients: [String]?

        public init(code: String, pointer: String, status: String, message: String, clients: [String]? = nil) {
            self.code = code
            self.pointer = pointer
            self.status = status
            self.message = message
            self.clients = clients
        }
    }

    public struct Diagnostic: Codable, Sendable, Hashable {
        public var file: String
        public var line: Int
        public var column: Int
        public var pointer: String
        public var code: String
        public var severity: String
        public var message: String

        public init(file: String, line: Int, column: Int, pointer: String, code: String, severity: String, message: String) {
            self.file = file
            self.line = line
            self.column = column
            self.pointer = pointer
            self.code = code
            self.severity = severity
            self.message = message
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
        case schema, totals, platforms, gaps, diagnostics, tasks, kept
        case planDigest = "plan_digest", durationMs = "duration_ms"
    }

    public var schema = RunSummary.schemaID
    public var planDigest: Digest?
    public var durationMs: Int64
    public var totals: Totals
    public var platforms: [String: Platform]
    public var gaps: [Gap]
    public var diagnostics: [Diagnostic]
    public var tasks: [Task]
    /// Edited generated files the run left in place, by path (absent in summaries of older
    /// builds and of runs that failed before writing the tree).
    public var kept: [KeptFile]?

    public init(planDigest: Digest?, durationMs: Int64, record: RunRecord,
                platforms: [String: Platform] = [:], gaps: [Gap] = [], diagnostics: [Diagnostic] = []) {
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
        self.platforms = platforms
        self.gaps = gaps
        self.diagnostics = diagnostics
        self.tasks = record.results.map {
            Task(id: $0.id, family: $0.family, platform: $0.platform, path: $0.path, key: $0.key.digest,
                 output: $0.output, status: $0.status, release: $0.key.release, inputs: $0.key.inputs)
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
