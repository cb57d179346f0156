import Foundation
import XCTest
@testable import CLI

/// The real binary killed with SIGKILL at random points while it compiles one of two Plans into
/// one output directory; one more compile must then leave exactly what a clean compile leaves.
final class CrashSafetyTests: XCTestCase {
    /// SplitMix64: a fixed seed, the same kill delays every run.
    private struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// One entry of a tree: kind, permission bits and bytes (nil for a directory).
    private struct Entry: Equatable, CustomStringConvertible {
        var mode: mode_t
        var bytes: Data?
        var description: String { String(mode, radix: 8) + (bytes.map { " \($0.count) bytes" } ?? " dir") }
    }

    /// Every file and directory below `root` by relative path, our state directory aside.
    private func tree(_ root: String) -> [String: Entry] {
        var out: [String: Entry] = [:]
        let e = FileManager.default.enumerator(atPath: root)!
        while let p = e.nextObject() as? String {
            if p == ".orchestrate" { e.skipDescendants(); continue }
            var st = stat()
            guard lstat(root + "/" + p, &st) == 0 else { continue }
            let isDir = st.st_mode & S_IFMT == S_IFDIR
            out[p] = Entry(mode: st.st_mode, bytes: isDir ? nil : FileManager.default.contents(atPath: root + "/" + p))
        }
        return out
    }

    /// Paths below `root` (state directory included) whose name marks a temp file of ours.
    private func leftovers(_ root: String) -> [String] {
        (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? [])
            .filter { ($0 as NSString).lastPathComponent.hasPrefix(".orchestrate-tmp-") }
    }

    private func inode(_ path: String) -> ino_t? {
        var st = stat()
        return lstat(path, &st) == 0 ? st.st_ino : nil
    }

    /// Starts `orchestrate compile` (posix_spawn, output discarded); returns its pid.
    private func compile(_ bin: String, _ plan: String, out: String, store: String) throws -> pid_t {
        let args = [bin, "compile", plan, "--out", out, "--store", store, "--jobs", "2"]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv = args.map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var pid = pid_t()
        let rc = posix_spawn(&pid, bin, &actions, nil, &argv, environ)
        guard rc == 0 else { throw POSIXError(POSIXErrorCode(rawValue: rc)!) }
        return pid
    }

    /// Waits for `pid`; its exit status, or nil when a signal ended it.
    @discardableResult
    private func wait(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7f == 0 ? (status >> 8) & 0xff : nil
    }

    func testKilledCompilesOfTwoPlansLeaveNothingBehindAfterOneMoreCompile() throws {
        let bin = try BuiltBinary.path()
        let h = try CLIHarness()
        defer { h.cleanUp() }
        let movies = PlanCompileTests.examples.appendingPathComponent("movie-catalog.plan.json").path
        let studio = PlanCompileTests.examples.appendingPathComponent("studio-ops.plan.json").path
        let out = h.root + "/out", store = h.root + "/store"

        // How long an uninterrupted compile takes here, warm store. Kills land between a quarter
        // of that and a little after its end (the tree is written last); the estimate follows the
        // machine's load: the median of the last five runs that finished before their kill.
        var durations: [UInt32] = []
        for plan in [studio, movies, studio, movies, studio, movies] {
            let t = DispatchTime.now().uptimeNanoseconds
            XCTAssertEqual(wait(try compile(bin, plan, out: out, store: store)), 0)
            durations.append(UInt32((DispatchTime.now().uptimeNanoseconds - t) / 1000))
        }
        durations.removeFirst(2)
        func full() -> UInt32 { durations.suffix(5).sorted()[min(durations.count, 5) / 2] }

        var rng = SeededGenerator(state: 12)
        var killed = 0, withLeftovers = 0, whileWriting = 0
        var seen: Set<String> = []
        let started = Date()
        for run in 0..<36 {
            // Plan B over Plan A's tree and back, so a killed run leaves the other Plan's files.
            let plan = run % 2 == 0 ? studio : movies
            let estimate = full()
            let delay = UInt64.random(in: UInt64(estimate / 4)...UInt64(estimate * 5 / 4), using: &rng) * 1000
            let journalBefore = inode(out + "/.orchestrate/journal.json")
            let t = DispatchTime.now().uptimeNanoseconds
            let pid = try compile(bin, plan, out: out, store: store)
            // Until the kill time, or until it finishes first (then its duration is one more sample).
            var status: Int32 = 0
            var finished = false
            while DispatchTime.now().uptimeNanoseconds - t < delay {
                if waitpid(pid, &status, WNOHANG) == pid { finished = true; break }
                usleep(500)
            }
            if finished {
                durations.append(UInt32((DispatchTime.now().uptimeNanoseconds - t) / 1000))
            } else {
                // Not yet reaped, so the pid is still this child's: a kill after it exited does nothing.
                kill(pid, SIGKILL)
                if wait(pid) == nil { killed += 1 }
            }
            // Killed after writing a journal of its own and before the state: while writing the tree.
            if let after = inode(out + "/.orchestrate/journal.json"), after != journalBefore { whileWriting += 1 }
            // A kill that left temp files of its own (earlier runs' are counted once).
            let now = Set(leftovers(out))
            if !now.subtracting(seen).isEmpty { withLeftovers += 1 }
            seen.formUnion(now)
        }
        print("CrashSafetyTests: \(killed) of 36 runs killed (a compile takes \(full() / 1000) ms); \(whileWriting) while writing the tree; \(withLeftovers) left new .orchestrate-tmp-* files in --out "
              + "(\(String(format: "%.1f", Date().timeIntervalSince(started))) s)")
        XCTAssertGreaterThan(killed, 5, "the delays no longer land inside the compile")
        XCTAssertGreaterThan(whileWriting + withLeftovers, 0, "no kill landed while the tree was written")

        XCTAssertEqual(wait(try compile(bin, movies, out: out, store: store)), 0)
        // The reference: a clean compile into an empty directory (same store or not: the tree is a
        // pure function of the Plan, provenance included).
        XCTAssertEqual(h.run("compile", movies, "--out", "clean", "--store", store), 0, h.err)

        print("CrashSafetyTests: after one more compile, \(leftovers(out).count) temp files and "
              + "\(Set(tree(out).keys).subtracting(tree(h.root + "/clean").keys).count) orphans are left")
        XCTAssertEqual(leftovers(out), [], "temp files left in --out")
        let got = tree(out), want = tree(h.root + "/clean")
        let extra = Set(got.keys).subtracting(want.keys).sorted()
        let missing = Set(want.keys).subtracting(got.keys).sorted()
        let different = Set(got.keys).intersection(want.keys).filter { got[$0] != want[$0] }.sorted()
        XCTAssertEqual(extra, [], "orphans left in --out (\(extra.count))")
        XCTAssertEqual(missing, [], "missing from --out")
        XCTAssertEqual(different, [], "different path, mode or bytes")
        XCTAssertGreaterThan(want.count, 100)
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: out + "/.orchestrate")), ["outputs.json", "memo.json", "entity-base"],
                       "only the state, the compile memo and the entity base are left in .orchestrate/")
    }
}
