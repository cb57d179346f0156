import Cache
import Foundation
import Lowerings
import Pipeline

/// `orchestrate icons draw|verify`: the maintainer command that draws the launcher-icon monograms
/// into the repository's `cas/` and checks the pins. Compilation never draws.
public enum IconsCommand: Command {
    public static let name = "icons"
    public static let abstract = "maintainer: draw the launcher-icon monograms into cas/, or verify the pins"

    static let seed = Option<String>("seed", "DIR", "the seed folder (default: $ORCHESTRATE_SEED, else the repository's cas/)")
    static let only = Option<[Monogram]>("only", "KEYS", "comma-separated monograms, e.g. A,7,fallback (draw keeps the other pins)") { only in
        try only.split(separator: ",").map { key in
            guard let m = Monogram(key: String(key)) else {
                throw CLIError.usage("icons: \"\(key)\" is not a monogram", hint: "use A–Z, 0–9 or fallback")
            }
            return m
        }
    }

    public static let options = [seed.declaration, only.declaration]
    public static let positionals = 1...1
    public static let usage: [Usage] = [.all("draw"), .all("verify")]
    public static let discussion = """
      draw     draw the 1024×1024 iOS icon PNG of every monogram (A–Z, 0–9, fallback), write each
               into the seed folder as cas/<2 hex>/<64 hex>, and print the complete
               Sources/Lowerings/Monogram/MonogramPins.swift on stdout (progress on stderr):
                 orchestrate icons draw > Sources/Lowerings/Monogram/MonogramPins.swift
      verify   redraw and check that every drawing hashes to its pin and every pinned object is in
               the seed folder and hashes to its name; exit 1 when anything disagrees
    """

    public static func validate(_ args: Arguments) throws {
        let sub = args.positionals[0]
        guard sub == "draw" || sub == "verify" else {
            throw CLIError.usage("icons: unknown subcommand \"\(sub)\"", hint: "use draw or verify")
        }
    }

    public static func run(_ args: Arguments, _ ctx: Context) throws -> Int32 {
        let sub = args.positionals[0]
        let monograms = try args.value(only) ?? Monogram.all
        guard let seed = try args.value(Self.seed).map(ctx.path) ?? SeedLocation.find(environment: ctx.environment) else {
            throw CLIError.usage("icons: no seed folder found", hint: "pass --seed DIR (the repository's cas/)")
        }
        if sub == "draw" {
            let drawn = try MonogramIcons.draw(monograms, into: seed)
            ctx.err("drew \(monograms.count) monograms (\(drawn.bytes) bytes) into \(seed)\n")
            ctx.out(drawn.pinSource)
            return ExitCode.success
        }
        guard FileManager.default.fileExists(atPath: seed) else { throw CLIError.inputMissing(path: seed, what: "seed folder") }
        let store = SeedStore(root: seed)
        defer { for e in store.events.all { ctx.err("orchestrate: \(e)\n") } }
        let problems = MonogramIcons.verify(monograms, seed: store)
        for p in problems { ctx.out("\(p)\n") }
        ctx.out("checked \(monograms.count) monograms in \(seed): \(problems.isEmpty ? "all pinned, drawn alike, present" : "\(problems.count) problem(s)")\n")
        return problems.isEmpty ? ExitCode.success : ExitCode.negative
    }
}
