import Foundation
import Tasks
import XCTest
@testable import Lowerings

/// Lowers fixture Plans for Rails and renders every task, with fake bytes for the path
/// configurations the iOS and Android lowerings would render.
enum RailsHarness {
    static func fakeConfiguration(_ client: String) -> [UInt8] {
        Array("{\"settings\":{},\"rules\":[{\"patterns\":[\".*\"],\"properties\":{\"client\":\"\(client)\"}}]}\n".utf8)
    }

    static func loaded(_ text: String) throws -> LoadedPlan {
        switch load(text) {
        case .loaded(let plan): return plan
        case .failed(let diagnostics): throw RailsHarnessError.invalid(diagnostics.map(\.description))
        }
    }

    static func loadedFixture(_ name: String) throws -> LoadedPlan { try loaded(Fixture.text(name)) }

    static func render(_ task: FileTask) throws -> [UInt8] {
        var outputs: [String: [UInt8]] = [:]
        for (input, id) in task.dependencies {
            outputs[input] = fakeConfiguration(String(id.prefix(while: { $0 != "." })))
        }
        return try SeedRendering.render(task, dependencies: outputs)
    }

    /// Path → bytes of every Rails task.
    static func files(_ lowering: PlatformLowering) throws -> [String: [UInt8]] {
        var out: [String: [UInt8]] = [:]
        for task in lowering.tasks { out[task.path] = try render(task) }
        return out
    }

    /// Task id → key-relevant facts (inputs, dependencies, path, mode).
    static func keys(_ lowering: PlatformLowering) -> [String: String] {
        var out: [String: String] = [:]
        for t in lowering.tasks {
            let inputs = t.inputs.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.hex)" }.joined(separator: ",")
            let deps = t.dependencies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
            out[t.id] = "\(t.release)|\(t.path)|\(t.mode.octal)|\(inputs)|\(deps)"
        }
        return out
    }

    static func edited(_ fixture: String, _ edit: (Any) -> Any) throws -> LoadedPlan {
        let json = JSONEdit.parse(try Fixture.text(fixture))
        return try loaded(JSONEdit.serialize(edit(json)))
    }
}

enum RailsHarnessError: Error {
    case invalid([String])
}
