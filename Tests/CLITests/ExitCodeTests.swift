import Archive
import Cache
import Foundation
import Lowerings
import Pipeline
import Tasks
import XCTest
@testable import CLI

/// Every library error becomes the exit code DESIGN.md's CLI contract gives its kind (65 invalid
/// Plan, archive or provenance; 66 input missing; 74 store or I/O failure; 70 only for a bug in
/// orchestrate). `ExitCode.of` switches over each library error enum without a default, so a new
/// case does not compile until it is mapped; these tests pin the mapping family by family, and
/// the end-to-end tests below pin the cases that used to exit 70.
final class ExitCodeTests: XCTestCase {
    private let d = Digest.of("x")

    private func assertCodes(_ cases: [(Error, Int32)], file: StaticString = #filePath, line: UInt = #line) {
        for (error, code) in cases { XCTAssertEqual(ExitCode.of(error), code, "\(error)", file: file, line: line) }
    }

    func testCacheErrors() {
        assertCodes([
            (CacheError.io(path: "p", operation: "write", errno: ENOSPC), 74),
            (CacheError.sqlite(path: "p", code: 14, message: "unable to open database file"), 74),
            (CacheError.corruptObject(digest: d, path: "p"), 74),
            (CacheError.missingObject(digest: d), 74),
            (CacheError.readOnlyStore(path: "p"), 74),
            (CacheError.invalidSize("12Q"), 64),
            (CacheError.remote(url: "http://cache", reason: "GET failed: connection refused"), 74),
            (CacheError.remoteStatus(url: "http://cache/ac/x", method: "GET", status: 401), 74),
            (CacheError.remoteRedirect(url: "http://cache", status: 302, location: nil), 74),
            (CacheError.fileChanged(path: "p", expected: 1, found: 2), 74),
            (CacheError.incompatibleIndex(path: "p", version: 9, supported: 2), 74),
        ])
    }

    func testFileReadErrors() {
        assertCodes([(FileReadError.io(path: "p", operation: "read", errno: EIO), 74)])
    }

    func testTaskErrors() {
        assertCodes([
            (TaskError.duplicateTaskID("t"), 70),
            (TaskError.duplicateOutput(path: "p", first: "a", second: "b"), 70),
            (TaskError.unknownDependency(taskID: "t", input: "i", missing: "m"), 70),
            (TaskError.cycle(["a", "b", "a"]), 70),
            (TaskError.invalidOutputPath(taskID: "t", path: "/p", reason: "it is absolute"), 70),
            (TaskError.undeclaredDependency(taskID: "t", input: "i"), 70),
            (TaskError.pinnedObjectMissing(taskID: "t", digest: d), 66),
            (TaskError.pinnedObjectDamaged(taskID: "t", digest: d), 74),
            (TaskError.renderFailed(taskID: "t", message: "m"), 70),
            (TaskError.dependencyFailed(taskID: "t", dependency: "u"), 70),
            (TaskError.storeFailed(taskID: "t", message: "m"), 74),
            (TaskError.rerenderMismatch(taskID: "t", expected: d, got: Digest.of("y")), 70),
            (TaskError.unsafePath(path: "p", reason: "a link"), 74),
            (TaskError.io(path: "p", operation: "open", errno: EACCES), 74),
            (TaskError.invalidSummary(path: "p", reason: "r"), 65),
        ])
    }

    /// A failed run exits with its most telling failure: the store or the disk first, then a
    /// missing input, then invalid data; a bug only when nothing else explains it. Tasks skipped
    /// because a dependency failed say nothing of their own.
    func testAFailedRunExitsWithItsMostTellingFailure() {
        let render = TaskError.renderFailed(taskID: "r", message: "m")
        let skipped = TaskError.dependencyFailed(taskID: "s", dependency: "m")
        let missing = TaskError.pinnedObjectMissing(taskID: "m", digest: d)
        let damaged = TaskError.pinnedObjectDamaged(taskID: "m", digest: d)
        let store = TaskError.storeFailed(taskID: "w", message: "disk full")
        assertCodes([
            (TaskError.runFailed([render, skipped]), 70),
            (TaskError.runFailed([missing, skipped]), 66),
            (TaskError.runFailed([render, missing]), 66),
            (TaskError.runFailed([missing, damaged]), 74),
            (TaskError.runFailed([render, missing, store]), 74),
            (TaskError.runFailed([skipped]), 70),
        ])
    }

