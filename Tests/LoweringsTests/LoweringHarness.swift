import Cache
import Foundation
import Tasks
import XCTest
@testable import Lowerings

/// What the iOS, Android and Rails lowering tests share: load a Plan (failing the test on a
/// diagnostic), edit a fixture, render a task as the executor would without a store, and look at
/// a lowering's files and keys. Platform-specific Plan builders stay with each platform's tests
/// (`IOSTest`, `AndroidFixture`).
enum LoweringHarness {
    /// Loads Plan text; fails the test (and throws) on diagnostics.
    static func loaded(_ text: String, file: String = "plan.json", sourceFile: StaticString = #filePath, line: UInt = #line) throws -> LoadedPlan {
        let result = PlanLoader.load(bytes: Array(text.utf8), file: file)
        guard let plan = result.loadedPlan else {
            XCTFail("Plan did not load: \(result.diagnostics.map(\.description))", file: sourceFile, line: line)
            throw CocoaError(.fileReadCorruptFile)
        }
        return plan
    }

    /// An example Plan of `Fixtures/`.
    static func fixture(_ name: String) throws -> LoadedPlan { try loaded(try Fixture.text(name), file: name) }

    /// A fixture with values set (or, with nil, removed) at pointers.
    static func edited(_ name: String, _ edits: [(String, Any?)]) throws -> LoadedPlan {
        try edited(name) { root in edits.reduce(root) { JSONEdit.set($0, $1.0, $1.1) } }
    }

    /// A fixture edited as a JSON object.
    static func edited(_ name: String, _ edit: (Any) -> Any) throws -> LoadedPlan {
        try loaded(JSONEdit.serialize(edit(JSONEdit.parse(try Fixture.text(name)))))
    }

    /// A task's bytes, as the executor renders it (a copy task's from the repository's `cas/`).
    static func render(_ task: FileTask) throws -> [UInt8] { try SeedRendering.render(task) }

    static func text(_ task: FileTask) throws -> String { String(decoding: try render(task), as: UTF8.self) }

    /// Every task's bytes by path relative to the tree's mount.
    static func files(_ lowering: PlatformLowering) throws -> [String: [UInt8]] {
        let prefix = lowering.mount.isEmpty ? "" : lowering.mount + "/"
        var out: [String: [UInt8]] = [:]
        for task in lowering.tasks {
            XCTAssertTrue(task.path.hasPrefix(prefix), "\(task.path) is outside \(prefix)")
            out[String(task.path.dropFirst(prefix.count))] = try render(task)
        }
        return out
    }

    static func task(_ lowering: PlatformLowering, _ id: String) throws -> FileTask {
        try XCTUnwrap(lowering.tasks.first { $0.id == id }, "no task \(id) in \(lowering.tasks.map(\.id))")
    }

    /// Task key digests by task id.
    static func keys(_ lowering: PlatformLowering) -> [String: Digest] {
        Dictionary(uniqueKeysWithValues: lowering.tasks.map { ($0.id, TaskKey(task: $0, dependencyDigests: [:]).digest) })
    }
}
