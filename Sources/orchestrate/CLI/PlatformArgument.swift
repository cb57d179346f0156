import Lowerings

/// `--platform ios|android|rails`: a Core pin by name.
enum PlatformArgument {
    /// The pin of a `--platform` value, or a usage error.
    static func pin(_ platform: String?, command: String, allowed: [String] = CorePins.all.map(\.name)) throws -> CorePin {
        guard let platform else {
            throw CLIError.usage("\(command): --platform \(allowed.joined(separator: "|")) is required", hint: "run `orchestrate \(command) --help`")
        }
        guard allowed.contains(platform), let pin = CorePins.pin(for: platform) else {
            throw CLIError.usage("\(command): unknown platform \"\(platform)\"; use \(allowed.joined(separator: ", "))", hint: nil)
        }
        return pin
    }
}
