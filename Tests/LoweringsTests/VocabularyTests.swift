import Cache
import Foundation
import Tasks
import XCTest
@testable import Lowerings

/// The typed vocabulary shared by lowerings, composition and provenance: platforms, seam ids,
/// file owners and file modes, each with one spelling on disk.
final class VocabularyTests: XCTestCase {
    func testPlatformsMountAndName() {
        XCTAssertEqual(Platform.allCases.map(\.mount), ["", "ios", "android"])
        XCTAssertEqual(Platform.clients, [.ios, .android])
        XCTAssertEqual(Platform.allCases.map(\.coreOwner), ["core:rails", "core:ios", "core:android"])
        XCTAssertEqual(Platform.ios.clientPointer, "/application/native/ios")
        XCTAssertEqual(CorePins.all.map(\.platform), Platform.allCases)
        for platform in Platform.allCases { XCTAssertEqual(CorePins.pin(for: platform).mount, platform.mount) }
    }

    func testEverySeamIsDeclaredOnceOnItsPlatformsCore() {
        for id in SeamID.allCases {
            XCTAssertTrue(id.rawValue.hasPrefix(id.platform.rawValue + "."), "\(id) names its platform")
            XCTAssertEqual(CoreCatalog.seam(id).id, id)
        }
        let declared = Platform.allCases.flatMap { p in CoreCatalog.seams(p).map(\.id) }
        XCTAssertEqual(declared.count, SeamID.allCases.count)
        XCTAssertEqual(Set(declared), Set(SeamID.allCases))
        for pin in CorePins.all { XCTAssertTrue(pin.seams.allSatisfy { $0.platform == pin.platform }, pin.name) }
        XCTAssertEqual(SeamID.workflow(for: .android).rawValue, "rails.android_workflow")
        XCTAssertEqual(CoreCatalog.seam(.command(for: .ios)).outputPath, "bin/ios")
        XCTAssertEqual(CoreCatalog.seam(.command(for: .ios)).mode, .executable)
        XCTAssertEqual(CoreCatalog.seam(.androidTabIcons).outputPath(["token": "film"]), "android/app/src/main/res/drawable/ic_tab_film.xml")
    }

    func testFileOwnersReadBackFromTheirText() {
        for owner in Platform.allCases.map(FileOwner.core) + SeamID.allCases.map(FileOwner.seam) {
            XCTAssertEqual(FileOwner(owner.description), owner)
        }
        XCTAssertNil(FileOwner("core:windows"))
        XCTAssertNil(FileOwner("ios.app_icons"), "a misspelt seam is no owner")
    }

    func testFileModesAreWrittenAsGitWritesThem() throws {
        XCTAssertEqual(FileMode.allCases.map(\.octal), ["100644", "100755"])
        XCTAssertEqual(FileMode(octal: "100755"), .executable)
        XCTAssertNil(FileMode(octal: "100777"))
        XCTAssertEqual(FileMode(executable: true), .executable)
        let composed = try Composer.compose(.init(pin: CorePin(platform: .ios, digest: Digest.of("c"), revision: "r", seams: []),
                                                  planDigest: Digest.of("p"), projectionDigest: nil, release: "r"),
                                            core: [CoreFile(path: "run", digest: Digest.of("x"), mode: .executable)], outputs: [])
        let text = String(decoding: composed.provenance, as: UTF8.self)
        XCTAssertTrue(text.contains(#""mode" : "100755""#), text)
        XCTAssertThrowsError(try ProvenanceDocument.decode(Array(text.replacingOccurrences(of: "100755", with: "100777").utf8)),
                             "a mode other than 100644/100755 is not provenance")
    }
}
