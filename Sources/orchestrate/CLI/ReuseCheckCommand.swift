import Tasks
import Foundation
import Lowerings
import Pipeline

/// `orchestrate reuse-check --base DIR --head DIR --platform ios|android [--json]`
public enum ReuseCheckCommand: Command {
    public static let name = "reuse-check"
    public static let abstract = "may a native build of --base be reused for --head? (0 reuse, 1 rebuild)"

    static let base = Option<String>("base", "DIR", "the output directory of the commit whose artifact would be reused", required: true)
    static let head = Option<String>("head", "DIR", "the output directory of the commit being built", required: true)
    static let platform = Option<CorePin>.platform("ios|android", "ios or android (rails is accepted too)")
    static let json = Flag("json", "print {platform, reuse, base_digest, head_digest, changes: [{path, owner,\n"
        + "change, inputs_changed, plan_pointers, projection_fields}], notes}")

    public static let options = [base.declaration, head.declaration, platform.declaration, json.declaration]
    public static let positionals = 0...0
    public static let usage: [Usage] = [.all("")]
    public static let discussion = """
    Recomputes the native input digest of the platform's tree in both output directories from
    their files and cross-checks each with its FOUNDATION_PROVENANCE.json. Reuse when the digests
    are equal (and each tree agrees with its provenance); otherwise rebuild, naming every changed
    file with its owner, the task inputs that moved and the Plan pointers behind them:

      /application/appearance/accent → ios.accent_color (Resources/Assets.xcassets/AccentColor.colorset/Contents.json)
    """
    public static let epilogue = """
    exit codes: 0 reuse, 1 rebuild, 64 usage, 65 invalid provenance, 66 a tree missing, 74 I/O.
    """

    public static func run(_ args: Arguments, _ ctx: Context) throws -> Int32 {
        let pin = try args.value(platform)!
        let (baseDir, headDir) = (try args.value(base)!, try args.value(head)!)
        let report = try ComposedTrees.reuse(base: (ctx.path(baseDir), baseDir), head: (ctx.path(headDir), headDir), pin: pin)
        if args.flag(json) {
            ctx.out(try StableJSON.string(report))
        } else {
            if report.reuse {
                ctx.out("\(pin.name): reuse (native input digest \(report.headDigest.hex))\n")
            } else {
                ctx.out("\(pin.name): rebuild (base \(report.baseDigest.hex), head \(report.headDigest.hex))\n")
            }
            for line in report.notes { ctx.out("  note: \(line)\n") }
            for line in report.reasons { ctx.out("  \(line)\n") }
        }
        return report.reuse ? ExitCode.success : ExitCode.negative
    }
}
