import Lowerings
import Pipeline

/// `--native-dir DIR` (declared once, shared by `compile`, `graph` and `audit --plan`) and the
/// reading of a PLAN argument into a `PlanFile` with its native directory.
enum PlanOptions {
    static let nativeDir = Option<String>(
        "native-dir", "DIR", "the app's own native code: ios/, android/ (sources, assets/) and web/\n(Stimulus halves); default: native/ beside the Plan, when present")

    /// The Plan named `plan` (refused over `PlanLimits.fileBytes` before it is read whole), with
    /// `--native-dir` or the `native/` beside it.
    static func planFile(_ plan: String, _ args: Arguments, _ ctx: Context) throws -> PlanFile {
        let bytes = try UserFile.read(ctx.path(plan), display: plan, what: "Plan", limit: PlanLimits.fileBytes)
        let native = try args.value(nativeDir).map { NativeDirectory(path: ctx.path($0), display: $0, required: true) }
            ?? NativeDirectory.beside(planPath: ctx.path(plan), display: plan)
        return PlanFile(bytes: bytes, name: plan, native: native)
    }
}
