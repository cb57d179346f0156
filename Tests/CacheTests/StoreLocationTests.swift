import XCTest
@testable import Cache

final class StoreLocationTests: XCTestCase {
    func testPrecedence() {
        let table: [([String: String], String)] = [
            (["ORCHESTRATE_STORE": "/s", "XDG_CACHE_HOME": "/x"], "/s"),
            (["XDG_CACHE_HOME": "/x"], "/x/orchestrate"),
            (["XDG_CACHE_HOME": "/x/"], "/x/orchestrate"),
            (["ORCHESTRATE_STORE": "", "XDG_CACHE_HOME": "/x"], "/x/orchestrate"),
            (["XDG_CACHE_HOME": ""], "/home/u/.cache/orchestrate"),
            ([:], "/home/u/.cache/orchestrate"),
            (["HOME": "/elsewhere"], "/home/u/.cache/orchestrate"),
        ]
        for (env, expected) in table {
            XCTAssertEqual(StoreLocation.default(environment: env, home: "/home/u"), expected, "\(env)")
        }
    }
}
