import Cache
import Foundation
import Lowerings
import Pipeline

/// `orchestrate artifact put|get FILE --platform P --digest D [--store DIR]`
public enum ArtifactCommand: Command {
    public static let name = "artifact"
    public static let abstract = "keep (put) and fetch (get) a native build artifact by native input digest"

    static let platform = Option<CorePin>.platform("ios|android", "ios or android (rails is accepted too)")
    static let digest = Option<Digest>("digest", "D", "the native input digest the artifact was built from", required: true) { hex in
        guard let d = Digest(hex: hex) else {
            throw CLIError.usage("artifact: --digest must be 64 hex characters (a native input digest), not \"\(hex)\"",
                                 hint: "D=$(orchestrate digest app/ --platform ios)")
        }
        return d
    }

    public static let options = [platform.declaration, digest.declaration, StoreOptions.store.declaration] + StoreOptions.remoteOptions
    public static let positionals = 2...2
    public static let usage: [Usage] = [.all("put FILE"), .all("get FILE")]
    public static let discussion = """
      put   store FILE (an APK, a zipped simulator app) as a content-addressed object and map
            (platform, native input digest D) to it in the action cache
      get   write the artifact stored for (platform, D) to FILE, verified against its digest;
            exit 1 when there is none

    D is a native input digest as `orchestrate digest` prints it (64 hex characters). The
    artifact lives in the store chain like rendered files: the local store, then a remote. It
    is streamed in 1 MiB chunks both ways (hashed as it goes), so its size does not matter;
    FILE is replaced only once every byte fetched has verified.
    """
    public static let epilogue = """
    exit codes: 0 stored or fetched, 1 no artifact for that digest, 64 usage, 66 FILE missing
    (put), 74 store or I/O failure.
    """

    public static func validate(_ args: Arguments) throws {
        guard ["put", "get"].contains(args.positionals[0]) else {
            throw CLIError.usage("artifact: unknown subcommand \"\(args.positionals[0])\"", hint: "use put or get")
        }
        try StoreOptions.validate(args)
    }

    public static func run(_ args: Arguments, _ ctx: Context) throws -> Int32 {
        let pin = try args.value(platform)!
        let digest = try args.value(Self.digest)!
        let verb = args.positionals[0]
        let display = args.positionals[1]
        let file = ctx.path(display)
        if verb == "put" {
            var st = stat()
            guard stat(file, &st) == 0 else { throw CLIError.inputMissing(path: display, what: "artifact") }
            guard FileKind(st.st_mode) == .regular else { throw CLIError.notReadable(path: display, what: "artifact", kind: FileKind(st.st_mode)) }
            let chain = try StoreOptions.chain(args, ctx)
            let name = (file as NSString).lastPathComponent
            // Streamed: hashed and stored in chunks, uploaded from the file; never held whole.
            let out = try Artifacts.put(file, name: name, platform: pin.name, nativeInputDigest: digest, into: chain)
            StoreOptions.report(chain, ctx)
            ctx.out("stored \(pin.name) artifact \(name) (\(out.size) bytes, sha256 \(out.digest.hex)) for native input digest \(digest.hex)\n")
            return ExitCode.success
        } else {
            let chain = try StoreOptions.chain(args, ctx)
            defer { StoreOptions.report(chain, ctx) }
            // Streamed into FILE through the local store, replaced only once every byte verified;
            // a FIFO or device at FILE is written into, never renamed over.
            let destination = try UserFile.destination(file, display: display, what: "artifact")
            let target = destination == .replace ? file : chain.local.root + "/tmp/artifact-\(getpid())-\(UInt32.random(in: 0 ... .max))"
            defer { if destination == .writeInto { unlink(target) } }
            guard let out = try Artifacts.get(platform: pin.name, nativeInputDigest: digest, from: chain, to: target) else {
                ctx.err("orchestrate artifact: no \(pin.name) artifact for native input digest \(digest.hex); build it and run `orchestrate artifact put`\n")
                return ExitCode.negative
            }
            if destination == .writeInto { try UserFile.streamInto(file, from: target, display: display, what: "artifact") }
            ctx.out("fetched \(pin.name) artifact \(out.path) (\(out.size) bytes, sha256 \(out.digest.hex)) → \(display)\n")
            return ExitCode.success
        }
    }
}
