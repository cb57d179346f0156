import Foundation
import Hashing
import Lowerings
import Tasks

/// The bridge opt-ins (`BuiltInBridgeCheck.optIns`) of the Rails views a run rendered and did not
/// keep, taken from their bytes while the executor holds them (`Executor.observeRendered`), by
/// digest: a view's opt-ins are a function of its bytes alone, so a composed view of that digest
/// has them whatever its path. The bridge check after composition then reads from the store only
/// the views the run did not render (what it kept, it reads from memory). A 5,000-entity cold
/// compile keeps none of what it rendered, and the check read its 23,404 views back from the
/// store, one at a time (a tenth of its samples).
public final class RenderedViewOptIns: @unchecked Sendable {
    private let lock = NSLock()
    private var byDigest: [Digest: [String]] = [:]

    public init() {}

    /// Takes the opt-ins of `bytes` when `task` renders a view (the Rails tree is mounted at the
    /// output root, so its task paths are the composed ones).
    public func observe(_ task: FileTask, _ digest: Digest, _ bytes: [UInt8]) {
        guard task.platform == Platform.rails.rawValue, BuiltInBridgeCheck.isView(task.path) else { return }
        let ids = BuiltInBridgeCheck.optIns(bytes)
        lock.withLock { byDigest[digest] = ids }
    }

    /// The opt-ins of the rendered view `digest`; nil when the run did not render it, or kept it.
    public func optIns(_ digest: Digest) -> [String]? { lock.withLock { byDigest[digest] } }

    /// How many views' opt-ins are known (for tests).
    public var count: Int { lock.withLock { byDigest.count } }
}
