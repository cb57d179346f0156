import Foundation
import Hashing
import Tasks
import XCTest
@testable import Lowerings

/// `ProvenanceDocument.patched` gives exactly the bytes `encoded()` gives for the changed
/// document, or nil: never other bytes.
final class ProvenanceDocumentPatchTests: XCTestCase {
    typealias File = ProvenanceDocument.File
    typealias Record = ProvenanceDocument.ProjectionRecord

    private static let odd = "app/q\"uote\\back\tslash.rb"

    /// A document with Core records (no task key, no inputs), added and replaced ones with
    /// inputs, a path that is a prefix of another, one with characters the writer escapes, and a
    /// file path that is also a projection's name.
    private func document(projectionDigest: Digest? = Digest.of("projection"), projections: Bool = true) -> ProvenanceDocument {
        let header = ProvenanceDocument.Header(
            schema: ProvenanceDocument.schemaID, platform: "rails", nativeInputDigest: Digest.of("native"), planDigest: Digest.of("plan"),
            projectionDigest: projectionDigest, loweringRelease: "rails-application-2026-11.1",
            core: .init(archiveDigest: Digest.of("core"), revision: "r1", archiveRoot: "", excludedPaths: ["log", "tmp"], mountedPath: ""))
        var d = ProvenanceDocument(header, files: [])
        d.files = [
            core("Gemfile"),
            added("app/a.rb", inputs: ["entity:a": Digest.of("a")]),
            added("app/a.rb.bak", inputs: ["entity:a": Digest.of("a"), "release": Digest.of("r")]),
            added("app/models/movie.rb", origin: "replaced", inputs: ["entity:movie": Digest.of("m")]),
            added(Self.odd, inputs: ["entity:odd": Digest.of("o")]),
            core("config/routes.rb"),
            added("identity", inputs: [:]),
            core("z/last.rb"),
        ]
        d.projections = projections ? Dictionary(uniqueKeysWithValues: [
            record("entity:a", fields: ["title": "t", "body": "b"]),
            record("entity:movie", fields: ["title": "m"]),
            record("identity", fields: ["name": "A"]),
            record("navigation", fields: [:]),
        ].map { ($0.name, $0) }) : nil
        return d
    }

    private func core(_ path: String) -> File {
        File(path: path, sha256: Digest.of(path), mode: .regular, origin: "core", owner: "core:rails", taskKey: nil, inputs: nil)
    }

    private func added(_ path: String, origin: String = "added", inputs: [String: Digest]?) -> File {
        File(path: path, sha256: Digest.of("bytes of " + path), mode: .regular, origin: origin, owner: "rails.views",
             taskKey: Digest.of("key of " + path), inputs: inputs)
    }

    private func record(_ name: String, fields: [String: String]) -> Record {
        Record(name: name, digest: Digest.of(name + fields.description), fields: fields.mapValues { Digest.of($0) },
               sources: fields.mapValues { ["/entities/0/fields/\($0)"] })
    }

    /// `d` with each of `files` and `projections` in place of the record of its path or name.
    private func replacing(_ d: ProvenanceDocument, files: [File] = [], projections: [Record] = []) -> ProvenanceDocument {
        var d = d
        for f in files {
            guard let i = d.files.firstIndex(where: { $0.path == f.path }) else {
                XCTFail("no file \(f.path) to replace")
                continue
            }
            d.files[i] = f
        }
        for r in projections {
            XCTAssertNotNil(d.projections?[r.name])
            d.projections?[r.name] = r
        }
        return d
    }

    /// Patches `d`'s bytes to `changed` (which differs from it in the header's digests, `files` and
    /// `projections` only) and asserts they are `changed`'s bytes.
    private func assertPatches(_ d: ProvenanceDocument, to changed: ProvenanceDocument, files: [File] = [], projections: [Record] = [],
                               nativeInputDigest: Bool = true, _ message: String = "", line: UInt = #line) {
        let patched = ProvenanceDocument.patched(d.encoded(), planDigest: changed.planDigest,
                                                 nativeInputDigest: nativeInputDigest ? changed.nativeInputDigest : nil,
                                                 files: files, projections: projections)
        assertSameBytes(patched, changed.encoded(), message, line: line)
    }

