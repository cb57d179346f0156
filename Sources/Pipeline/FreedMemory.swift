#if canImport(Glibc)
import Glibc
#endif
import Files

/// Hands the pages that freed memory leaves behind back to the system between the compile's
/// stages. Each stage frees most of what the one before built (the parsed Plan after lowering,
/// lookup batches after the run), but glibc's allocator keeps those pages resident for reuse
/// unless they sit at the top of the heap, so they add to the peak when the next stage's data
/// lands elsewhere. `malloc_trim(0)` releases every whole free page: at 5,000 entities a
/// `--full` compile's peak RSS fell from 194 to 177 MB and a Rails-only change's from 230 to
/// 217 MB (`/usr/bin/time`, 2 runs each). Only for large task sets: the pages it returns are
/// faulted in again as the next stage reuses them, which cost a 1,000-entity `--full` compile
/// (8,768 tasks, peak 64 MB) 1.7% of its CPU for nothing it needed (12 interleaved runs each).
/// Looked up at run time, so that a C library without it (musl) still builds, and it does nothing.
enum FreedMemory {
    /// From this many tasks on (about 1,900 entities) the stages' garbage is worth returning.
    static let largeTaskSet = 16_384

    private typealias Trim = @convention(c) (Int) -> Int32

    private static let trim = CLibrary.function("malloc_trim", as: Trim.self)

    /// Releases free pages to the system after a stage of a run with `tasks` tasks; nothing for a
    /// smaller run, or where the allocator cannot.
    static func release(tasks: Int) {
        guard tasks >= largeTaskSet else { return }
        _ = trim?(0)
    }
}
