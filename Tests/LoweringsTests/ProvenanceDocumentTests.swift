import Cache
import Foundation
import Tasks
import XCTest
@testable import Lowerings

/// `FOUNDATION_PROVENANCE.json` records no run history; a file written by the format before
/// (`/1`, with `rendered_in`) is still read, and `audit --plan` says it is not what the Plan's
/// compile writes now.
final class ProvenanceDocumentTests: XCTestCase {
    private func composed() throws -> [UInt8] {
        let seams = [CoreSeam(.iosApplicationDefinition, path: "Generated/A.swift", origin: .replaces)]
        let pin = CorePin(platform: .ios, digest: Digest.of("core"), revision: "r", seams: seams)
        return try Composer.compose(
            .init(pin: pin, planDigest: Digest.of("plan"), projectionDigest: nil, release: "x"),
            core: [CoreFile(path: "Generated/A.swift", digest: Digest.of("placeholder"), mode: .regular),
                   CoreFile(path: "Main.swift", digest: Digest.of("main"), mode: .regular)],
            outputs: [SeamOutput(path: "ios/Generated/A.swift", digest: Digest.of("a"), mode: .regular, seam: .iosApplicationDefinition,
                                 taskKey: Digest.of("key"), inputs: ["p": Digest.of("p")])]).provenance
    }

    /// The same document as the format before wrote it: schema `/1`, `rendered_in` on every file.
    private func firstFormat(_ bytes: [UInt8]) throws -> [UInt8] {
        var json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        json["schema"] = "orchestrate.provenance/1"
        json["files"] = (json["files"] as? [[String: Any]])?.map { f -> [String: Any] in
            var f = f
            f["rendered_in"] = f["origin"] as? String == "core" ? NSNull() : Digest.of("an earlier plan").hex as Any
            return f
        }
        return Array(try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys, .prettyPrinted]))
    }

    func testNoRunHistoryIsWritten() throws {
        let text = String(decoding: try composed(), as: UTF8.self)
        XCTAssertTrue(text.contains("\"schema\" : \"orchestrate.provenance/2\""), text)
        XCTAssertFalse(text.contains("rendered_in"), text)
    }

    func testTheFormatBeforeIsReadAndReportedAsNotWhatThePlanWrites() throws {
        let now = try composed(), before = try firstFormat(now)
        let old = try ProvenanceDocument.decode(before)
        XCTAssertEqual(old.schema, "orchestrate.provenance/1")
        XCTAssertEqual(old.files, try ProvenanceDocument.decode(now).files, "rendered_in is ignored")
        XCTAssertTrue(PlanConformance.compareProvenance(expected: now, actual: now).isEmpty)
        let problems = PlanConformance.compareProvenance(expected: now, actual: before)
        XCTAssertEqual(problems.count, 1, "\(problems.map(\.message))")
        XCTAssertTrue(problems.first?.message.contains("has schema orchestrate.provenance/1") == true, problems.first?.message ?? "")
        XCTAssertThrowsError(try ProvenanceDocument.decode(Array(String(decoding: now, as: UTF8.self)
            .replacingOccurrences(of: "orchestrate.provenance/2", with: "orchestrate.provenance/3").utf8)))
    }

    /// `encoded()` writes StableJSON's bytes itself (a Rails tree's provenance is megabytes); it
    /// must give exactly what `JSONEncoder` gives for the same document, odd strings included.
    func testTheDirectWriterGivesStableJSONsBytes() throws {
        var doc = try ProvenanceDocument.decode(try composed())
        XCTAssertEqual(doc.encoded(), try StableJSON.encode(doc))
        var odd = doc.files[0]
        odd.path = "a \"quoted\" \\ path/with\ttab\nline\u{1}\u{1f}\u{7f}/é/😀/\u{2028}"
        odd.inputs = [:]
        odd.taskKey = nil
        var other = doc.files[1]
        other.inputs = ["b": Digest.of("b"), "A": Digest.of("A"), "a10": Digest.of("x"), "a9": Digest.of("y"), "a_b": Digest.of("z")]
        // More than the insertion sort's eight members, non-ASCII keys among them.
        var many = doc.files[1]
        many.inputs = Dictionary(uniqueKeysWithValues: ["z", "Z", "é", "e", "😀", "\u{2028}", "a", "a0", "a_", "b", "B", "0", "~"]
            .map { ($0, Digest.of($0)) })
        doc.files = [odd, other, many, doc.files[0]]
        doc.core.excludedPaths = []
        doc.projectionDigest = nil
        doc.projections = [
            "entity:movie": .init(name: "entity:movie", digest: Digest.of("m"), fields: ["title": Digest.of("t"), "Z": Digest.of("z")],
                                  sources: ["title": ["/entities/0/fields/0", "/a~1b"], "empty": []]),
            "empty": .init(name: "empty", digest: Digest.of("e"), fields: [:], sources: [:]),
        ]
        XCTAssertEqual(String(decoding: doc.encoded(), as: UTF8.self), String(decoding: try StableJSON.encode(doc), as: UTF8.self))
        XCTAssertGreaterThanOrEqual(doc.estimatedSize, doc.encoded().count, "the buffer is allocated once")
        doc.projections = [:]
        XCTAssertEqual(doc.encoded(), try StableJSON.encode(doc))
        doc.files = []
        XCTAssertEqual(doc.encoded(), try StableJSON.encode(doc))
    }
}