    private func assertSameBytes(_ got: [UInt8]?, _ want: [UInt8], _ message: String, line: UInt = #line) {
        guard let got else { return XCTFail("nil, \(message)", line: line) }
        if got != want {
            let at = (0 ..< min(got.count, want.count)).first { got[$0] != want[$0] } ?? min(got.count, want.count)
            let context = { (b: [UInt8]) in String(decoding: b[max(0, at - 80) ..< min(b.count, at + 80)], as: UTF8.self) }
            XCTFail("differs at byte \(at) of \(got.count) (want \(want.count)), \(message):\n--- got\n\(context(got))\n--- want\n\(context(want))",
                    line: line)
        }
    }

    /// Each file record, first and last included, grown (inputs gained) and shrunk (inputs and task
    /// key gone), alone, with and without projections and a projection digest.
    func testEachFileRecordGrowingAndShrinking() {
        for d in [document(), document(projectionDigest: nil), document(projections: false), document(projectionDigest: nil, projections: false)] {
            for f in d.files {
                var grown = f
                grown.inputs = ["a": Digest.of("1"), "b": Digest.of("2"), "entity:z": Digest.of("3")]
                grown.sha256 = Digest.of("new bytes")
                grown.owner = "rails.models.longer.owner"
                var shrunk = f
                shrunk.inputs = nil
                shrunk.taskKey = nil
                shrunk.mode = .executable
                for g in [grown, shrunk] {
                    var changed = replacing(d, files: [g])
                    changed.planDigest = Digest.of("plan 2")
                    changed.nativeInputDigest = Digest.of("native 2")
                    XCTAssertNotEqual(changed.encoded(), d.encoded())
                    assertPatches(d, to: changed, files: [g], "\(f.path)")
                }
            }
        }
    }

    /// Each projection record, first and last included, grown and shrunk.
    func testEachProjectionRecordGrowingAndShrinking() {
        for d in [document(), document(projectionDigest: nil)] {
            for r in d.projections!.values {
                var grown = r
                grown.fields["added"] = Digest.of("x")
                grown.sources["added"] = ["/entities/9", "/entities/9/fields/0"]
                grown.digest = Digest.of("grown")
                var shrunk = r
                shrunk.fields = [:]
                shrunk.sources = [:]
                for g in [grown, shrunk] {
                    var changed = replacing(d, projections: [g])
                    changed.planDigest = Digest.of("plan 2")
                    XCTAssertNotEqual(changed.encoded(), d.encoded())
                    assertPatches(d, to: changed, projections: [g], nativeInputDigest: false, "\(r.name)")
                }
            }
        }
    }

    /// Several records of both sections and both digests at once (what an entity's change does).
    func testManyRecordsAtOnce() {
        let d = document()
        let files = d.files.enumerated().filter { $0.offset % 2 == 0 }.map { i, f in
            var f = f
            f.sha256 = Digest.of("changed \(i)")
            f.inputs = i % 4 == 0 ? ["only": Digest.of("i")] : nil
            return f
        }
        let projections = ["entity:a", "navigation"].map { name -> Record in
            var r = d.projections![name]!
            r.fields["n"] = Digest.of(name)
            r.sources["n"] = []
            return r
        }
        var changed = replacing(d, files: files, projections: projections)
        changed.planDigest = Digest.of("plan 2")
        changed.nativeInputDigest = Digest.of("native 2")
        assertPatches(d, to: changed, files: files, projections: projections)
        // In any order.
        assertPatches(d, to: changed, files: files.reversed(), projections: projections.reversed())
    }

    /// `app/a.rb` is a prefix of `app/a.rb.bak`: each is patched alone; the identical record,
    /// written again, changes nothing.
    func testAPathThatIsAPrefixOfAnother() {
        let d = document()
        for path in ["app/a.rb", "app/a.rb.bak"] {
            var f = d.files.first { $0.path == path }!
            f.sha256 = Digest.of("other")
            assertPatches(d, to: replacing(d, files: [f]), files: [f], path)
        }
        let same = d.files.first { $0.path == "app/a.rb" }!
        assertPatches(d, to: d, files: [same])
        XCTAssertNil(ProvenanceDocument.patched(d.encoded(), planDigest: d.planDigest, nativeInputDigest: nil,
                                                files: [core("app/a")], projections: []), "a prefix of paths that are there is not one")
        XCTAssertNil(ProvenanceDocument.patched(d.encoded(), planDigest: d.planDigest, nativeInputDigest: nil,
                                                files: [core("app/a.rb.ba")], projections: []))
    }

