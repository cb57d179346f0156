import Archive
import Cache
import Lowerings
import Pipeline
import Tasks

/// The one place errors become exit codes (DESIGN.md, CLI contract). Each library error enum is
/// switched over without a default, so a case added to one does not compile until it is mapped
/// here (`ExitCodeTests` pins the mapping family by family).
public enum ExitCode {
    public static let success: Int32 = 0
    public static let negative: Int32 = 1
    public static let usage: Int32 = 64
    public static let invalidData: Int32 = 65
    public static let inputMissing: Int32 = 66
    /// A bug in orchestrate, not in the input or the machine (sysexits EX_SOFTWARE).
    public static let software: Int32 = 70
    /// A program a command needs is not installed (sysexits EX_UNAVAILABLE).
    public static let unavailable: Int32 = 69
    public static let ioFailure: Int32 = 74

    public static func of(_ error: Error) -> Int32 {
        switch error {
        case let e as CLIError: return of(e)
        case let e as CacheError: return of(e)
        case let e as FileReadError: return of(e)
        case let e as TaskError: return of(e)
        case let e as ArchiveError: return of(e)
        case let e as CompositionError: return of(e)
        case let e as PipelineError: return of(e)
        case is ProvenanceError: return invalidData
        case is MonogramError: return invalidData
        default: return software
        }
    }

    static func of(_ e: CLIError) -> Int32 {
        switch e {
        case .usage: return usage
        case .inputMissing, .notReadable, .readFailed: return inputMissing
        case .invalidInput, .inputTooLarge: return invalidData
        case .negative: return negative
        case .writeFailed, .notWritable, .exists: return ioFailure
        }
    }

    static func of(_ e: CacheError) -> Int32 {
        switch e {
        case .invalidSize: return usage
        case .io, .sqlite, .corruptObject, .missingObject, .readOnlyStore, .remote, .remoteStatus, .remoteRedirect, .remoteCall,
             .grpcUnavailable, .fileChanged, .incompatibleIndex:
            return ioFailure
        }
    }

    static func of(_ e: FileReadError) -> Int32 {
        switch e {
        case .io: return ioFailure
        }
    }

    static func of(_ e: TaskError) -> Int32 {
        switch e {
        case .pinnedObjectMissing: return inputMissing
        case .pinnedObjectDamaged, .storeFailed, .unsafePath, .io: return ioFailure
        case .invalidSummary: return invalidData
        case .duplicateTaskID, .duplicateOutput, .unknownDependency, .cycle, .invalidOutputPath, .undeclaredDependency,
             .renderFailed, .dependencyFailed, .rerenderMismatch:
            return software
        case let .runFailed(errors):
            // The most telling failure: the store or the disk, then a missing input, then invalid
            // data; a bug only when nothing else explains the run. Skipped dependents say nothing.
            let codes = Set(errors.filter { if case .dependencyFailed = $0 { return false } else { return true } }.map(of))
            return [ioFailure, inputMissing, invalidData].first(where: codes.contains) ?? software
        }
    }

    static func of(_ e: ArchiveError) -> Int32 {
        switch e {
        case .digestMismatch, .revisionMissing, .revisionMismatch,
             .gzipHeaderInvalid, .gzipTruncated, .gzipCorrupt, .gzipChecksumMismatch, .gzipLengthMismatch, .trailingGarbage,
             .tarTruncated, .headerChecksumMismatch, .invalidHeader, .dataAfterEndOfArchive, .unsupportedEntryType,
             .symlink, .hardlink, .absolutePath, .pathTraversal, .invalidPath, .disallowedMode, .duplicateEntry,
             .caseCollision, .normalizationCollision, .pathConflict, .excludedRoot,
             .tooManyEntries, .entryTooLarge, .uncompressedSizeExceeded, .compressionRatioExceeded,
             .symlinkInSource, .unsupportedFileType:
            return invalidData
        case .targetExists, .io: return ioFailure
        case .zlib: return software
        }
    }

    static func of(_ e: PipelineError) -> Int32 {
        switch e {
        case .invalidPlan, .invalidProvenance: return invalidData
        case .inputMissing: return inputMissing
        case .unreadable: return ioFailure
        case .toolMissing: return unavailable
        case .toolFailed: return software
        case .staleProvenanceMemo: return software
        }
    }

    static func of(_ e: CompositionError) -> Int32 {
        switch e {
        case .coreMissing: return inputMissing
        case .coreDamaged: return ioFailure
        case .missingSeam, .undeclaredOutput, .wrongSeam, .wrongMode, .duplicateOutput, .replacesMissingCoreFile,
             .addCollidesWithCore, .outsideMount, .notASeam, .bridgeNameMismatch:
            // The lowering and the Core catalog disagree: a bug in orchestrate, not in the Plan.
            return software
        }
    }
}
