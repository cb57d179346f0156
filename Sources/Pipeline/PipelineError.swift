import Hashing
import Lowerings

/// What the pipeline refuses, with the facts; the CLI maps each to an exit code.
public enum PipelineError: Error, Equatable, CustomStringConvertible {
    /// The Plan did not load: every diagnostic, positioned, sorted.
    case invalidPlan(file: String, diagnostics: [Diagnostic])
    /// An input the caller named is not there (`path` as the caller named it).
    case inputMissing(path: String, what: String)
    /// A provenance file that does not decode.
    case invalidProvenance(path: String, reason: String)
    /// An input that is there but could not be read (`reason`: the system's words).
    case unreadable(path: String, what: String, reason: String)
    /// A program a command runs is not installed (`install`: how to get it).
    case toolMissing(tool: String, install: String)
    /// A program a command ran failed on what orchestrate gave it (`reason`: its status and words).
    case toolFailed(tool: String, reason: String)
    /// The store's memo named a provenance document's digest that its encoding does not give:
    /// the memo's key missed an input (a bug in orchestrate). Nothing of it was written.
    case staleProvenanceMemo(path: String, key: Digest, memo: Digest, encoded: Digest)

    public var description: String {
        switch self {
        case let .invalidPlan(file, diagnostics):
            return diagnostics.map(\.description).joined(separator: "\n")
                + "\n\(file): \(diagnostics.count) problem\(diagnostics.count == 1 ? "" : "s"); nothing was written"
        case let .inputMissing(path, what):
            return "\(what) \(path) does not exist; check the path"
        case let .invalidProvenance(path, reason):
            return "\(path): not valid provenance: \(reason)"
        case let .unreadable(path, what, reason):
            return "\(what) \(path) could not be read: \(reason)"
        case let .toolMissing(tool, install):
            return "`\(tool)` is not installed (not found on PATH); \(install)"
        case let .toolFailed(tool, reason):
            return "`\(tool)` failed: \(reason)"
        case let .staleProvenanceMemo(path, key, memo, encoded):
            return "\(path): the store's memo names provenance \(memo.hex) for key \(key.hex), but the document encodes to "
                + "\(encoded.hex); this is a bug in orchestrate (please report it); `orchestrate store gc` clears the memo"
        }
    }
}
