import Lowerings
import Tasks

/// What outlives a large run's tasks, moved into memory of its own.
///
/// Lowering allocates the tasks and what outlives them (projections, task ids and paths, input
/// tables) side by side, and the run's results among them. Letting the tasks go frees their
/// blocks, but the pages keep the survivors, so the allocator cannot return them: at 5,000
/// entities the resident set stayed at 124 MB after the tasks were let go, and fell to 46 MB only
/// with every survivor gone too (measured between stages; `Benchmarks/README.md`). So the
/// survivors are packed (`BytePacker`), every original is let go, the free pages are returned,
/// and the survivors are read back, allocated one after another on pages of their own. Equal
/// values: the same results, projections and outline.
enum Compaction {
    /// From this many tasks on (about 1,900 entities) a compile moves them: under it, the peak
    /// is lowering's and the move would cost time for nothing.
    static let threshold = FreedMemory.largeTaskSet

    /// `set` (its tasks let go) and `run`, moved. `outputs` makes the run's `OutputBytes` for
    /// the record read back. A run that `RunRecord.packedResults` keeps as it is stays here too.
    static func compacted(_ set: consuming TaskSet, _ run: consuming ExecutedRun, tasks: Int,
                          outputs: (RunRecord) -> OutputBytes) -> (TaskSet, ExecutedRun) {
        guard set.tasks.isEmpty, let results = run.record.packedResults() else { return (set, run) }
        // One at a time: the results are let go (their pages returned) before the projections
        // are packed, so the originals and all their packed bytes are never held at once.
        let rendered = run.record.renderedBytes, viewOptIns = run.viewOptIns
        _ = consume run
        FreedMemory.release(tasks: tasks)
        let (shell, trees) = set.packed()
        _ = consume set
        FreedMemory.release(tasks: tasks)
        let record = RunRecord(unpacking: results, renderedBytes: rendered)
        return (TaskSet(unpacking: trees, into: shell), ExecutedRun(record: record, outputs: outputs(record), viewOptIns: viewOptIns))
    }
}
