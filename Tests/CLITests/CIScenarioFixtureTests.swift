import Cache
import Foundation
import Lowerings
import Tasks
import XCTest
@testable import CLI
@testable import Pipeline

/// Composed trees for the CI command tests while the real lowerings are still stubs: one
/// synthetic lowering per platform renders every `.replaces` seam of the real pinned Core from a
/// few projections of a tiny stand-in Plan, and the real pipeline (executor, composition on the
/// pinned Cores from cas/, materializer, provenance) writes the output.
struct SyntheticPlan: Hashable {
    var key = "movie_catalog"
    var name = "Movie Catalog"
    var accent = "#E4572E"
    /// A Rails-only fact (the fields of the first entity).
    var railsFields = "title,released_on"
    /// When set, the iOS app icon is a copy of this pinned object (as the monogram PNGs are);
    /// the object must be in the store the compile reads.
    var pinnedIcon: Digest?

    var digest: Digest { Digest.of("\(key)|\(name)|\(accent)|\(railsFields)") }

    var identity: Projection {
        Projection(name: "identity", fields: ["key": .string(key), "name": .string(name)],
                   sources: ["key": ["/application/key"], "name": ["/application/name"]])
    }

    var accentProjection: Projection {
        Projection(name: "accent", fields: ["accent": .string(accent)], sources: ["accent": ["/application/appearance/accent"]])
    }

    var railsEntities: Projection {
        Projection(name: "rails_entities", fields: ["fields": .string(railsFields)], sources: ["fields": ["/entities/0/fields"]])
    }

    /// What each seam reads.
    func reads(_ seam: SeamID) -> [Projection] {
        switch seam {
        case .iosAccentColor, .androidColorsLight, .androidColorsDark: return [accentProjection]
        case .railsThemeCss: return [accentProjection]
        case .railsRoutes, .railsNavigationPartial: return [identity, railsEntities]
        default: return [identity]
        }
    }

    func lowering(_ pin: CorePin) -> PlatformLowering {
        var projections: [String: Projection] = [:]
        var tasks: [FileTask] = []
        for seam in pin.seams where seam.origin == .replaces {
            if seam.id == .iosAppIcon, let icon = pinnedIcon {
                tasks.append(FileTask(id: seam.id.rawValue, family: seam.id.rawValue, platform: pin.name, release: "synthetic-1",
                                      path: seam.outputPath, copying: icon))
                continue
            }
            let reads = reads(seam.id)
            for p in reads { projections[p.name] = p }
            let text = seam.id.rawValue + "\n" + reads.map(\.text).joined(separator: "\n") + "\n"
            tasks.append(FileTask(id: seam.id.rawValue, family: seam.id.rawValue, platform: pin.name, release: "synthetic-1",
                                  path: seam.outputPath, mode: seam.mode,
                                  inputs: Dictionary(uniqueKeysWithValues: reads.map { ($0.name, $0.digest) })) { _ in Array(text.utf8) })
        }
        return PlatformLowering(platform: pin.platform, status: .emitted, release: "synthetic-\(pin.name)-1",
                                tasks: tasks, projections: projections, definitionDigest: identity.digest)
    }

    func taskSet(platforms: [CorePin] = CorePins.all) -> TaskSet {
        let lowerings = platforms.map(lowering)
        return TaskSet(planDigest: digest, tasks: lowerings.flatMap(\.tasks), trees: lowerings, report: PlanReport(lowerings))
    }
}

enum SyntheticCompile {
    static var seed: SeedStore { SeedStore(root: SeedLocation.find(environment: [:])!) }

    /// Compiles `plan` into `out` through a store at `store`; returns the run summary.
    @discardableResult
    static func run(_ plan: SyntheticPlan, out: String, store: String) throws -> CompileSummary {
        let chain = StoreChain(local: try LocalStore(root: store), seed: seed)
        return try Compilation.compile(plan.taskSet(), from: nil, options: CompileOptions(outDirectory: out, jobs: 2), store: chain).summary
    }
}

/// File edits for tampering tests.
enum Tamper {
    static func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    static func append(_ path: String, _ text: String) throws {
        let h = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        h.seekToEndOfFile()
        h.write(Data(text.utf8))
        h.closeFile()
    }

    static func chmod(_ path: String, _ mode: Int) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }

    /// Rewrites a provenance file through a JSON edit of its top-level object.
    static func editProvenance(_ path: String, _ edit: (inout [String: Any]) -> Void) throws {
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
        edit(&json)
        try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys, .prettyPrinted]).write(to: URL(fileURLWithPath: path))
    }

    /// Edits the record of `file` in a provenance document.
    static func editRecord(_ json: inout [String: Any], _ file: String, _ edit: (inout [String: Any]) -> Void) {
        var files = json["files"] as! [[String: Any]]
        let i = files.firstIndex { $0["path"] as? String == file }!
        edit(&files[i])
        json["files"] = files
    }
}

final class CIScenarioFixtureTests: XCTestCase {
    func testTheSyntheticCompileComposesEveryTreeOnItsPinnedCore() throws {
        let h = try CLIHarness()
        defer { h.cleanUp() }
        let summary = try SyntheticCompile.run(SyntheticPlan(), out: h.root + "/out", store: h.root + "/store")
        for pin in CorePins.all {
            XCTAssertNotNil(summary.platforms[pin.platform]?.nativeInputDigest, pin.name)
            let doc = try ProvenanceDocument.decode(Array(h.read("out/" + mounted(pin.mount, TreeDigest.provenanceFile))!.utf8))
            XCTAssertEqual(doc.nativeInputDigest, summary.platforms[pin.platform]?.nativeInputDigest)
            XCTAssertTrue(doc.files.contains { $0.origin == "core" }, pin.name)
        }
        let ios = try ProvenanceDocument.decode(Array(h.read("out/ios/FOUNDATION_PROVENANCE.json")!.utf8))
        let accent = ios.files.first { $0.owner == "ios.accent_color" }!
        XCTAssertEqual(accent.inputs, ["accent": SyntheticPlan().accentProjection.digest], "task inputs are recorded per file")
        XCTAssertNil(ios.files.first { $0.origin == "core" }!.inputs, "Core files have no inputs")
        let record = try XCTUnwrap(ios.projections?["accent"])
        XCTAssertEqual(record.digest, SyntheticPlan().accentProjection.digest)
        XCTAssertEqual(record.sources, ["accent": ["/application/appearance/accent"]])
        XCTAssertEqual(record.fields["accent"], Digest.of(ProjectionValue.string("#E4572E").canonical))
        XCTAssertNil(ios.projections?["rails_entities"], "only projections the tree's files read are recorded")
    }
}