    /// A path the writer escapes is found by its escaped form.
    func testAPathWithEscapedCharacters() {
        let d = document()
        XCTAssertTrue(String(decoding: d.encoded(), as: UTF8.self).contains(#""path" : "app/q\"uote\\back\tslash.rb","#))
        var f = d.files.first { $0.path == Self.odd }!
        f.inputs = nil
        f.sha256 = Digest.of("other")
        assertPatches(d, to: replacing(d, files: [f]), files: [f])
        // A path with a newline: written `\n`, never a line break.
        var lines = d
        lines.files.append(added("z/two\nlines.rb", inputs: nil))
        var g = lines.files.last!
        g.inputs = ["x": Digest.of("x")]
        assertPatches(lines, to: replacing(lines, files: [g]), files: [g])
    }

    /// "identity" is both a file's path and a projection's name: each section is searched for its
    /// own kind of record only.
    func testAPathAndANameThatAreTheSameStringStayInTheirSections() {
        let d = document()
        var f = d.files.first { $0.path == "identity" }!
        f.sha256 = Digest.of("file")
        var r = d.projections!["identity"]!
        r.digest = Digest.of("projection")
        assertPatches(d, to: replacing(d, files: [f]), files: [f])
        assertPatches(d, to: replacing(d, projections: [r]), projections: [r])
        assertPatches(d, to: replacing(d, files: [f], projections: [r]), files: [f], projections: [r])
        // A projection's name is not a file's path, nor a file's path a projection's name.
        let old = d.encoded()
        XCTAssertNil(ProvenanceDocument.patched(old, planDigest: d.planDigest, nativeInputDigest: nil,
                                                files: [core("entity:movie")], projections: []))
        XCTAssertNil(ProvenanceDocument.patched(old, planDigest: d.planDigest, nativeInputDigest: nil,
                                                files: [], projections: [record("Gemfile", fields: [:])]))
        // Nor a string that is a projection's source, or in the Core's header.
        XCTAssertNil(ProvenanceDocument.patched(old, planDigest: d.planDigest, nativeInputDigest: nil,
                                                files: [core("/entities/0/fields/t")], projections: []))
        XCTAssertNil(ProvenanceDocument.patched(old, planDigest: d.planDigest, nativeInputDigest: nil,
                                                files: [core("log")], projections: [record("log", fields: [:])]))
    }

    /// A path or name not in the document, or a document without projections: nil.
    func testWhatIsNotThereIsNil() {
        let d = document()
        let old = d.encoded()
        XCTAssertNil(ProvenanceDocument.patched(old, planDigest: d.planDigest, nativeInputDigest: nil,
                                                files: [core("app/b.rb")], projections: []))
        XCTAssertNil(ProvenanceDocument.patched(old, planDigest: d.planDigest, nativeInputDigest: nil,
                                                files: [d.files[0], core("app/b.rb")], projections: []), "one of them missing")
        XCTAssertNil(ProvenanceDocument.patched(old, planDigest: d.planDigest, nativeInputDigest: nil,
                                                files: [], projections: [record("entity:nope", fields: [:])]))
        XCTAssertNil(ProvenanceDocument.patched(document(projections: false).encoded(), planDigest: d.planDigest, nativeInputDigest: nil,
                                                files: [], projections: [d.projections!["identity"]!]))
        var none = d
        none.files = []
        none.projections = [:]
        XCTAssertNil(ProvenanceDocument.patched(none.encoded(), planDigest: d.planDigest, nativeInputDigest: nil,
                                                files: [d.files[0]], projections: []))
        XCTAssertNil(ProvenanceDocument.patched(none.encoded(), planDigest: d.planDigest, nativeInputDigest: nil,
                                                files: [], projections: [d.projections!["identity"]!]))
        // Empty sections are still a document: its header is patched.
        var moved = none
        moved.planDigest = Digest.of("plan 2")
        assertPatches(none, to: moved, nativeInputDigest: false)
        none.projections = nil
        moved.projections = nil
        assertPatches(none, to: moved, nativeInputDigest: false)
    }

    /// A path written twice, a name keyed twice, or the same path or name asked for twice: nil.
    func testDuplicatesAreNil() throws {
        var d = document()
        d.files.insert(d.files[1], at: 2)
        let old = d.encoded()
        XCTAssertNil(ProvenanceDocument.patched(old, planDigest: d.planDigest, nativeInputDigest: nil,
                                                files: [d.files[1]], projections: []))
        var f = d.files[0]
        f.sha256 = Digest.of("other")
        assertPatches(d, to: replacing(d, files: [f]), files: [f], "another path of that document")

        let once = document()
        XCTAssertNil(ProvenanceDocument.patched(once.encoded(), planDigest: once.planDigest, nativeInputDigest: nil,
                                                files: [once.files[0], once.files[0]], projections: []))
        let r = once.projections!["identity"]!
        XCTAssertNil(ProvenanceDocument.patched(once.encoded(), planDigest: once.planDigest, nativeInputDigest: nil,
                                                files: [], projections: [r, r]))
        // A projection's record written twice (no dictionary does; bytes can).
        var text = String(decoding: once.encoded(), as: UTF8.self)
        let written = try XCTUnwrap(text.range(of: "    \"identity\" : {")).lowerBound
        let end = try XCTUnwrap(text.range(of: "\n    }", range: written ..< text.endIndex)).upperBound
        text.insert(contentsOf: text[written ..< end] + ",\n", at: written)
        XCTAssertNil(ProvenanceDocument.patched(Array(text.utf8), planDigest: once.planDigest, nativeInputDigest: nil,
                                                files: [], projections: [r]))
    }

    /// nil for `nativeInputDigest` leaves the header's as it is; given, it replaces it. The
    /// plan digest is always written; both only on their own top-level lines.
    func testTheHeadersDigests() {
        var d = document()
        // The same digest as a file's and a projection's, which must not move.
        d.nativeInputDigest = d.files[0].sha256
        d.planDigest = d.projections!["identity"]!.digest
        let old = d.encoded()
        var plan = d
        plan.planDigest = Digest.of("plan 2")
        assertPatches(d, to: plan, nativeInputDigest: false)
        var both = plan
        both.nativeInputDigest = Digest.of("native 2")
        assertPatches(d, to: both)
        let kept = ProvenanceDocument.patched(old, planDigest: both.planDigest, nativeInputDigest: nil, files: [], projections: [])
        assertSameBytes(kept, plan.encoded(), "the native input digest is kept")
        assertSameBytes(ProvenanceDocument.patched(old, planDigest: d.planDigest, nativeInputDigest: d.nativeInputDigest, files: [], projections: []),
                        old, "the same digests: the same bytes")
    }

    /// The pieces of a patch over ranges that meet at offsets no edit spans are, together, the
    /// pieces of the whole; and a patch made before the native input digest is known gives, up to
    /// that digest, the pieces the patch with it gives (what `EntityPatchCompile` hashes early).
    func testPiecesOverRangesAndBeforeTheNativeInputDigest() throws {
        let d = document()
        let old = d.encoded()
        var changed = d
        changed.planDigest = Digest.of("plan 2")
        changed.nativeInputDigest = Digest.of("native 2")
        var movie = d.files[3]
        movie.inputs = ["entity:movie": Digest.of("m2"), "more": Digest.of("x")]
        var a = d.files[1]
        a.inputs = nil
        changed = replacing(changed, files: [movie, a], projections: [record("entity:movie", fields: ["title": "m", "year": "y"])])
        let args = (files: [movie, a], projections: [record("entity:movie", fields: ["title": "m", "year": "y"])])
        let whole = try XCTUnwrap(ProvenanceDocument.patch(old, planDigest: changed.planDigest, nativeInputDigest: changed.nativeInputDigest,
                                                           files: args.files, projections: args.projections))
        let early = try XCTUnwrap(ProvenanceDocument.patch(old, planDigest: changed.planDigest, nativeInputDigest: nil,
                                                           files: args.files, projections: args.projections))
        XCTAssertEqual(early.nativeInputDigestAt, whole.nativeInputDigestAt)
        XCTAssertEqual(Array(old[whole.nativeInputDigestAt ..< whole.nativeInputDigestAt + 64]), Array(d.nativeInputDigest.hex.utf8))
        func bytes(_ p: ProvenanceDocument.Patch, _ ranges: [Range<Int>]) -> [UInt8] {
            var out: [UInt8] = []
            for r in ranges { p.forEachPiece(of: old, in: r) { out.append(contentsOf: $0) } }
            return out
        }
        let split = whole.nativeInputDigestAt
        assertSameBytes(bytes(early, [0 ..< split]) + bytes(whole, [split ..< old.count]), changed.encoded(), "split at the native input digest")
        assertSameBytes(bytes(whole, [0 ..< old.count]), changed.encoded(), "one range")
        // Cut at every offset no edit spans (between records, and at each edit's start).
        let spanned = whole.edits.map { $0.old.lowerBound + 1 ..< $0.old.upperBound }
        for cut in stride(from: 0, through: old.count, by: 7) where !spanned.contains(where: { $0.contains(cut) }) {
            assertSameBytes(bytes(whole, [0 ..< cut, cut ..< old.count]), changed.encoded(), "cut at \(cut)")
        }
        for e in whole.edits {
            let cut = e.old.lowerBound
            assertSameBytes(bytes(whole, [0 ..< cut, cut ..< old.count]), changed.encoded(), "cut at an edit's start, \(cut)")
        }
        // The early patch given the digest is the patch made with it.
        let given = try XCTUnwrap(ProvenanceDocument.withNativeInputDigest(early, changed.nativeInputDigest))
        assertSameBytes(bytes(given, [0 ..< old.count]), changed.encoded(), "the early patch given the native input digest")
    }

    /// What `EntityPatchCompile` stages: the early patch's bytes (with the old native input
    /// digest), the new digest written where `nativeInputDigestWritten` says, are the patch
    /// made with it, byte for byte, whichever records before the digest grew or shrank.
    func testTheEarlyBytesMendedAtTheDigestsNewOffsetAreThePatchWithIt() throws {
        let d = document()
        let old = d.encoded()
        for (n, inputs) in [["entity:movie": Digest.of("m2"), "more": Digest.of("x")], [:]].enumerated() {
            var movie = d.files[3]
            movie.inputs = inputs.isEmpty ? nil : inputs
            let early = try XCTUnwrap(ProvenanceDocument.patch(old, planDigest: Digest.of("plan \(n)"), nativeInputDigest: nil,
                                                               files: [movie], projections: []))
            let native = Digest.of("native \(n)")
            let whole = try XCTUnwrap(ProvenanceDocument.withNativeInputDigest(early, native))
            var staged: [UInt8] = []
            early.forEachPiece(of: old) { staged.append(contentsOf: $0) }
            XCTAssertEqual(staged.count, whole.count, "a digest is as long as another")
            let written = try XCTUnwrap(whole.nativeInputDigestWritten)
            XCTAssertNil(early.nativeInputDigestWritten, "made without it")
            XCTAssertEqual(written.bytes, Array(native.hex.utf8))
            XCTAssertNotEqual(written.offset, whole.nativeInputDigestAt, "the record before it changed size (\(n))")
            staged.replaceSubrange(written.offset ..< written.offset + written.bytes.count, with: written.bytes)
            var expected: [UInt8] = []
            whole.forEachPiece(of: old) { expected.append(contentsOf: $0) }
            assertSameBytes(staged, expected, "mended at the new offset (\(n))")
        }
        // An offset inside an edit has no place in the new document; one before every edit keeps its own.
        let patch = try XCTUnwrap(ProvenanceDocument.Patch([(4 ..< 6, Array("-".utf8)), (8 ..< 8, Array("++".utf8))], count: 10,
                                                           nativeInputDigestAt: 0))
        XCTAssertEqual(patch.newOffset(ofOld: 2), 2)
        XCTAssertEqual(patch.newOffset(ofOld: 4), 4, "an edit's start")
        XCTAssertNil(patch.newOffset(ofOld: 5))
        XCTAssertEqual(patch.newOffset(ofOld: 6), 5)
        XCTAssertEqual(patch.newOffset(ofOld: 8), 7, "what is inserted there starts there")
        XCTAssertEqual(patch.newOffset(ofOld: 9), 10)
    }

    /// Insertions at the start and at the very end are each given once, whichever ranges meet
    /// where (an empty range at the end included).
    func testEditsAtTheEndsAreGivenOnce() throws {
        let old = Array("0123456789".utf8)
        let patch = try XCTUnwrap(ProvenanceDocument.Patch([(0 ..< 0, Array("<".utf8)), (4 ..< 6, Array("-".utf8)),
                                                           (10 ..< 10, Array(">".utf8))], count: old.count, nativeInputDigestAt: 4))
        let want = Array("<0123-6789>".utf8)
        func bytes(_ ranges: [Range<Int>]) -> [UInt8] {
            var out: [UInt8] = []
            for r in ranges { patch.forEachPiece(of: old, in: r) { out.append(contentsOf: $0) } }
            return out
        }
        XCTAssertEqual(bytes([0 ..< 10]), want)
        for cut in [0, 1, 4, 6, 9, 10] {
            XCTAssertEqual(bytes([0 ..< cut, cut ..< 10]), want, "cut at \(cut)")
        }
        XCTAssertEqual(bytes([0 ..< 10, 10 ..< 10]), want, "an empty range at the end")
        XCTAssertEqual(bytes([0 ..< 0, 0 ..< 10]), want, "an empty range at the start")
        let empty = try XCTUnwrap(ProvenanceDocument.Patch([(0 ..< 0, Array("x".utf8))], count: 0, nativeInputDigestAt: 0))
        var out: [UInt8] = []
        empty.forEachPiece(of: []) { out.append(contentsOf: $0) }
        XCTAssertEqual(out, Array("x".utf8), "an empty document")
    }

    /// Anything not in the writer's shape is nil, never a crash: garbage, every truncation, the
    /// schema before, JSONEncoder's bytes without the final newline, CRLF line ends.
    func testWhatIsNotTheWritersShapeIsNil() throws {
        let d = document()
        let old = d.encoded()
        func patch(_ bytes: [UInt8]) -> [UInt8]? {
            ProvenanceDocument.patched(bytes, planDigest: Digest.of("p"), nativeInputDigest: Digest.of("n"),
                                       files: [d.files[1], d.files.last!], projections: [d.projections!["entity:a"]!])
        }
        XCTAssertNotNil(patch(old), "the fixture itself patches")
        XCTAssertNil(patch([]))
        XCTAssertNil(patch(Array("{}\n".utf8)))
        var rng = SplitMix64(seed: 7)
        XCTAssertNil(patch((0 ..< 4096).map { _ in UInt8(truncatingIfNeeded: rng.next()) }))
        for n in 0 ..< old.count { XCTAssertNil(patch(Array(old.prefix(n))), "truncated to \(n) bytes") }
        let text = String(decoding: old, as: UTF8.self)
        XCTAssertNil(patch(Array(text.replacingOccurrences(of: ProvenanceDocument.schemaID, with: "orchestrate.provenance/1").utf8)))
        XCTAssertNil(patch(Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)))
        XCTAssertNil(patch(Array(text.replacingOccurrences(of: "  ", with: "\t").utf8)))
        XCTAssertNil(patch(Array(try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(with: Data(old)),
                                                            options: [.sortedKeys]))), "compact")
        // A record without its opening line, and a digest that is not one.
        let record = #"      "path" : "app/a.rb","#
        let opened = try XCTUnwrap(text.range(of: "    {\n      \"inputs\" : {\n        \"entity:a\""))
        XCTAssertTrue(text[opened.upperBound...].contains(record))
        XCTAssertNil(patch(Array(text.replacingCharacters(in: opened, with: "      \"inputs\" : {\n        \"entity:a\"").utf8)))
        XCTAssertNil(patch(Array(text.replacingOccurrences(of: d.planDigest.hex, with: "zz" + d.planDigest.hex.dropFirst(2)).utf8)))
        // One byte changed anywhere: nil, or the same records replaced (the changed byte kept, or
        // written over when it was in one of them).
        let clean = try XCTUnwrap(patch(old))
        var patchedAnyway = 0
        let hex = Set("0123456789abcdef".utf8)
        for i in old.indices where !hex.contains(old[i]) || i % 16 == 0 {
            for b in [UInt8(ascii: "\n"), UInt8(ascii: " "), UInt8(ascii: "}"), UInt8(ascii: "x")] where old[i] != b {
                var bytes = old
                bytes[i] = b
                guard let p = patch(bytes) else { continue }
                patchedAnyway += 1
                XCTAssertTrue(atMostOneByteDiffers(p, clean), "byte \(i) changed to \(b)")
            }
        }
        XCTAssertGreaterThan(patchedAnyway, 0, "a changed byte in a record left as it is is not looked at")
    }

