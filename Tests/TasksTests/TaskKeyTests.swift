import StoreModel
import XCTest
@testable import Tasks

final class TaskKeyTests: XCTestCase {
    private func task(id: String = "a", family: String = "f", release: String = "r1", path: String = "x/a.txt",
                      mode: FileMode = .regular, inputs: [String: Digest] = ["p": Digest.of("1")]) -> FileTask {
        FileTask(id: id, family: family, platform: "demo", release: release, path: path, mode: mode, inputs: inputs) { _ in [] }
    }

    private func key(_ t: FileTask, _ deps: [String: Digest] = [:]) -> Digest { TaskKey(task: t, dependencyDigests: deps).digest }

    func testInvariance() {
        // Input order and the render closure do not change the key.
        let a = task(inputs: ["p": Digest.of("1"), "q": Digest.of("2")])
        let b = task(inputs: ["q": Digest.of("2"), "p": Digest.of("1")])
        XCTAssertEqual(key(a), key(b))
        let c = FileTask(id: "a", family: "f", platform: "other-platform", release: "r1", path: "x/a.txt",
                         inputs: ["p": Digest.of("1")]) { _ in [1, 2, 3] }
        XCTAssertEqual(key(task()), key(c), "platform is a grouping label, not an input")
    }

    func testSensitivity() {
        let base = key(task())
        XCTAssertNotEqual(base, key(task(id: "b")))
        XCTAssertNotEqual(base, key(task(family: "g")))
        XCTAssertNotEqual(base, key(task(release: "r2")))
        XCTAssertNotEqual(base, key(task(path: "x/b.txt")))
        XCTAssertNotEqual(base, key(task(mode: .executable)))
        XCTAssertNotEqual(base, key(task(inputs: ["p": Digest.of("2")])))
        XCTAssertNotEqual(base, key(task(inputs: ["P": Digest.of("1")])))
        XCTAssertNotEqual(base, key(task(inputs: ["p": Digest.of("1"), "q": Digest.of("1")])))
        XCTAssertNotEqual(base, key(task(), ["dep": Digest.of("out")]))
    }

    func testFramingSeparatesIdAndPath() {
        // Moving a character between adjacent fields must change the key.
        XCTAssertNotEqual(key(task(id: "ab", family: "c")), key(task(id: "a", family: "bc")))
    }

    func testPinnedLiteralKey() {
        // Pins the encoding: changing TaskKey's layout must be a deliberate version bump.
        let t = task()
        // Recomputed independently from the documented encoding (Python, hashlib) when pinned.
        XCTAssertEqual(key(t).hex, "b7c2807b01df6c6e137243ec05c08f2934c921f490e0cbdcdb552db3977ef474")
    }

    func testKeepsNamedParts() {
        let k = TaskKey(task: task(), dependencyDigests: ["dep": Digest.of("o")])
        XCTAssertEqual(k.inputs, ["p": Digest.of("1"), "dep": Digest.of("o")])
        XCTAssertEqual(k.release, "r1")
        XCTAssertEqual(k.path, "x/a.txt")
    }

    func testPreimageIsWhatDigestBuilderFrames() {
        // TaskKey writes its preimage in one buffer; it must be byte for byte DigestBuilder's.
        let cases: [(FileTask, [String: Digest])] = [
            (task(), [:]),
            (task(inputs: [:]), [:]),
            (task(id: "", family: "", release: "", path: "p", mode: .executable, inputs: ["": Digest.of("e")]), [:]),
            (task(id: "ünïcødé 日本", path: "a/b/🚀.txt", inputs: ["z": Digest.of("1"), "a": Digest.of("2"), "é": Digest.of("3"),
                                                             "e": Digest.of("4"), "aa": Digest.of("5"), "B": Digest.of("6")]),
             ["dep": Digest.of("o"), "a": Digest.of("overrides")]),
            (task(id: String(repeating: "long", count: 300)), ["x": Digest.of("y")]),
        ]
        for (t, deps) in cases {
            var named = t.inputs
            for (n, d) in deps { named[n] = d }
            var b = DigestBuilder(domain: TaskKey.domain, version: TaskKey.version)
            b.add(t.id)
            b.add(t.family)
            b.add(t.release)
            b.add(t.path)
            b.add(UInt64(t.mode.rawValue))
            b.add(named: named)
            XCTAssertEqual(TaskKey.preimage(t, named), b.preimage, t.id)
            XCTAssertEqual(TaskKey(task: t, dependencyDigests: deps).digest, b.finalize(), t.id)
        }
    }
}
