import Hashing
import Tasks
import XCTest
@testable import Lowerings

/// `patched` finds the records it replaces by binary search (`KeyLines.searched`), and reads every
/// key line of a section (`KeyLines.linear`) when the search is unsure: here the reading is the
/// oracle the search is checked against.
final class ProvenanceDocumentKeyLinesTests: XCTestCase {
    typealias File = ProvenanceDocument.File
    typealias Record = ProvenanceDocument.ProjectionRecord

    /// Paths that share prefixes (`/` sorts after `-`, `.` and `_`'s neighbours), hold characters
    /// the writer escapes (whose escapes sort elsewhere than they do: `\"` after `#`, `\t` after
    /// `[`), and sort first or last.
    static let paths = [
        "Gemfile", "app/a", "app/a-b.rb", "app/a.rb", "app/a.rb.bak", "app/a.rb/c.rb", "app/a/b.rb", "app/a_b.rb", "app/ab.rb",
        "app/q!.rb", "app/q\"uote.rb", "app/q#.rb", "app/q[.rb", "app/q\\back.rb", "app/q].rb", "app/\t.rb", "app/\u{01}.rb",
        "app/\u{1f}.rb", "app/line\nbreak.rb", "app/e.rb", "app/é.rb", "app/😀.rb", "config/routes.rb", "z", "~",
    ]
    static let names = [
        "accent", "entity:a", "entity:a b", "entity:a.b", "entity:a/b", "entity:ab", "entity:q\"x", "entity:q#x", "entity:q\\x",
        "entity:q\tx", "identity", "navigation", "é",
    ]
    /// Rails-like paths and projection names, for sections deep enough to search.
    static let railsPaths = (0 ..< 40).flatMap { e in
        ["app/controllers/e\(e)s_controller.rb", "app/models/e\(e).rb"]
            + ["_form", "edit", "index", "new", "show"].map { "app/views/e\(e)s/\($0).html.erb" }
    }
    static let railsNames = (0 ..< 40).map { "entity:e\($0)" }

    private let header = ProvenanceDocument.Header(
        schema: ProvenanceDocument.schemaID, platform: "rails", nativeInputDigest: Digest.of("native"), planDigest: Digest.of("plan"),
        projectionDigest: Digest.of("projection"), loweringRelease: "rails-application-2026-11.1",
        core: .init(archiveDigest: Digest.of("core"), revision: "r1", archiveRoot: "", excludedPaths: ["log"], mountedPath: ""))

    private func file(_ path: String, _ version: Int = 0) -> File {
        File(path: path, sha256: Digest.of("\(version) " + path), mode: .regular, origin: "added", owner: "rails.views",
             taskKey: Digest.of("key " + path), inputs: version % 2 == 0 ? ["entity:x": Digest.of(path)] : nil)
    }

    private func record(_ name: String, _ version: Int = 0) -> Record {
        let fields = ["title": Digest.of("\(version) " + name), "body": Digest.of(name)]
        return Record(name: name, digest: Digest.of("\(version) " + name), fields: fields, sources: fields.mapValues { _ in ["/entities/0"] })
    }

    /// The bytes the writer gives for these files and projections, in the order given.
    private func bytes(_ files: [File], _ projections: [Record]?) -> [UInt8] {
        var out: [UInt8] = []
        ProvenanceDocument.stream(header, files: files, projections: projections?.map { (key: $0.name, value: $0) }) {
            out.append(contentsOf: $0)
        }
        return out
    }

    private func inOrder(_ keys: [String]) -> Bool {
        zip(keys, keys.dropFirst()).allSatisfy { !$1.utf8Precedes($0) }
    }