    /// Whether `a` and `b` are as long and differ in one byte at most (by `memcmp`: this runs for
    /// every byte of a document).
    private func atMostOneByteDiffers(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { a in
            b.withUnsafeBytes { b in
                func same(_ from: Int, _ to: Int) -> Bool { memcmp(a.baseAddress! + from, b.baseAddress! + from, to - from) == 0 }
                guard !same(0, a.count) else { return true }
                var lo = 0, hi = a.count // the first difference is in lo ..< hi
                while hi - lo > 1 {
                    let mid = (lo + hi) / 2
                    if same(lo, mid) { lo = mid } else { hi = mid }
                }
                return same(lo + 1, a.count)
            }
        }
    }

    /// A document written in parallel blocks is the same bytes, and patches to the same result.
    func testADocumentWrittenInParallelBlocks() {
        var d = document()
        d.files = (0 ..< 300).map { i in
            i % 3 == 0 ? core(String(format: "lib/f%03d.rb", i)) : added(String(format: "app/f%03d.rb", i), inputs: ["e": Digest.of("\(i)")])
        }
        d.projections = Dictionary(uniqueKeysWithValues: (0 ..< 40).map { record("entity:e\($0)", fields: ["t": "\($0)"]) }.map { ($0.name, $0) })
        var pieces: [UInt8] = []
        ProvenanceDocument.streamInParallel(d.header, files: d.files, record: { $0 },
                                            projections: d.projections.map(StableJSONWriter.sortedMembers), projectionRecord: { $0 },
                                            block: 7) { pieces.append(contentsOf: $0) }
        XCTAssertEqual(pieces, d.encoded())
        let files = [0, 1, 150, 299].map { i -> File in
            var f = d.files[i]
            f.inputs = f.inputs == nil ? ["x": Digest.of("x")] : nil
            return f
        }
        var r = d.projections!["entity:e39"]!
        r.fields = [:]
        var changed = replacing(d, files: files, projections: [r])
        changed.planDigest = Digest.of("plan 2")
        changed.nativeInputDigest = Digest.of("native 2")
        let patched = ProvenanceDocument.patched(pieces, planDigest: changed.planDigest, nativeInputDigest: changed.nativeInputDigest,
                                                 files: files, projections: [r])
        assertSameBytes(patched, changed.encoded(), "")
    }

