import Cache
import Foundation
import Lowerings
import Tasks

/// The compile pipeline after lowering: run the tasks through the store chain, write the tree,
/// build the summary. The clock and the disk enter here, never in renderers.
public struct Compilation {
    public struct Options {
        public var outDirectory: String
        public var jobs: Int
        /// Overwrite generated files a person edited since a previous run wrote them.
        public var overwriteEdited: Bool
        public var progress: (@Sendable (ExecutorProgress) -> Void)?

        public init(outDirectory: String, jobs: Int, overwriteEdited: Bool = false, progress: (@Sendable (ExecutorProgress) -> Void)? = nil) {
            self.outDirectory = outDirectory
            self.jobs = jobs
            self.overwriteEdited = overwriteEdited
            self.progress = progress
        }
    }

    public struct Outcome {
        public var summary: CompileSummary
        public var report: MaterializeReport
        public var record: RunRecord
    }

    public let chain: StoreChain

    public init(chain: StoreChain) { self.chain = chain }

    /// Runs `set`. Throws `TaskError.runFailed` (after filling `failedSummary`) when a task
    /// failed; then nothing is written to the output directory.
    public func run(_ set: TaskSet, options: Options, failedSummary: inout CompileSummary?) throws -> Outcome {
        let start = DispatchTime.now().uptimeNanoseconds
        let graph = try TaskGraph(set.tasks)
        // The output tree's state is read while the executor runs.
        let materializer = Materializer(root: options.outDirectory, overwriteEdited: options.overwriteEdited)
        let previous = Preloaded<Materializer.Previous> { materializer.loadPrevious() }
        let record = Executor(cache: chain, jobs: options.jobs, runDigest: set.planDigest, progress: options.progress).run(graph)
        func elapsed() -> Int64 { Int64((DispatchTime.now().uptimeNanoseconds - start) / 1_000_000) }
        guard record.failures.isEmpty else {
            failedSummary = summary(set, record, elapsed())
            throw TaskError.runFailed(record.failures)
        }
        // A hit whose object vanished since the lookup (a `store gc` beside this run) is rendered
        // again rather than failing the run.
        let outputs = OutputBytes(tasks: set.tasks, record: record, load: { chain.object($0)?.bytes },
                                  keep: { bytes in _ = try? chain.local.objects.put(bytes) })
        let fetch: (Digest) -> [UInt8]? = { d in (try? outputs.bytes(d)) ?? nil }
        let assembly: Assembly?
        do {
            assembly = try set.assemble?(record, fetch)
        } catch let CompositionError.coreMissing(platform, digest) where chain.foundCorrupt(digest) {
            throw CompositionError.coreDamaged(platform: platform, digest: digest)
        }
        let files = assembly?.files
            ?? record.results.map { TreeFile(path: $0.path, digest: $0.output!, mode: $0.mode, size: $0.size) }
        let report = try materializer.apply(files, previous: previous.value) { digest in
            if let b = try assembly?.bytes[digest] ?? outputs.bytes(digest) { return b }
            throw CacheError.missingObject(digest: digest)
        }
        var summary = summary(set, record, elapsed())
        for (platform, digest) in assembly?.nativeInputDigests ?? [:] { summary.plan.platforms[platform]?.nativeInputDigest = digest }
        for (platform, count) in assembly?.fileCounts ?? [:] { summary.plan.platforms[platform]?.files = count }
        summary.run.kept = (report.keptEdited.map { RunSummary.KeptFile(path: $0, reason: .edited) }
            + report.keptModified.map { RunSummary.KeptFile(path: $0, reason: .editedNoLongerProduced) })
            .sorted { $0.path < $1.path }
        return Outcome(summary: summary, report: report, record: record)
    }

    private func summary(_ set: TaskSet, _ record: RunRecord, _ ms: Int64) -> CompileSummary {
        var plan = set.report
        plan.count(record)
        return CompileSummary(run: RunSummary(planDigest: set.planDigest, durationMs: ms, record: record), plan: plan)
    }
}

/// A value computed on another thread from the moment it is made; `value` waits for it.
private final class Preloaded<T: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: T?

    init(_ body: @escaping @Sendable () -> T) {
        DispatchQueue.global().async {
            self.result = body()
            self.done.signal()
        }
    }

    var value: T {
        done.wait()
        done.signal()
        return result!
    }
}
