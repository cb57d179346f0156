import Cache
import Tasks

/// What the execute stage hands on: the run record (a result per task, in graph order) and the
/// bytes of its outputs, rendered in this run or loaded from the store (rendered again when an
/// object vanished since the lookup).
public struct ExecutedRun: Sendable {
    public let record: RunRecord
    public let outputs: OutputBytes

    public var failures: [TaskError] { record.failures }
}
