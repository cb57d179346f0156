import Cache
import Foundation
import Tasks
import XCTest
@testable import Lowerings

/// Shared helpers for the Android lowering tests.
enum AndroidFixture {
    /// Loads Plan JSON text; fails the test when it does not load.
    static func loaded(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> LoadedPlan {
        let result = load(text)
        guard let loaded = result.loadedPlan else {
            XCTFail("plan did not load: \(result.diagnostics)", file: file, line: line)
            throw CocoaError(.fileReadCorruptFile)
        }
        return loaded
    }

    static func fixture(_ name: String) throws -> LoadedPlan { try loaded(try Fixture.text(name)) }

    /// A fixture edited at pointers (nil removes the value).
    static func edited(_ name: String, _ edits: [(String, Any?)]) throws -> LoadedPlan {
        var root = JSONEdit.parse(try Fixture.text(name))
        for (pointer, value) in edits { root = JSONEdit.set(root, pointer, value) }
        return try loaded(JSONEdit.serialize(root))
    }

    /// A minimal Plan: `entities` public indexes named e0…, optional domain/key/account.
    static func plan(key: String = "app", domain: String? = "app.example.com", entities: Int = 2, account: Bool = false,
                     extra: String = "") -> String {
        let list = (0..<entities).map { i -> String in
            let uuid = String(format: "00000000-0000-4000-8000-%012d", i + 1)
            return #"{"key":"e\#(i)","plural_key":"e\#(i)s","uuid":"\#(uuid)","name":"E\#(i)","plural":"E\#(i)s","index":"public","forms":true}"#
        }
        let domainMember = domain.map { #","domain":"\#($0)""# } ?? ""
        let accountMember = account ? #""account":{"subject_uuid":"6f1c0000-0000-4000-8000-000000000001","editable":true},"# : ""
        return """
        {"plan_format":1,"project_id":"0f8fad5b-d9cb-469f-a165-70867728950e",
         "application":{"key":"\(key)","name":"App"\(domainMember),"native":{"android":{}}\(extra)},
         \(accountMember)"entities":[\(list.joined(separator: ","))]}
        """
    }

    static func render(_ task: FileTask) throws -> [UInt8] {
        try SeedRendering.render(task)
    }

    static func text(_ task: FileTask) throws -> String { String(decoding: try render(task), as: UTF8.self) }

    static func keys(_ lowering: PlatformLowering) -> [String: Digest] {
        Dictionary(uniqueKeysWithValues: lowering.tasks.map { ($0.id, TaskKey(task: $0, dependencyDigests: [:]).digest) })
    }

    static func task(_ lowering: PlatformLowering, _ id: String) throws -> FileTask {
        try XCTUnwrap(lowering.tasks.first { $0.id == id }, "no task \(id) in \(lowering.tasks.map(\.id))")
    }
}
