import Hashing
import Tasks

/// Loads a Plan: read JSON (positions, pointers) → decode (structure, closed sets) → validate
/// (rules of format v1) → canonicalize and digest. Takes bytes, returns values; never throws for
/// user mistakes and reports every problem at once, sorted by position.
public enum PlanLoader {
    /// `native`: the app's native files (`native/` next to the Plan), checked with the Plan in a
    /// fifth phase (`NativeExtensions.classify`); their problems are diagnostics like the Plan's.
    public static func load(bytes: [UInt8], file: String, native: NativeSources = .none) -> PlanLoadResult {
        guard bytes.count <= PlanLimits.fileBytes else {
            return .failed([Diagnostic(file: file, position: .start, pointer: .root, code: .fileTooLarge,
                                       message: "the Plan is larger than \(PlanLimits.fileBytes) bytes (4 MiB), the most a Plan may hold")])
        }
        let document = JSONReader.read(bytes, file: file)
        guard let root = document.root else { return .failed(document.diagnostics) }
        // The canonical bytes and their digest depend on the document alone: made on another core
        // while the Plan is decoded and validated (and dropped if it is not valid).
        let canonical = Preloaded { () -> (bytes: [UInt8], digest: Digest) in
            let bytes = CanonicalJSON.encode(withoutSchemaReference(root))
            return (bytes, Digest.of(bytes))
        }
        var decoder = PlanDecoder(file: file)
        let plan = decoder.decode(root)
        let positions = PositionIndex(root)
        var diagnostics = document.diagnostics + decoder.diagnostics
        if let plan {
            var validator = PlanValidator(file: file, positions: positions, skipped: decoder.failed,
                                          entityKeysIncomplete: decoder.entityKeysIncomplete,
                                          accountAuthored: decoder.accountAuthored)
            diagnostics += validator.validate(plan)
        }
        var extensions = NativeExtensions()
        if let plan {
            let (classified, problems) = NativeExtensions.classify(native, plan: plan)
            extensions = classified
            diagnostics += problems
        }
        diagnostics.sort()
        guard let plan, !diagnostics.contains(where: { $0.severity == .error }) else { return .failed(diagnostics) }
        return .loaded(LoadedPlan(plan: plan, canonical: canonical.value.bytes, digest: canonical.value.digest, file: file,
                                  document: root, positions: positions, warnings: diagnostics, extensions: extensions))
    }

    /// The document less its top-level `"$schema"`: which schema an editor checks the file with
    /// is not part of the Plan, so adding or moving it leaves the Plan digest (and every key,
    /// provenance record and reuse verdict that follows from it) as it was.
    static func withoutSchemaReference(_ root: JSONValue) -> JSONValue {
        guard case .object(let members) = root.kind, members.contains(where: { $0.key == "$schema" }) else { return root }
        var stripped = root
        stripped.kind = .object(members.filter { $0.key != "$schema" })
        return stripped
    }
}
