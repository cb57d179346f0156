import Cache
import Foundation
import Tasks
import XCTest
@testable import Lowerings

/// `FOUNDATION_PROVENANCE.json` records no run history; a file written by the format before
/// (`/1`, with `rendered_in`) is still read, and `audit --plan` says it is not what the Plan's
/// compile writes now.
final class ProvenanceDocumentTests: XCTestCase {
    private func composed() throws -> [UInt8] { try composition().provenance }

    /// The fixture's composition; each argument changes one thing the document is a function of.
    private func composition(plan: String = "plan", projection: String? = nil, release: String = "x", core: String = "core",
                             revision: String = "r", main: String = "main", output: String = "a", taskKey: String = "key",
                             mode: FileMode = .regular, projections: [String: Projection] = [:], inputs: [String: Digest]? = nil,
                             known: ((Digest) -> ProvenanceFacts?)? = nil,
                             keepProvenanceBytes: Int = Composition.keepProvenanceBytes) throws -> Composition {
        let seams = [CoreSeam(.iosApplicationDefinition, path: "Generated/A.swift", mode: mode, origin: .replaces)]
        let pin = CorePin(platform: .ios, digest: Digest.of(core), revision: revision, seams: seams)
        return try Composer.compose(
            .init(pin: pin, planDigest: Digest.of(plan), projectionDigest: projection.map { Digest.of($0) }, release: release,
                  projections: projections),
            core: [CoreFile(path: "Generated/A.swift", digest: Digest.of("placeholder"), mode: .regular),
                   CoreFile(path: "Main.swift", digest: Digest.of(main), mode: .regular)],
            outputs: [SeamOutput(path: "ios/Generated/A.swift", digest: Digest.of(output), mode: mode, seam: .iosApplicationDefinition,
                                 taskKey: Digest.of(taskKey), inputs: inputs ?? ["p": Digest.of("p")])],
            known: known, keepProvenanceBytes: keepProvenanceBytes)
    }

    /// The provenance key is what a memo may stand in for the document by: every change that moves
    /// the bytes moves the key, and the same inputs give the same key.
    func testTheProvenanceKeyMovesWithTheDocument() throws {
        let read = Projection(name: "identity", fields: ["name": .string("A")])
        let other = Projection(name: "identity", fields: ["name": .string("B")])
        let variants: [(String, Composition)] = [
            ("base", try composition()),
            ("plan", try composition(plan: "plan 2")),
            ("projection digest", try composition(projection: "proj")),
            ("release", try composition(release: "y")),
            ("core archive", try composition(core: "core 2")),
            ("core revision", try composition(revision: "r2")),
            ("a Core file", try composition(main: "main 2")),
            ("an output", try composition(output: "b")),
            ("a task key", try composition(taskKey: "key 2")),
            ("a mode", try composition(mode: .executable)),
            ("a projection read", try composition(projections: ["p": read], inputs: ["p": read.digest])),
            ("another projection read", try composition(projections: ["p": other], inputs: ["p": other.digest])),
        ]
        XCTAssertEqual(try composition().provenanceKey, variants[0].1.provenanceKey, "deterministic")
        for (i, a) in variants.enumerated() {
            XCTAssertEqual(a.1.provenanceDigest, Digest.of(a.1.provenance), a.0)
            for b in variants[(i + 1)...] {
                XCTAssertNotEqual(a.1.provenance, b.1.provenance, "\(a.0) / \(b.0): the fixture must move the bytes")
                XCTAssertNotEqual(a.1.provenanceKey, b.1.provenanceKey, "\(a.0) / \(b.0): the bytes moved, the key did not")
            }
        }
    }

    /// The key is hashed from the composed parts, not from a built document; it must equal the key
    /// read field by field off the document those parts build (the reference below), or a memo
    /// would vouch for one document under another's key.
    func testTheKeyFromThePartsIsTheKeyOfTheDocument() throws {
        func reference(_ d: ProvenanceDocument) -> Digest {
            var b = DigestBuilder(domain: "orchestrate.provenance-key", version: Composer.provenanceEncoding)
            b.add(d.schema); b.add(d.platform); b.add(d.nativeInputDigest); b.add(d.planDigest)
            b.add(d.projectionDigest != nil)
            if let p = d.projectionDigest { b.add(p) }
            b.add(d.loweringRelease)
            b.add(d.core.archiveDigest); b.add(d.core.revision); b.add(d.core.archiveRoot); b.add(d.core.mountedPath)
            b.add(UInt64(d.core.excludedPaths.count))
            for e in d.core.excludedPaths { b.add(e) }
            b.add(UInt64(d.files.count))
            for f in d.files {
                b.add(f.path); b.add(f.origin); b.add(f.owner)
                b.add(f.taskKey != nil)
                if let k = f.taskKey { b.add(k) }
                b.add(f.inputs != nil)
            }
            b.add(d.projections != nil)
            b.add(named: (d.projections ?? [:]).mapValues(\.digest))
            return b.finalize()
        }
        let read = Projection(name: "identity", fields: ["name": .string("A")])
        for c in [try composition(), try composition(projection: "proj"), try composition(mode: .executable),
                  try composition(projections: ["p": read], inputs: ["p": read.digest]),
                  try composition(projections: ["p": read], inputs: ["q": Digest.of("q")])] {
            XCTAssertEqual(c.provenanceKey, reference(c.document))
            XCTAssertEqual(Digest.of(c.document.encoded()), c.provenanceDigest)
        }
    }

