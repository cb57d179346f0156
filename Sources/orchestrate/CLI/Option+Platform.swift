import Lowerings

extension Option where T == CorePin {
    /// `--platform P` (required): a tree by the name of its Core pin.
    static func platform(_ placeholder: String, _ help: String) -> Option<CorePin> {
        Option("platform", placeholder, help, required: true) { name in
            guard let platform = Platform(rawValue: name) else {
                throw CLIError.usage("unknown platform \"\(name)\"; use \(CorePins.all.map(\.name).joined(separator: ", "))", hint: nil)
            }
            return CorePins.pin(for: platform)
        }
    }
}