    func testArchiveErrors() {
        let policy: [ArchiveError] = [
            .digestMismatch(expected: d, actual: Digest.of("y")), .revisionMissing(expected: "r"),
            .revisionMismatch(expected: "r", actual: "s"), .gzipHeaderInvalid(reason: "r"), .gzipTruncated(compressedBytes: 1),
            .gzipCorrupt(zlibCode: -3, message: "m"), .gzipChecksumMismatch(recorded: 1, computed: 2),
            .gzipLengthMismatch(recorded: 1, computed: 2), .trailingGarbage(offset: 1), .tarTruncated(offset: 1),
            .headerChecksumMismatch(offset: 1, recorded: 1, computed: 2), .invalidHeader(offset: 1, field: "f", reason: "r"),
            .dataAfterEndOfArchive(offset: 1), .unsupportedEntryType(path: "p", typeflag: 0x33), .symlink(path: "p", target: "t"),
            .hardlink(path: "p", target: "t"), .absolutePath(path: "/p"), .pathTraversal(path: "../p"),
            .invalidPath(path: "p", reason: "r"), .disallowedMode(path: "p", mode: 0o777), .duplicateEntry(path: "p"),
            .caseCollision(path: "p", existing: "P"), .normalizationCollision(path: "é", existing: "é"),
            .pathConflict(path: "p", existing: "p/q"), .excludedRoot(path: ".github/x", root: ".github"),
            .tooManyEntries(limit: 1), .entryTooLarge(path: "p", size: 2, limit: 1),
            .uncompressedSizeExceeded(limit: 1, inflated: 2), .compressionRatioExceeded(limit: 1, compressed: 1, inflated: 2),
            .symlinkInSource(path: "p"), .unsupportedFileType(path: "p"),
        ]
        assertCodes(policy.map { ($0, 65) } + [
            (ArchiveError.targetExists(path: "p"), 74),
            (ArchiveError.io(operation: "read", path: "p", errno: EIO), 74),
            (ArchiveError.zlib(operation: "inflateInit2", code: -4), 70),
        ])
    }

    func testCompositionErrors() {
        assertCodes([
            (CompositionError.coreMissing(platform: .rails, digest: d), 66),
            (CompositionError.coreDamaged(platform: .rails, digest: d), 74),
            (CompositionError.missingSeam(platform: .ios, path: "p", seam: .iosAppIcon), 70),
            (CompositionError.undeclaredOutput(platform: .ios, path: "p", seam: .iosAppIcon), 70),
            (CompositionError.wrongSeam(platform: .ios, path: "p", expected: .iosAppIcon, actual: .iosAccentColor), 70),
            (CompositionError.wrongMode(platform: .ios, path: "p", expected: .regular, actual: .executable), 70),
            (CompositionError.duplicateOutput(platform: .ios, path: "p"), 70),
            (CompositionError.replacesMissingCoreFile(platform: .ios, path: "p"), 70),
            (CompositionError.addCollidesWithCore(platform: .ios, path: "p", seam: .iosAppIcon), 70),
            (CompositionError.notASeam(platform: .ios, taskID: "t", family: "f"), 70),
            (CompositionError.outsideMount(platform: .ios, path: "p", mount: "ios"), 70),
        ])
    }

    func testProvenanceAndMonogramErrorsAreInvalidData() throws {
        XCTAssertThrowsError(try ProvenanceDocument.decode(Array("{}".utf8))) { error in
            XCTAssertTrue(error is ProvenanceError, "\(error)")
            XCTAssertEqual(ExitCode.of(error), 65)
        }
        assertCodes([
            (MonogramError.notPNG, 65),
            (MonogramError.truncated(offset: 8), 65),
            (MonogramError.badCRC(chunk: "IHDR", offset: 8), 65),
            (MonogramError.missingChunk("IDAT"), 65),
            (MonogramError.unsupported(bitDepth: 16, colorType: 6, interlace: 1), 65),
            (MonogramError.inflateFailed(zlibStatus: -3), 65),
            (MonogramError.badFilter(row: 1, filter: 9), 65),
        ])
    }

    func testPipelineErrors() {
        assertCodes([
            (PipelineError.invalidPlan(file: "p.json", diagnostics: []), 65),
            (PipelineError.invalidProvenance(path: "out/FOUNDATION_PROVENANCE.json", reason: "r"), 65),
            (PipelineError.inputMissing(path: "out", what: "output directory"), 66),
            (PipelineError.toolMissing(tool: "dot", install: "install Graphviz"), 69),
            (PipelineError.toolFailed(tool: "dot", reason: "exit status 1"), 70),
        ])
    }