    /// The bytes `encoded()` writes for a fixed document, pinned beside `Composer.provenanceEncoding`:
    /// a change to how the document is written must bump that number, or a store's memo would name
    /// an older encoding's bytes for the same key.
    func testTheEncodingIsPinnedBesideItsNumber() throws {
        let read = Projection(name: "identity", fields: ["name": .string("A"), "tabs": .array([.int(1), .null])],
                              sources: ["name": ["/application/name"]])
        let pinned: [UInt32: String] = [1: "e5b388f8a7fe0910ee2c23bb9c10a4c4d547f5d28626c97cba82a10fca8d2390"]
        let bytes = try composition(projection: "proj", projections: ["p": read], inputs: ["p": read.digest, "q": Digest.of("q")]).provenance
        XCTAssertEqual(Digest.of(bytes).hex, pinned[Composer.provenanceEncoding],
                       "the provenance encoding changed: bump Composer.provenanceEncoding and pin the new digest under it\n"
                       + String(decoding: bytes, as: UTF8.self))
    }

    /// A key the memo knows is not encoded: digest and size come from the memo, and the bytes,
    /// asked for, are the document's own.
    func testAKnownKeyIsNotEncoded() throws {
        let fresh = try composition()
        var asked: [Digest] = []
        let known = try composition(known: { key in
            asked.append(key)
            return ProvenanceFacts(digest: fresh.provenanceDigest, size: fresh.provenanceSize)
        })
        XCTAssertEqual(asked, [fresh.provenanceKey])
        XCTAssertTrue(known.provenanceFromMemo)
        XCTAssertEqual(known.provenanceDigest, fresh.provenanceDigest)
        XCTAssertFalse(fresh.provenanceFromMemo)
        XCTAssertEqual(known.provenance, fresh.provenance)
        let unknown = try composition(known: { _ in nil })
        XCTAssertFalse(unknown.provenanceFromMemo)
        XCTAssertEqual(unknown.provenance, fresh.provenance)
        // Encoded here and small: kept, to be written without a second encoding; known: nothing kept.
        XCTAssertEqual(fresh.keptProvenance, fresh.provenance)
        XCTAssertEqual(fresh.keptProvenance.map { Digest.of($0) }, fresh.provenanceDigest)
        XCTAssertNil(known.keptProvenance)
        // Past the limit: not kept, the same digest and size, the same bytes when asked for.
        let large = try composition(keepProvenanceBytes: fresh.provenanceSize - 1)
        XCTAssertNil(large.keptProvenance)
        XCTAssertEqual(large.provenanceDigest, fresh.provenanceDigest)
        XCTAssertEqual(large.provenanceSize, fresh.provenanceSize)
        XCTAssertEqual(large.provenance, fresh.provenance)
        XCTAssertEqual(try composition(keepProvenanceBytes: fresh.provenanceSize).keptProvenance, fresh.provenance, "at the limit: kept")
        // The least record size is a lower bound: every record of a real document is longer.
        let doc = try ProvenanceDocument.decode(fresh.provenance)
        XCTAssertGreaterThan(fresh.provenanceSize, doc.files.count * ProvenanceDocument.leastFileRecordBytes)
        for f in doc.files {
            var one = doc
            one.files = [f]
            var none = doc
            none.files = []
            XCTAssertGreaterThanOrEqual(one.encoded().count - none.encoded().count, ProvenanceDocument.leastFileRecordBytes, f.path)
        }
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

    /// `stream` writes the same bytes as `encoded()` in pieces, whatever the piece size: cut after
    /// a file or a projection once the piece holds `chunk` bytes, never after the whole document.
    func testTheStreamedDocumentIsTheEncodedOneInPieces() throws {
        var doc = try ProvenanceDocument.decode(try composed())
        doc.files = (0 ..< 40).map { i in
            var f = doc.files[i % doc.files.count]
            f.path = "Generated/File\(i).swift"
            f.inputs = f.inputs.map { _ in ["p": Digest.of("p\(i)"), "q\(i)": Digest.of("q")] }
            return f
        }
        doc.projections = Dictionary(uniqueKeysWithValues: (0 ..< 12).map { i in
            ("entity:e\(i)", ProvenanceDocument.ProjectionRecord(name: "entity:e\(i)", digest: Digest.of("e\(i)"),
                                                                  fields: ["title": Digest.of("t\(i)")], sources: ["title": ["/entities/\(i)"]]))
        })
        let whole = doc.encoded()
        for chunk in [1, 100, 4096, 1 << 16] {
            var pieces: [[UInt8]] = []
            ProvenanceDocument.stream(doc.header, files: doc.files, projections: doc.projections.map(StableJSONWriter.sortedMembers),
                                      chunk: chunk) { pieces.append(Array($0)) }
            XCTAssertEqual(pieces.flatMap { $0 }, whole, "chunk \(chunk)")
            switch chunk {
            case 1: XCTAssertEqual(pieces.count, doc.files.count + doc.projections!.count + 1, "a piece per file and projection, and the end")
            case _ where chunk >= whole.count: XCTAssertEqual(pieces.count, 1, "chunk \(chunk)")
            default: XCTAssertGreaterThan(pieces.count, 2, "chunk \(chunk): written in pieces")
            }
            XCTAssertTrue(pieces.dropLast().allSatisfy { $0.count >= chunk }, "chunk \(chunk): a piece is cut once it holds chunk bytes")
        }
        // The composition streams its own files and projections, mapped to records as they go.
        let c = try composition(projections: ["p": Projection(name: "identity", fields: ["name": .string("A")])])
        var streamed: [UInt8] = []
        c.writeProvenance { streamed.append(contentsOf: $0) }
        XCTAssertEqual(streamed, c.document.encoded())
        XCTAssertEqual(streamed, try StableJSON.encode(c.document))
        XCTAssertEqual(Digest.of(streamed), c.provenanceDigest)
        XCTAssertEqual(streamed.count, c.provenanceSize)
    }

    /// Records written on every core, a block at a time, join into the bytes one writer gives:
    /// whatever the block size (one record, a few, all in one block, more than there are), with
    /// and without projections, and with no files at all.
    func testRecordsWrittenInParallelBlocksAreTheDocumentsBytes() throws {
        var doc = try ProvenanceDocument.decode(try composed())
        doc.files = (0 ..< 37).map { i in
            var f = doc.files[i % doc.files.count]
            f.path = "app/views/e\(i)/show.html.erb"
            f.inputs = i % 3 == 0 ? nil : ["p": Digest.of("p\(i)"), "q\(i)": Digest.of("q")]
            return f
        }
        doc.projections = Dictionary(uniqueKeysWithValues: (0 ..< 7).map { i in
            ("entity:e\(i)", ProvenanceDocument.ProjectionRecord(name: "entity:e\(i)", digest: Digest.of("e\(i)"),
                                                                  fields: ["title": Digest.of("t\(i)"), "n": Digest.of("n")],
                                                                  sources: ["title": ["/entities/\(i)/fields/0"], "n": []]))
        })
        for projections in [doc.projections, ["entity:e": doc.projections!["entity:e0"]!], [:], nil] {
            for files in [doc.files, Array(doc.files.prefix(1)), []] {
                var d = doc
                d.files = files
                d.projections = projections
                let whole = d.encoded()
                for block in [1, 2, 5, 36, 37, 100] {
                    var pieces: [[UInt8]] = []
                    ProvenanceDocument.streamInParallel(d.header, files: d.files, record: { $0 },
                                                        projections: d.projections.map(StableJSONWriter.sortedMembers), projectionRecord: { $0 },
                                                        block: block) { pieces.append(Array($0)) }
                    let joined = pieces.flatMap { $0 }
                    // (The first byte that differs, not two documents' bytes, when they do.)
                    let common = min(joined.count, whole.count)
                    let differs = (0 ..< common).first { joined[$0] != whole[$0] } ?? (joined.count == whole.count ? nil : common)
                    XCTAssertNil(differs, "block \(block), \(files.count) files, projections: \(projections != nil)")
                }
            }
        }
        // A composition past `parallelRecords` files writes its document that way, to the bytes
        // and digest it hashed.
        let seams = [CoreSeam(.iosApplicationDefinition, path: "Generated/A.swift", mode: .regular, origin: .replaces)]
        let pin = CorePin(platform: .ios, digest: Digest.of("core"), revision: "r", seams: seams)
        let core = [CoreFile(path: "Generated/A.swift", digest: Digest.of("placeholder"), mode: .regular)]
            + (0 ..< Composition.parallelRecords + 3).map { CoreFile(path: "Sources/F\($0).swift", digest: Digest.of("f\($0)"), mode: .regular) }
        let c = try Composer.compose(
            .init(pin: pin, planDigest: Digest.of("plan"), projectionDigest: nil, release: "x", projections: [:]), core: core,
            outputs: [SeamOutput(path: "ios/Generated/A.swift", digest: Digest.of("a"), mode: .regular, seam: .iosApplicationDefinition,
                                 taskKey: Digest.of("key"), inputs: ["p": Digest.of("p")])],
            known: nil, keepProvenanceBytes: 0)
        XCTAssertGreaterThan(c.files.count, Composition.parallelRecords)
        var streamed: [UInt8] = []
        c.writeProvenance { streamed.append(contentsOf: $0) }
        XCTAssertEqual(streamed, c.document.encoded())
        XCTAssertEqual(Digest.of(streamed), c.provenanceDigest)
    }
}
