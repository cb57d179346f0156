import Hashing
import Lowerings
import Foundation
import Tasks

/// The run summary a compile writes (`--summary`, schema `orchestrate.summary/1`): one JSON object
/// holding the run's facts (`RunSummary`: tasks, totals, kept files) and the Plan's
/// (`PlanReport`: trees, gaps, diagnostics) side by side. Keys are sorted, so neither part's
/// fields move the other's.
public struct CompileSummary: Codable, Sendable, Equatable {
    public var run: RunSummary
    public var plan: PlanReport

    public init(run: RunSummary, plan: PlanReport) {
        self.run = run
        self.plan = plan
    }

    public init(from decoder: Decoder) throws {
        run = try RunSummary(from: decoder)
        plan = try PlanReport(from: decoder)
    }

    public func encode(to encoder: Encoder) throws {
        try run.encode(to: encoder)
        try plan.encode(to: encoder)
    }

    public func encoded() throws -> [UInt8] { try StableJSON.encode(self) }

    /// Parses a summary file; `path` names it in errors.
    public static func decode(_ bytes: [UInt8], path: String) throws -> CompileSummary {
        let run = try RunSummary.decode(bytes, path: path)
        do {
            return CompileSummary(run: run, plan: try JSONDecoder().decode(PlanReport.self, from: Data(bytes)))
        } catch {
            throw TaskError.invalidSummary(path: path, reason: "\(error)")
        }
    }

    public var planDigest: Digest? { run.planDigest }
    public var totals: RunSummary.Totals { run.totals }
    public var tasks: [RunSummary.Task] { run.tasks }
    public var kept: [RunSummary.KeptFile]? { run.kept }
    public var platforms: [Platform: PlanReport.Tree] { plan.platforms }
    public var gaps: [Gap] { plan.gaps }
    public var diagnostics: [DiagnosticRecord] { plan.diagnostics }
}
