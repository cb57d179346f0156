/// A CLI command: a name, an abstract, a help text, its options, and `run`.
public protocol Command {
    static var name: String { get }
    static var abstract: String { get }
    /// Usage and options, as printed by `--help`.
    static var help: String { get }
    static var spec: Arguments.Spec { get }
    /// Runs with parsed arguments and returns the exit code; throws for errors.
    static func run(_ args: Arguments, _ ctx: Context) throws -> Int32
}