    /// Sections in order, in order with keys written twice (side by side), shuffled, and shuffled
    /// with keys written twice; of 0 to 80 records (one alone, too); each record searched for alone
    /// and in sets of several, with keys that are not there (a prefix of one that is, one longer)
    /// and a key asked for twice. In order, the search finds what reading every line finds, by
    /// itself. Out of order, it finds the same or is unsure (and the lines are read), but for one
    /// thing: a key written twice far apart can be found at one of its lines, where reading every
    /// line refuses it. Where both find the records, `patched` writes the document's bytes.
    func testTheSearchFindsWhatReadingEveryLineFinds() throws {
        var rng = SplitMix64(seed: 20_261_101)
        func pick<T>(_ from: [T], _ n: Int) -> [T] {
            var pool = from, out: [T] = []
            while out.count < n, !pool.isEmpty { out.append(pool.remove(at: Int(rng.next() % UInt64(pool.count)))) }
            return out
        }
        var searched = 0, unsure = 0, foundOnceOfTwo = 0, patchedWhole = 0
        for round in 0 ..< 160 {
            let sorted = round % 4 < 2, twice = round % 2 == 1
            let sizes = [0, 1, 1, 2, 3, 5, 8, 13, 21, 40, 80]
            var paths = pick(Self.paths + pick(Self.railsPaths, 60), sizes[Int(rng.next() % UInt64(sizes.count))])
            var names = pick(Self.names + pick(Self.railsNames, 20), sizes[Int(rng.next() % 9)])
            if sorted {
                paths.sort { $0.utf8Precedes($1) }
                names.sort { $0.utf8Precedes($1) }
            }
            if twice {
                for _ in 0 ..< 2 where !paths.isEmpty {
                    let i = Int(rng.next() % UInt64(paths.count))
                    paths.insert(paths[i], at: sorted ? i : Int(rng.next() % UInt64(paths.count + 1)))
                }
                if !names.isEmpty {
                    let i = Int(rng.next() % UInt64(names.count))
                    names.insert(names[i], at: sorted ? i : Int(rng.next() % UInt64(names.count + 1)))
                }
            }
            let files = paths.enumerated().map { file($1, $0) }
            let projections = names.enumerated().map { record($1, $0) }
            let old = bytes(files, projections)
            let count = { (keys: [String]) in Dictionary(keys.map { ($0, 1) }, uniquingKeysWith: +) }
            let (pathCount, nameCount) = (count(paths), count(names))

            /// Where each record of a section starts (the newline before it), in the section's order.
            func recordStarts(_ section: String) -> [Int] {
                let text = String(decoding: old, as: UTF8.self)
                let projections = text.utf8.distance(from: text.startIndex, to: text.range(of: "\n  \"projections\" : {")!.upperBound)
                return section == "files" ? Self.offsets(of: "\n    {\n", in: old, from: 0, to: projections)
                    : Self.offsets(of: "\n    \"", in: old, from: projections, to: old.count)
            }

            // The key sets: each key alone, and a few sets of several with keys that are not there.
            func absent(_ keys: [String], _ all: [String]) -> String {
                let k = keys.randomElement(using: &rng) ?? "app/a"
                return [String(k.dropLast()), k + "x", k + "/", all.randomElement(using: &rng)!].randomElement(using: &rng)!
            }
            var sets: [(paths: [String], names: [String])] = Set(paths).sorted().map { ([$0], []) } + Set(names).sorted().map { ([], [$0]) }
            for _ in 0 ..< 6 {
                var p = pick(Array(Set(paths)).sorted(), Int(rng.next() % 10)), n = pick(Array(Set(names)).sorted(), Int(rng.next() % 3))
                switch rng.next() % 4 {
                case 0: p.append(absent(paths, Self.paths))
                case 1: n.append(absent(names, Self.names))
                case 2: if let k = p.first { p.append(k) }
                default: break
                }
                sets.append((p, n))
            }

            for (index, (p, n)) in sets.enumerated() {
                let what = "round \(round), paths \(p), names \(n)"
                let linear = try XCTUnwrap(ProvenanceDocument.recordRanges(old, paths: p, names: n, search: .linear), what)
                let binary = try XCTUnwrap(ProvenanceDocument.recordRanges(old, paths: p, names: n, search: .binary), what)
                let either = try XCTUnwrap(ProvenanceDocument.recordRanges(old, paths: p, names: n, search: .binaryElseLinear), what)
                // Reading every line: each key asked for once, and there once.
                XCTAssertEqual(linear.files != nil, Set(p).count == p.count && p.allSatisfy { pathCount[$0] == 1 }, what)
                if !n.isEmpty {
                    XCTAssertEqual(linear.projections != nil, Set(n).count == n.count && n.allSatisfy { nameCount[$0] == 1 }, what)
                }
                XCTAssertEqual(either.files, binary.files ?? linear.files, what)
                XCTAssertEqual(either.projections, binary.projections ?? linear.projections, what)
                func compare(_ section: String, _ keys: [String], _ all: [String], _ count: [String: Int],
                             _ l: [Range<Int>]?, _ s: [Range<Int>]?, line: (String) -> String) {
                    if !keys.isEmpty { searched += 1 }
                    if s == nil, l != nil { unsure += 1 }
                    if inOrder(all) {
                        XCTAssertEqual(s, l, "\(section) in order, \(what)")
                    } else if let s, s != l {
                        // Only a key written twice, found at one of its records, whose neighbours
                        // (in the section's order) hold other keys.
                        XCTAssertNil(l, "\(section), \(what)")
                        XCTAssertTrue(keys.contains { count[$0, default: 0] > 1 }, "\(section), \(what)")
                        for (range, k) in zip(s, keys) {
                            XCTAssertTrue(String(decoding: old[range] + [0x0a], as: UTF8.self).contains(line(k)), "\(section), \(what)")
                            let starts = recordStarts(section)
                            guard let at = all.indices.first(where: { all[$0] == k && starts[$0] == range.lowerBound }) else {
                                XCTFail("\(section): no record of \(k) at \(range), \(what)")
                                continue
                            }
                            XCTAssertFalse(at > 0 && all[at - 1] == k || at + 1 < all.count && all[at + 1] == k, "\(section), \(what)")
                        }
                        foundOnceOfTwo += 1
                    }
                }
                compare("files", p, paths, pathCount, linear.files, binary.files) { "\n      \"path\" : \(Self.quoted($0)),\n" }
                compare("projections", n, names, nameCount, linear.projections, binary.projections) { "\n    \(Self.quoted($0)) : {\n" }
                // Both found (for every fourth key alone, and the sets of several): `patched` writes
                // the bytes of the document with those records replaced.
                if index % 4 == 0 || index >= sets.count - 6, let lf = linear.files, let lp = linear.projections,
                   either.files == lf, either.projections == lp {
                    let newFiles = p.map { file($0, 7) }, newRecords = n.map { record($0, 7) }
                    let want = bytes(files.map { f in newFiles.first { $0.path == f.path } ?? f },
                                     projections.map { r in newRecords.first { $0.name == r.name } ?? r })
                    XCTAssertEqual(ProvenanceDocument.patched(old, planDigest: Digest.of("plan"), nativeInputDigest: nil,
                                                              files: newFiles, projections: newRecords), want, what)
                    patchedWhole += 1
                }
            }
        }
        print("key lines: \(searched) searched, \(unsure) unsure, \(foundOnceOfTwo) found once of twice, \(patchedWhole) patched")
        // The search answered by itself, and each kind of case was met.
        XCTAssertGreaterThan(searched, 2_000)
        XCTAssertGreaterThan(unsure, 100)
        XCTAssertGreaterThan(foundOnceOfTwo, 0)
        XCTAssertGreaterThan(patchedWhole, 500)
    }