    func testCLIErrors() {
        assertCodes([
            (CLIError.usage("u", hint: nil), 64),
            (CLIError.inputMissing(path: "p", what: "Plan"), 66),
            (CLIError.invalidInput("i"), 65),
            (CLIError.negative("n"), 1),
            (CLIError.notReadable(path: "p", what: "Plan", kind: .directory), 66),
            (CLIError.readFailed(path: "p", what: "Plan", errno: EIO), 66),
            (CLIError.inputTooLarge(path: "p", what: "Plan", kind: .regular, limit: 1), 65),
            (CLIError.writeFailed(path: "p", what: "summary", errno: ENOSPC), 74),
            (CLIError.notWritable(path: "p", what: "summary", kind: .directory), 74),
            (CLIError.exists(path: "p", what: "Plan"), 74),
        ])
    }

    func testAnErrorNoLibraryDeclaresIsABug() {
        struct Unexpected: Error {}
        XCTAssertEqual(ExitCode.of(Unexpected()), 70)
    }
}

/// The failures that used to exit 70 ("a bug in orchestrate"), end to end: a `cas/` object that
/// is missing (66) or damaged (74), and a Core folder the archive policy rejects (65).
final class SeedFailureExitCodeTests: XCTestCase {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private var h: CLIHarness!

    override func setUpWithError() throws { h = try CLIHarness() }
    override func tearDown() { h.cleanUp() }

    /// A pinned Core archive (used by composition) and a pinned icon (copied by a task), each
    /// missing and damaged in a fresh copy of `cas/`: `compile`, and `audit --plan` (which derives
    /// the same output in memory) of an output compiled from the intact `cas/`, exit alike and
    /// say alike what is wrong.
    func testAMissingSeedObjectIsAMissingInputAndADamagedOneAStoreFailure() throws {
        let plan = Self.repo.appendingPathComponent("examples/notes.plan.json").path
        h.environment["ORCHESTRATE_SEED"] = Self.repo.appendingPathComponent("cas").path
        XCTAssertEqual(h.run("compile", plan, "--out", "intact", "--store", "store-intact"), 0, h.err)
        let objects = [("Rails Core", CorePins.pin(for: .rails).digest), ("iOS icon", Monogram(appName: "Notes").iosIconDigest)]
        for (what, digest) in objects {
            for damaged in [false, true] {
                let seed = h.root + "/seed-\(digest.hex.prefix(8))-\(damaged)"
                try FileManager.default.copyItem(atPath: Self.repo.appendingPathComponent("cas").path, toPath: seed)
                let object = SeedStore.path(for: digest, in: seed)
                try FileManager.default.removeItem(atPath: object)
                if damaged { XCTAssertTrue(FileManager.default.createFile(atPath: object, contents: Data("not the object".utf8))) }
                h.environment["ORCHESTRATE_SEED"] = seed
                let commands = [["compile", plan, "--out", "out-\(seed.suffix(14))", "--store", "store-\(seed.suffix(14))"],
                                ["audit", "intact", "--plan", plan]]
                for command in commands {
                    let code = h.run(command)
                    let context = "\(command[0]), \(what), \(damaged ? "damaged" : "missing"): \(h.err)"
                    XCTAssertEqual(code, damaged ? 74 : 66, context)
                    XCTAssertTrue(h.err.contains("orchestrate \(command[0]): error: "), context)
                    XCTAssertTrue(h.err.contains(digest.hex), context)
                    XCTAssertEqual(h.err.contains("is corrupt"), damaged, context)
                    XCTAssertEqual(h.err.contains("is damaged"), damaged, context)
                }
            }
        }
    }

    func testACoreFolderThePolicyRejectsIsInvalidData() throws {
        let core = h.root + "/core"
        try FileManager.default.createDirectory(atPath: core, withIntermediateDirectories: true)
        try Data("7\n".utf8).write(to: URL(fileURLWithPath: core + "/REVISION"))
        try FileManager.default.createSymbolicLink(atPath: core + "/link", withDestinationPath: "REVISION")
        XCTAssertEqual(h.run("core", "pack", "core", "--seed", "packed"), 65, h.err)
        XCTAssertTrue(h.err.contains("symbolic links cannot be packed"), h.err)
    }
}
