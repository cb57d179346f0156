import Cache
import Foundation
import Lowerings
import Pipeline

/// `orchestrate core pack DIR` and `orchestrate core verify`: build and check the pinned Cores.
public enum CoreCommand: Command {
    public static let name = "core"
    public static let abstract = "build (pack) and check (verify) the pinned Core archives"

    static let seed = Option<String>("seed", "DIR", "the seed store (default: the repository's cas/)")

    public static let options = [seed.declaration]
    public static let positionals = 1...2
    public static let usage: [Usage] = [.all("pack DIR"), .all("verify")]
    public static let discussion = """
      pack     pack DIR as a deterministic tar.gz (sorted paths, zero mtimes, owner 0, modes
               0644/0755, .github excluded), store it in the seed store and print its SHA-256
               and revision (DIR/REVISION); pin the printed digest in Sources/Lowerings/CorePins.swift
      verify   for every pinned Core: the object is in the seed store, passes the archive policy
               (digest, revision, paths, modes, limits), and, where the Core's source folder is
               present (Cores/<name>), packing it reproduces the pinned digest; exit 1 otherwise
    """

    public static func validate(_ args: Arguments) throws {
        switch args.positionals[0] {
        case "pack":
            guard args.positionals.count == 2 else { throw CLIError.usage("core pack: DIR is required", hint: "orchestrate core pack Cores/ios") }
        case "verify":
            guard args.positionals.count == 1 else { throw CLIError.usage("core verify takes no argument", hint: nil) }
        default:
            throw CLIError.usage("core: unknown subcommand \"\(args.positionals[0])\"", hint: "use pack or verify")
        }
    }

    public static func run(_ args: Arguments, _ ctx: Context) throws -> Int32 {
        guard let seed = try args.value(Self.seed).map(ctx.path) ?? SeedLocation.find(environment: ctx.environment) else {
            throw CLIError.inputMissing(path: "cas/", what: "seed store")
        }
        switch args.positionals[0] {
        case "pack":
            let dir = ctx.path(args.positionals[1])
            guard FileManager.default.fileExists(atPath: dir) else { throw CLIError.inputMissing(path: args.positionals[1], what: "Core folder") }
            let packed = try CoreArchives.pack(directory: dir, into: seed)
            ctx.out("\(packed.digest.hex) \(packed.revision ?? "-") \(packed.size) bytes\n")
            return ExitCode.success
        default:
            let results = CoreArchives.verifyAll(seed: seed)
            for (pin, result) in results {
                if let problem = result.problem {
                    ctx.out("FAIL \(pin.name) \(pin.digest.hex) \(pin.revision): \(problem)\n")
                } else {
                    ctx.out("ok   \(pin.name) \(pin.digest.hex) \(pin.revision) (\(result.files) files\(result.sourceChecked ? ", source reproduces the pin" : ""))\n")
                }
            }
            return results.allSatisfy { $0.result.problem == nil } ? ExitCode.success : ExitCode.negative
        }
    }
}