    /// A document the size of a 1,000-entity app's (about 6 MB): ten records patched, the same
    /// bytes as encoding it whole. Prints both times (not asserted: this is a debug build).
    func testALargeDocument() {
        var d = document()
        d.files = (0 ..< 9_000).map { i in
            i % 4 == 0 ? core(String(format: "vendor/lib/file%05d.rb", i))
                : added(String(format: "app/views/entity%04d/show%05d.html.erb", i / 9, i),
                        inputs: ["entity:e\(i / 9)": Digest.of("\(i)"), "navigation": Digest.of("n"), "release": Digest.of("r")])
        }
        d.projections = Dictionary(uniqueKeysWithValues: (0 ..< 1_000).map { e in
            record("entity:e\(e)", fields: Dictionary(uniqueKeysWithValues: (0 ..< 6).map { ("field\($0)", "\(e).\($0)") }))
        }.map { ($0.name, $0) })
        let old = d.encoded()
        let files = [9, 10, 11, 12, 13, 14, 15, 16, 17].map { i -> File in
            var f = d.files[i]
            f.sha256 = Digest.of("new \(i)")
            return f
        }
        var r = d.projections!["entity:e1"]!
        r.fields["field9"] = Digest.of("new")
        var changed = replacing(d, files: files, projections: [r])
        changed.planDigest = Digest.of("plan 2")
        changed.nativeInputDigest = Digest.of("native 2")
        let t0 = Date()
        let patched = ProvenanceDocument.patched(old, planDigest: changed.planDigest, nativeInputDigest: changed.nativeInputDigest,
                                                 files: files, projections: [r])
        let t1 = Date()
        let whole = changed.encoded()
        let t2 = Date()
        assertSameBytes(patched, whole, "")
        print(String(format: "patched 10 records of a %.1f MB document in %.2f ms; encoded whole in %.2f ms (debug build)",
                     Double(old.count) / 1e6, t1.timeIntervalSince(t0) * 1e3, t2.timeIntervalSince(t1) * 1e3))
    }
}

/// A fixed-seed generator, for garbage that is the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