    /// Where `needle` starts in `bytes[from ..< to]`.
    private static func offsets(of needle: String, in bytes: [UInt8], from: Int, to: Int) -> [Int] {
        let n = Array(needle.utf8)
        return (from ..< max(from, to - n.count + 1)).filter { bytes[$0] == n[0] && Array(bytes[$0 ..< $0 + n.count]) == n }
    }

    private static func quoted(_ s: String) -> String {
        var out: [UInt8] = []
        JSONText.appendString(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// A section of 9,000 files in order (a Rails tree's size) and 1,000 projections: the search
    /// finds the first, the last and an entity's records by itself, the same as reading every line.
    func testALargeSectionInOrderIsSearched() throws {
        let paths = (0 ..< 1_000).flatMap { e in
            ["app/controllers/e\(e)s_controller.rb", "app/models/e\(e).rb", "spec/requests/e\(e)s_spec.rb"]
                + ["_form", "edit", "index", "new", "show", "_e\(e)"].map { "app/views/e\(e)s/\($0).html.erb" }
        }.sorted { $0.utf8Precedes($1) }
        let names = (0 ..< 1_000).map { "entity:e\($0)" }.sorted { $0.utf8Precedes($1) }
        let old = bytes(paths.map { file($0) }, names.map { record($0) })
        for (p, n) in [([paths[0]], [names[0]]), ([paths.last!], [names.last!]),
                       (paths.filter { $0.contains("e500s") || $0.hasSuffix("/e500.rb") }, ["entity:e500"])] {
            let binary = try XCTUnwrap(ProvenanceDocument.recordRanges(old, paths: p, names: n, search: .binary))
            let linear = try XCTUnwrap(ProvenanceDocument.recordRanges(old, paths: p, names: n, search: .linear))
            XCTAssertNotNil(binary.files, "\(p)")
            XCTAssertNotNil(binary.projections, "\(n)")
            XCTAssertEqual(binary.files, linear.files)
            XCTAssertEqual(binary.projections, linear.projections)
        }
    }

    /// The one thing the search does not see: in files out of order, a path written twice far
    /// apart is found at the record whose neighbours sort around it (reading every line refuses
    /// it). A composition writes its files by path, each once.
    func testAPathWrittenTwiceFarApartInFilesOutOfOrder() throws {
        let paths = (0 ..< 20).map { String(format: "app/f%02d.rb", $0) }
        let old = bytes((paths + [paths[3]]).map { file($0) }, nil)
        let linear = try XCTUnwrap(ProvenanceDocument.recordRanges(old, paths: [paths[3]], names: [], search: .linear))
        let binary = try XCTUnwrap(ProvenanceDocument.recordRanges(old, paths: [paths[3]], names: [], search: .binary))
        XCTAssertNil(linear.files)
        let found = try XCTUnwrap(binary.files?.first)
        XCTAssertTrue(String(decoding: old[found], as: UTF8.self).contains(#""path" : "app/f03.rb","#))
        // Side by side, it is refused.
        let near = bytes((paths[...3] + paths[3...]).map { file($0) }, nil)
        XCTAssertNil(try XCTUnwrap(ProvenanceDocument.recordRanges(near, paths: [paths[3]], names: [], search: .binary)).files)
    }

    /// Lines out of order next to the key, or a key the writer would not write: unsure (and read).
    func testDisorderNextToTheKeyIsUnsure() throws {
        let paths = (0 ..< 20).map { String(format: "app/f%02d.rb", $0) }
        var swapped = paths
        swapped.swapAt(9, 11)
        let old = bytes(swapped.map { file($0) }, nil)
        let search = { (s: ProvenanceDocument.RecordSearch) in ProvenanceDocument.recordRanges(old, paths: [paths[10]], names: [], search: s) }
        XCTAssertNil(try XCTUnwrap(search(.binary)).files)
        XCTAssertNotNil(try XCTUnwrap(search(.linear)).files)
        XCTAssertEqual(try XCTUnwrap(search(.binaryElseLinear)).files, try XCTUnwrap(search(.linear)).files)
        // `\u0041` is "A", but not as the writer writes it.
        let text = String(decoding: bytes(paths.map { file($0) }, nil), as: UTF8.self)
        let odd = Array(text.replacingOccurrences(of: "app/f11.rb", with: "app/f11\\u0041.rb").utf8)
        XCTAssertNil(try XCTUnwrap(ProvenanceDocument.recordRanges(odd, paths: [paths[10]], names: [], search: .binary)).files)
        XCTAssertNotNil(try XCTUnwrap(ProvenanceDocument.recordRanges(odd, paths: [paths[10]], names: [], search: .binaryElseLinear)).files)
    }

    /// A key is compared as the string it escapes: every byte below 0x80 and the paths above give
    /// back their bytes; anything the writer would not write is nil.
    func testUnescaped() {
        func unescaped(_ s: String) -> [UInt8]? {
            Array(s.utf8).withUnsafeBufferPointer { ProvenanceDocument.KeyLines.unescaped($0) }
        }
        for s in (0 ..< 0x80).map({ String(UnicodeScalar(UInt8($0))) }) + Self.paths + Self.names {
            XCTAssertEqual(unescaped(String(Self.quoted(s).dropFirst().dropLast())), Array(s.utf8), s.debugDescription)
        }
        for s in [#"\u0041"#, #"\/"#, #"\u000a"#, #"\u001F"#, #"\U0001"#, #"\u01"#, #"a\"#, #"\x"#, "a\"b", "a\u{01}b", "a\nb"] {
            XCTAssertNil(unescaped(s), s.debugDescription)
        }
    }
}
