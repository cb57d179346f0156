import Cache
import Foundation
import Tasks
import XCTest
@testable import Lowerings

/// The iOS lowering tests' own helpers (the shared ones are `LoweringHarness`'s).
enum IOSTest {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let swiftc = "/opt/swift/usr/bin/swiftc"

    /// The text of the task `id` renders.
    static func text(_ lowering: PlatformLowering, _ id: String) throws -> String {
        try LoweringHarness.text(try LoweringHarness.task(lowering, id))
    }

    /// Ids of the tasks whose key differs between the two lowerings (both must have the same tasks).
    static func changedKeys(_ a: PlatformLowering, _ b: PlatformLowering) -> Set<String> {
        let ka = LoweringHarness.keys(a), kb = LoweringHarness.keys(b)
        XCTAssertEqual(Set(ka.keys), Set(kb.keys))
        return Set(ka.keys.filter { ka[$0] != kb[$0] })
    }

    /// A minimal Plan as a JSON object, for edits with `JSONEdit`.
    static func planObject(entities: Int = 2, account: Bool = false, native: Bool = true) -> Any {
        var entityList: [[String: Any]] = []
        for i in 0..<entities {
            let letter = String(UnicodeScalar(UInt8(97 + i)))
            entityList.append([
                "key": "item_\(letter)", "plural_key": "items_\(letter)",
                "uuid": String(format: "00000000-0000-4000-8000-%012d", i + 1),
                "name": "Item \(letter.uppercased())", "plural": "Items \(letter.uppercased())",
                "index": "public", "forms": true,
                "fields": [["key": "title", "type": "string"]],
            ])
        }
        var application: [String: Any] = ["key": "sample_app", "name": "Sample App", "domain": "sample.example.com"]
        if native { application["native"] = ["ios": [String: Any]()] }
        var plan: [String: Any] = [
            "plan_format": 1, "project_id": "0f8fad5b-d9cb-469f-a165-70867728950e",
            "application": application, "entities": entityList,
        ]
        if account { plan["account"] = ["subject_uuid": "6f1c0000-0000-4000-8000-000000000001", "editable": true] }
        return plan
    }

    static func lower(_ object: Any) throws -> PlatformLowering {
        IOSLowering.lower(try LoweringHarness.loaded(JSONEdit.serialize(object)))
    }


    static func scratchDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ios-lowering-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
