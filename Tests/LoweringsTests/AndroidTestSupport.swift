import Cache
import Foundation
import Tasks
import XCTest
@testable import Lowerings

/// The Android lowering tests' own helpers (the shared ones are `LoweringHarness`'s).
enum AndroidFixture {
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
}
