import Tasks
import Cache
import Foundation
import Lowerings
import Pipeline

/// `orchestrate digest DIR --platform ios|android|rails [--json]`
public enum DigestCommand: Command {
    public static let name = "digest"
    public static let abstract = "recompute a tree's native input digest from its files"

    static let platform = Option<CorePin>.platform("ios|android|rails", "ios, android or rails")
    static let json = Flag("json", "print {platform, digest, recorded, matches, files}")

    public static let options = [platform.declaration, json.declaration]
    public static let positionals = 1...1
    public static let usage: [Usage] = [.all("DIR")]
    public static let discussion = """
    Recomputes the native input digest ("tree digest v1") of one composed tree of the output
    directory DIR from its files: DIR/ios, DIR/android, or for rails DIR without ios/, android/,
    .orchestrate/ and the provenance file. A native tree leaves out what its own .gitignore
    ignores (what `xcodegen generate` or a Gradle build writes), so the value stays the one the
    generated workflow computes from `git ls-files --cached --others --exclude-standard`, and on
    a fresh output it equals the shell pipeline in DESIGN.md. Prints it. Exits 1 when the tree's
    FOUNDATION_PROVENANCE.json records another digest.
    """
    public static let epilogue = """
    exit codes: 0 digest printed (and matches the provenance, if any), 1 it disagrees with the
    provenance, 64 usage, 65 invalid provenance, 66 DIR or the tree missing, 74 I/O.
    """

    public static func run(_ args: Arguments, _ ctx: Context) throws -> Int32 {
        let pin = try args.value(platform)!
        let display = args.positionals[0]
        let check = try ComposedTrees.digestCheck(root: ctx.path(display), name: display, pin: pin)
        let (tree, digest, recorded) = (check.tree, check.digest, check.recorded)
        let matches = recorded.map { $0 == digest }
        if args.flag(json) {
            struct Out: Encodable {
                let platform: String, digest: Digest, recorded: Digest?, matches: Bool?, files: Int
                func encode(to encoder: Encoder) throws {
                    var c = encoder.container(keyedBy: CodingKeys.self)
                    try c.encode(platform, forKey: .platform)
                    try c.encode(digest, forKey: .digest)
                    try c.encode(recorded, forKey: .recorded)
                    try c.encode(matches, forKey: .matches)
                    try c.encode(files, forKey: .files)
                }
                enum CodingKeys: String, CodingKey { case platform, digest, recorded, matches, files }
            }
            ctx.out(try StableJSON.string(Out(platform: pin.name, digest: digest, recorded: recorded, matches: matches, files: tree.files.count)))
        } else {
            ctx.out(digest.hex + "\n")
        }
        if let recorded, recorded != digest {
            ctx.err("orchestrate digest: \(mounted(display, tree.provenancePath)) records native input digest \(recorded.hex), but the files hash to \(digest.hex); run `orchestrate audit \(display)` to see which files moved\n")
            return ExitCode.negative
        }
        return ExitCode.success
    }
}

