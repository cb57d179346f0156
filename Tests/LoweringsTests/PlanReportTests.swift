import Hashing
import XCTest
@testable import Lowerings

final class PlanReportTests: XCTestCase {
    /// Projections of one name and one digest with different sources (the iOS and Android `push`
    /// projections of a Plan that asks for neither) are two records; their order is fixed, so a
    /// summary's bytes do not depend on the hash table they passed through (each has its own
    /// seed: the order once changed from one compile to the next).
    func testRecordsOfOneNameAndDigestComeInOneOrder() {
        let fields: [String: ProjectionValue] = ["requested": .bool(false)]
        let ios = Projection(name: "push", fields: fields, sources: ["requested": ["/application/push/ios"]])
        let android = Projection(name: "push", fields: fields, sources: ["requested": ["/application/push/android"]])
        let others = (0 ..< 45).map { Projection(name: "accent\($0)", fields: ["accent": .int($0)]) }
        XCTAssertEqual(ios.digest, android.digest)
        XCTAssertNotEqual(ios, android)
        let first = PlanReport.records([ios, android] + others)
        // Sources compare in their packed form (length-prefixed: the shorter pointer first).
        XCTAssertEqual(first?.suffix(2).map { $0.sources["requested"] ?? [] }, [["/application/push/ios"], ["/application/push/android"]])
        for i in 0 ..< 50 {
            let order = i % 2 == 0 ? others + [android, ios] : [ios] + others.reversed() + [android, ios]
            XCTAssertEqual(PlanReport.records(order), first, "round \(i)")
        }
    }
}
