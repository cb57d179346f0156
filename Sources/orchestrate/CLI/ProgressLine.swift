import Foundation
import Tasks

/// A one-line progress display on stderr, redrawn at most every 100 ms.
final class ProgressLine: @unchecked Sendable {
    private let ctx: Context
    private let lock = NSLock()
    private var last: UInt64 = 0
    private var drawn = false

    init(_ ctx: Context) { self.ctx = ctx }

    func update(_ p: ExecutorProgress) {
        let now = DispatchTime.now().uptimeNanoseconds
        lock.lock(); defer { lock.unlock() }
        guard p.done == p.total || now - last > 100_000_000 else { return }
        last = now
        drawn = true
        ctx.err("\r[\(p.done)/\(p.total)] tasks, \(p.reused) reused")
    }

    func finish() {
        lock.lock(); defer { lock.unlock() }
        if drawn { ctx.err("\n") }
    }
}
