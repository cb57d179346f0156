import Foundation
import Tasks
import XCTest
@testable import Lowerings

/// GapSet entries are built by one set of constructors, so a kind of gap has one code, status and
/// pointer shape whichever client raises it.
final class GapSetTests: XCTestCase {
    private func bothClients(push: Bool, theme: String = "auto") throws -> LoadedPlan {
        var plan = IOSTest.planObject(account: true)
        plan = JSONEdit.set(plan, "/application/native", ["ios": [String: Any](), "android": [String: Any]()])
        plan = JSONEdit.set(plan, "/application/appearance", ["theme": theme])
        if push { plan = JSONEdit.set(plan, "/application/push", ["ios": true, "android": true]) }
        return try LoweringHarness.loaded(JSONEdit.serialize(plan))
    }

    /// iOS wrote `…native_push.not_generated` and Android `…push.not_generated` for the same gap.
    /// Since push machinery is generated (issue 17) the gap is `partially_generated` on both.
    func testPushHasOneCodeOnEveryClient() throws {
        let lowerings = PlanLowering.lower(try bothClients(push: true))
        let push = GapSetFile.sorted(lowerings.flatMap(\.gaps)).filter { $0.pointer.hasPrefix("/application/push/") }
        XCTAssertEqual(push.map(\.pointer), ["/application/push/android", "/application/push/ios"])
        XCTAssertEqual(push.map(\.code), [.nativePushPartiallyGenerated, .nativePushPartiallyGenerated])
        XCTAssertEqual(push.map(\.status), [.partiallyGenerated, .partiallyGenerated])
        XCTAssertEqual(push.map(\.clients), [[.android], [.ios]])
        let file = String(decoding: GapSetFile.render(lowerings.flatMap(\.gaps)), as: UTF8.self)
        XCTAssertEqual(file.components(separatedBy: "\"foundation_plan.gap.native_push.partially_generated\"").count - 1, 2, file)
        XCTAssertFalse(file.contains("not_generated"), file)
    }

    func testOneGapRaisedByBothClientsIsOneEntryNamingBoth() throws {
        let gaps = GapSetFile.sorted(PlanLowering.lower(try bothClients(push: false, theme: "toggle")).flatMap(\.gaps))
        XCTAssertEqual(gaps.map(\.code), [.nativeThemePreferenceNotGenerated])
        XCTAssertEqual(gaps.first?.clients, [.android, .ios])
        let json = try JSONSerialization.jsonObject(with: Data(GapSetFile.render(gaps))) as? [String: Any]
        let entry = (json?["gaps"] as? [[String: Any]])?.first
        XCTAssertEqual(entry?["clients"] as? [String], ["android", "ios"])
        XCTAssertEqual(entry?["status"] as? String, "partially_generated")
        XCTAssertEqual(entry?["code"] as? String, "foundation_plan.gap.appearance.native_theme_preference.not_generated")
    }

    func testEveryCodeIsSpelledUnderFoundationPlanGap() {
        for code in GapCode.allCases {
            XCTAssertTrue(code.rawValue.hasPrefix("foundation_plan.gap."), code.rawValue)
            XCTAssertTrue(code.rawValue.hasSuffix(".not_generated") || code.rawValue.hasSuffix(".partially_generated"), code.rawValue)
        }
    }
}
