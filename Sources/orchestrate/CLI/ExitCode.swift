import Archive
import Cache
import Pipeline
import Tasks

/// The one place errors become exit codes (DESIGN.md, CLI contract).
public enum ExitCode {
    public static let success: Int32 = 0
    public static let negative: Int32 = 1
    public static let usage: Int32 = 64
    public static let invalidData: Int32 = 65
    public static let inputMissing: Int32 = 66
    /// A renderer failed: a bug in orchestrate, not in the input (sysexits EX_SOFTWARE).
    public static let software: Int32 = 70
    public static let ioFailure: Int32 = 74

    public static func of(_ error: Error) -> Int32 {
        switch error {
        case let e as CLIError:
            switch e {
            case .usage: return usage
            case .inputMissing, .notReadable, .readFailed: return inputMissing
            case .invalidInput, .inputTooLarge: return invalidData
            case .negative: return negative
            case .writeFailed, .notWritable: return ioFailure
            }
        case let e as PipelineError:
            switch e {
            case .invalidPlan, .invalidProvenance: return invalidData
            case .inputMissing: return inputMissing
            }
        case is CacheError: return ioFailure
        case let e as TaskError:
            switch e {
            case .io, .unsafePath, .storeFailed: return ioFailure
            case .invalidSummary: return invalidData
            case let .runFailed(errors):
                return errors.contains { if case .storeFailed = $0 { return true }; return false } ? ioFailure : software
            default: return software
            }
        default: return software
        }
    }
}
