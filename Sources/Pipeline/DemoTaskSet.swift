import Cache
import Foundation
import Lowerings
import Tasks

/// A built-in synthetic task set: `count` small text files spread over three trees, with a
/// dependency chain every tenth task. Used by `compile --demo N` and the no-op benchmark.
public enum DemoTaskSet {
    public static let release = "demo-2026-11"
    /// The most tasks `--demo` builds: a billion aborted allocating them (each task holds its
    /// closure, inputs and path; `graph --demo 1000000` peaks at about 1.3 GB).
    public static let maxCount = 1_000_000

    /// `seed` changes the content of every task whose index is a multiple of `every`.
    public static func make(count: Int, variant: Int = 0, every: Int = 100) -> TaskSet {
        let platforms = ["ios", "android", "rails"]
        // Built on every core: each task hashes its text (the tasks are independent).
        let tasks = [FileTask](unsafeUninitializedCapacity: count) { buffer, initialized in
            let base = buffer.baseAddress
            let chunk = 512
            DispatchQueue.concurrentPerform(iterations: (count + chunk - 1) / chunk) { c in
                for i in c * chunk ..< min(count, (c + 1) * chunk) {
                    (base! + i).initialize(to: task(i, platforms: platforms, variant: variant, every: every))
                }
            }
            initialized = count
        }
        var report = PlanReport()
        for p in Platform.allCases { report.platforms[p] = PlanReport.Tree(status: .emitted) }
        return TaskSet(planDigest: nil, tasks: tasks, report: report)
    }

    private static func task(_ i: Int, platforms: [String], variant: Int, every: Int) -> FileTask {
        let platform = platforms[i % 3]
        let v = i % every == 0 ? variant : 0
        let text = "demo file \(i) variant \(v)\n"
        let id = "demo.\(platform).\(i)"
        var deps: [String: String] = [:]
        let chained = i >= 3 && i % 10 == 3
        if chained { deps["previous"] = "demo.\(platforms[(i - 3) % 3]).\(i - 3)" }
        return FileTask(
            id: id, family: "demo.\(platform)", platform: platform, release: release,
            path: "\(platform)/d\(i / 1000)/f\(i).txt", mode: i % 97 == 0 ? .executable : .regular,
            inputs: ["text": Digest.of(text)], dependencies: deps
        ) { ctx in
            var out = Array(text.utf8)
            if chained { out += Array("after \(Digest.of(try ctx.output("previous")).hex.prefix(16))\n".utf8) }
            return out
        }
    }
}
