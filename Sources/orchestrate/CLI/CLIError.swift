/// Errors the CLI itself raises; library errors are mapped in `ExitCode`.
public enum CLIError: Error, Equatable, CustomStringConvertible {
    case usage(String, hint: String?)
    case inputMissing(path: String, what: String)
    case invalidInput(String)
    case negative(String)

    public var description: String {
        switch self {
        case let .usage(m, hint): return m + (hint.map { "\nhint: \($0)" } ?? "")
        case let .inputMissing(path, what): return "\(what) \(path) does not exist; check the path"
        case let .invalidInput(m): return m
        case let .negative(m): return m
        }
    }
}
