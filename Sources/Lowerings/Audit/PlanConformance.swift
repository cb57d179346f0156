import Hashing
import Tasks

/// Proves an output directory is exactly what a Plan compiles to: the expected tree (re-derived
/// from the Plan and the pinned Cores) against the files found. Every file's digest and mode,
/// nothing missing, nothing extra; provenance files are compared record by record (every
/// `task_key`, digest, mode, origin, owner, input) and then byte for byte: provenance is a pure
/// function of the Plan, the Cores and the tool, so the Plan's compile writes exactly these bytes.
/// Pure: values in, `audit.not_from_plan` findings out.
public enum PlanConformance {
    /// `expected` and `actual` are keyed by output path; provenance bytes by the provenance file's
    /// output path.
    public static func compare(expected: [String: TreeDigest.Entry], expectedProvenance: [String: [UInt8]],
                               actual: [String: TreeDigest.Entry], actualProvenance: [String: [UInt8]],
                               pins: [CorePin] = CorePins.all) -> [AuditFinding] {
        var findings: [AuditFinding] = []
        func add(_ path: String, _ message: String) {
            findings.append(AuditFinding(.notFromPlan, tree: CorePins.tree(of: path, pins), path: path, message))
        }
        for (path, want) in expected {
            if let wantBytes = expectedProvenance[path] {
                guard let haveBytes = actualProvenance[path] else {
                    add(path, "the Plan's compile writes this provenance file; it is missing")
                    continue
                }
                for problem in compareProvenance(expected: wantBytes, actual: haveBytes) {
                    add(problem.path.map { mounted(mount(of: path), $0) } ?? path, problem.message)
                }
                continue
            }
            guard let have = actual[path] else {
                add(path, "the Plan compiles to this file (sha256 \(want.digest.hex)); it is missing")
                continue
            }
            if have.digest != want.digest {
                add(path, "has sha256 \(have.digest.hex); the Plan compiles it to \(want.digest.hex)")
            } else if have.mode != want.mode {
                add(path, "has mode \(have.mode.octal); the Plan compiles it with \(want.mode.octal)")
            }
        }
        for path in actual.keys where expected[path] == nil {
            add(path, "the Plan's compile does not produce this file")
        }
        return findings.sorted()
    }

    struct Problem { var path: String?; var message: String }

    /// Differences between two provenance documents: field by field, then (when every field
    /// agrees) byte for byte.
    static func compareProvenance(expected: [UInt8], actual: [UInt8]) -> [Problem] {
        guard let want = try? ProvenanceDocument.decode(expected) else { return [Problem(message: "the re-derived provenance does not parse (a bug)")] }
        guard let have = try? ProvenanceDocument.decode(actual) else { return [Problem(message: "is not valid provenance, so it cannot record this Plan's compile")] }
        var problems: [Problem] = []
        func field<T: Equatable>(_ name: String, _ a: T, _ b: T, _ show: (T) -> String) {
            if a != b { problems.append(Problem(message: "records \(name) \(show(b)); the Plan's compile records \(show(a))")) }
        }
        field("platform", want.platform, have.platform) { $0 }
        field("native_input_digest", want.nativeInputDigest, have.nativeInputDigest) { $0.hex }
        field("plan_digest", want.planDigest, have.planDigest) { $0.hex }
        field("projection_digest", want.projectionDigest, have.projectionDigest) { $0?.hex ?? "null" }
        field("lowering_release", want.loweringRelease, have.loweringRelease) { $0 }
        field("core", want.core, have.core) { "\($0.archiveDigest.hex) (\($0.revision))" }
        let wantProjections = want.projections ?? [:], haveProjections = have.projections ?? [:]
        let differing = Set(wantProjections.keys).union(haveProjections.keys).filter { wantProjections[$0] != haveProjections[$0] }.sorted()
        if !differing.isEmpty {
            problems.append(Problem(message: "records projections that differ from the Plan's compile: \(differing.joined(separator: ", "))"))
        }
        let wantFiles = Dictionary(want.files.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        let haveFiles = Dictionary(have.files.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        for (path, w) in wantFiles.sorted(by: { $0.key < $1.key }) {
            guard let h = haveFiles[path] else {
                problems.append(Problem(path: path, message: "the provenance has no record of this file; the Plan's compile records one"))
                continue
            }
            guard h != w else { continue }
            var parts: [String] = []
            if h.sha256 != w.sha256 { parts.append("sha256 \(h.sha256.hex), the Plan gives \(w.sha256.hex)") }
            if h.taskKey != w.taskKey { parts.append("task_key \(h.taskKey?.hex ?? "null"), the Plan gives \(w.taskKey?.hex ?? "null")") }
            if h.mode != w.mode { parts.append("mode \(h.mode.octal), the Plan gives \(w.mode.octal)") }
            if h.origin != w.origin { parts.append("origin \(h.origin), the Plan gives \(w.origin)") }
            if h.owner != w.owner { parts.append("owner \(h.owner), the Plan gives \(w.owner)") }
            if h.inputs != w.inputs { parts.append("inputs differ from the Plan's") }
            problems.append(Problem(path: path, message: "provenance records " + parts.joined(separator: "; ")))
        }
        for path in haveFiles.keys.sorted() where wantFiles[path] == nil {
            problems.append(Problem(path: path, message: "the provenance records this file; the Plan's compile does not produce it"))
        }
        if problems.isEmpty && expected != actual {
            let form = have.schema == want.schema ? "is written otherwise" : "has schema \(have.schema)"
            problems.append(Problem(message: "records what the Plan's compile records but \(form): sha256 \(Digest.of(actual).hex), "
                                    + "the Plan's compile writes \(Digest.of(expected).hex) (\(want.schema)); compile the Plan again to rewrite it"))
        }
        return problems
    }

    private static func mount(of provenancePath: String) -> String {
        guard let slash = provenancePath.lastIndex(of: "/") else { return "" }
        return String(provenancePath[..<slash])
    }
}
