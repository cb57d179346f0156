import Cache
import Tasks

/// What the execute stage hands on: the run record (a result per task, in graph order) and the
/// bytes of its outputs, rendered in this run or loaded from the store (rendered again when an
/// object vanished since the lookup), and the bridge opt-ins of the views it rendered.
public struct ExecutedRun: Sendable {
    public let record: RunRecord
    public let outputs: OutputBytes
    public let viewOptIns: RenderedViewOptIns

    public init(record: RunRecord, outputs: OutputBytes, viewOptIns: RenderedViewOptIns = RenderedViewOptIns()) {
        self.record = record
        self.outputs = outputs
        self.viewOptIns = viewOptIns
    }

    public var failures: [TaskError] { record.failures }
}
