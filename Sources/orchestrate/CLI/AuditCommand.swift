import Cache
import Foundation
import Lowerings
import Pipeline
import Tasks

/// `orchestrate audit DIR [--plan PLAN] [--json]`
public enum AuditCommand: Command {
    public static let name = "audit"
    public static let abstract = "check every file of a compiled output against its provenance (and a Plan)"

    static let plan = Option<String>("plan", "PLAN", "also prove that DIR is what PLAN compiles to")
    static let json = Flag("json", "print {clean, trees: [{platform, provenance, files}], findings: [{code, tree,\npath, message}]}")

    public static let options = [plan.declaration, json.declaration]
    public static let positionals = 1...1
    public static let usage: [Usage] = [.all("DIR")]
    public static let discussion = """
    Walks DIR without following links: a symbolic link (to a file or a directory), FIFO, socket
    or device anywhere, a name no compile writes (.orchestrate-tmp-*, not UTF-8, control
    characters) and a setuid, setgid, sticky or world-writable mode are findings. A tree whose
    folder is there, or that the root provenance says was emitted, must have provenance.

    For every composed tree of DIR that has a FOUNDATION_PROVENANCE.json (the root, ios/,
    android/), checks every file against its provenance: digest, mode, origin and owner; Core
    files against the pinned Core archive in cas/; the Core pin; the native input digest. Files
    present but not recorded are findings too (.orchestrate/ and the provenance files aside).

    With --plan, also re-derives the whole output from PLAN and the pinned Cores, in memory, and
    proves DIR is exactly that: every file's digest and mode, every provenance record (task_key,
    inputs, owner, …), nothing missing, nothing extra. This catches a provenance file edited to
    match a tampered file.

    Each finding is one line: `<code> <path>: <what was seen>`. Codes:
    \(codes)
    """
    /// Every finding code, from `AuditCode`, two spaces apart in lines of at most 96 columns.
    static var codes: String {
        var lines = [""]
        for code in AuditCode.allCases.map(\.rawValue) {
            if lines[lines.count - 1].count + 2 + code.count > 96 { lines.append("") }
            lines[lines.count - 1] += "  " + code
        }
        return lines.joined(separator: "\n")
    }

    public static let epilogue = """
    exit codes: 0 clean, 1 findings, 64 usage, 65 invalid PLAN, 66 DIR, PLAN or every provenance
    file missing, 74 I/O.
    """

    struct TreeReport: Encodable {
        let platform: String
        let provenance: String
        let files: Int
    }

    struct Report: Encodable {
        let clean: Bool
        let trees: [TreeReport]
        let findings: [AuditFinding]
    }

    public static func run(_ args: Arguments, _ ctx: Context) throws -> Int32 {
        let display = args.positionals[0]
        let plan = try args.value(Self.plan).map {
            PlanFile(bytes: try UserFile.read(ctx.path($0), display: $0, what: "Plan", limit: PlanLimits.fileBytes), name: $0)
        }
        let seed = SeedLocation.find(environment: ctx.environment).map { SeedStore(root: $0) }
        if seed == nil { ctx.err("orchestrate audit: warning: no seed store cas/ found; Core files are checked against provenance only\n") }
        // What the seed noticed (a damaged object), as a compile reports it, before any error.
        defer { for e in seed?.events.all ?? [] { ctx.err("orchestrate: \(ErrorMessage.of(e))\n") } }
        let result = try OutputAudit.audit(root: ctx.path(display), name: display, plan: plan, seed: seed)
        let (trees, findings) = (result.trees, result.findings)
        let treeReports = trees.map { TreeReport(platform: $0.platform.rawValue, provenance: $0.provenancePath, files: $0.files.count) }
        if args.flag(json) {
            ctx.out(try StableJSON.string(Report(clean: findings.isEmpty, trees: treeReports, findings: findings)))
        } else {
            for f in findings { ctx.out(f.description + "\n") }
            let summary = treeReports.map { "\($0.platform) (\($0.files) files)" }.joined(separator: ", ")
            let checked = (summary.isEmpty ? "no provenance" : summary) + (plan == nil ? "" : "; re-derived from \(try args.value(Self.plan)!)")
            ctx.out(findings.isEmpty ? "audit: clean: \(checked)\n" : "audit: \(findings.count) finding\(findings.count == 1 ? "" : "s"): \(checked)\n")
        }
        return findings.isEmpty ? ExitCode.success : ExitCode.negative
    }
}

