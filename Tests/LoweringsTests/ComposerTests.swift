import Cache
import Foundation
import Tasks
import XCTest
@testable import Lowerings

final class ComposerTests: XCTestCase {
    private let seams = [
        CoreSeam(.iosApplicationDefinition, path: "Generated/A.swift", origin: .replaces),
        CoreSeam(.iosNavigationDefinition, path: "bin/tool", mode: .executable, origin: .adds),
        CoreSeam(.iosAccentColor, path: "res/ic_{token}.xml", origin: .adds),
        CoreSeam(.iosIdentityXcconfig, path: "config/opt.rb", origin: .replaces, optional: true),
    ]
    private var pin: CorePin { CorePin(platform: .ios, digest: Digest.of("core"), revision: "x-1", seams: seams) }
    private let core = [
        CoreFile(path: "Generated/A.swift", digest: Digest.of("placeholder"), mode: .regular),
        CoreFile(path: "App/Main.swift", digest: Digest.of("main"), mode: .regular),
        CoreFile(path: "config/opt.rb", digest: Digest.of("opt"), mode: .regular),
    ]

    private func out(_ path: String, _ seam: SeamID, _ text: String = "v", mode: FileMode = .regular) -> SeamOutput {
        SeamOutput(path: "ios/" + path, digest: Digest.of(text), mode: mode, seam: seam, taskKey: Digest.of("key " + path))
    }

    private func compose(_ outputs: [SeamOutput]) throws -> Composition {
        try Composer.compose(.init(pin: pin, planDigest: Digest.of("plan"), projectionDigest: Digest.of("proj"), release: "x-rel"),
                             core: core, outputs: outputs)
    }

    func testComposesAndRecordsOrigins() throws {
        let c = try compose([out("Generated/A.swift", .iosApplicationDefinition, "real"), out("bin/tool", .iosNavigationDefinition, mode: .executable),
                             out("res/ic_film.xml", .iosAccentColor)])
        let byPath = Dictionary(uniqueKeysWithValues: c.files.map { ($0.path, $0) })
        XCTAssertEqual(byPath["Generated/A.swift"]?.origin, .replaced)
        XCTAssertEqual(byPath["Generated/A.swift"]?.digest, Digest.of("real"))
        XCTAssertEqual(byPath["App/Main.swift"]?.origin, .core)
        XCTAssertEqual(byPath["config/opt.rb"]?.origin, .core, "an optional seam keeps the Core file")
        XCTAssertEqual(byPath["res/ic_film.xml"]?.origin, .added)
        XCTAssertEqual(c.files.count, 5)
        let doc = try ProvenanceDocument.decode(c.provenance)
        XCTAssertEqual(doc.nativeInputDigest, c.nativeInputDigest)
        XCTAssertEqual(doc.files.first { $0.path == "bin/tool" }?.mode, .executable)
        XCTAssertEqual(doc.files.first { $0.path == "bin/tool" }?.owner, "ios.navigation_definition")
        XCTAssertEqual(doc.files.first { $0.path == "App/Main.swift" }?.owner, "core:ios")
        XCTAssertEqual(doc.core.mountedPath, "ios")
        XCTAssertEqual(c.provenancePath, "ios/FOUNDATION_PROVENANCE.json")
        XCTAssertTrue(String(decoding: c.provenance, as: UTF8.self).contains(#""mode" : "100755""#), "modes are written as git writes them")
        let json = try JSONSerialization.jsonObject(with: Data(c.provenance)) as! [String: Any]
        XCTAssertEqual(Set(json.keys), ["schema", "platform", "native_input_digest", "plan_digest", "projection_digest", "lowering_release", "core", "files"])
        let file = (json["files"] as! [[String: Any]]).first { $0["path"] as? String == "App/Main.swift" }!
        XCTAssertEqual(Set(file.keys), ["path", "sha256", "mode", "origin", "owner", "task_key"], "no run history (rendered_in) in provenance")
        XCTAssertEqual(json["schema"] as? String, "orchestrate.provenance/2")
    }

    /// With several broken rules, the error is the first by path, in whatever order the outputs
    /// come, and the same composition succeeds in any order.
    func testTheFirstBrokenRuleByPathIsReportedInAnyOrder() throws {
        let broken = [out("res/ic_a.xml", .iosNavigationDefinition), out("bin/tool", .iosNavigationDefinition, mode: .regular),
                      out("Generated/A.swift", .iosApplicationDefinition), out("zz/undeclared", .iosAccentColor),
                      out("Generated/A.swift", .iosApplicationDefinition, "twice")]
        var generator = SystemRandomNumberGenerator()
        for order in [broken, broken.reversed(), broken.shuffled(using: &generator), broken.shuffled(using: &generator)] {
            XCTAssertThrowsError(try compose(order)) {
                XCTAssertEqual($0 as? CompositionError, .duplicateOutput(platform: .ios, path: "Generated/A.swift"), "\(order.map(\.path))")
            }
            XCTAssertThrowsError(try compose(order.filter { !$0.path.hasSuffix("A.swift") })) {
                XCTAssertEqual($0 as? CompositionError, .wrongMode(platform: .ios, path: "bin/tool", expected: .executable, actual: .regular))
            }
        }
        let good = [out("Generated/A.swift", .iosApplicationDefinition, "real"), out("bin/tool", .iosNavigationDefinition, mode: .executable),
                    out("res/ic_film.xml", .iosAccentColor), out("res/ic_tv.xml", .iosAccentColor)]
        let expected = try compose(good)
        XCTAssertEqual(try compose(good.reversed()).provenance, expected.provenance)
        XCTAssertEqual(try compose(good.shuffled(using: &generator)).files, expected.files)
    }

    func testTheDigestOfAComposedTreeEqualsTheShellPipeline() throws {
        let c = try compose([out("Generated/A.swift", .iosApplicationDefinition, "real"), out("bin/tool", .iosNavigationDefinition, "#!/bin/sh\n", mode: .executable)])
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("comp-" + UUID().uuidString).path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let contents: [Digest: String] = [Digest.of("placeholder"): "placeholder", Digest.of("main"): "main", Digest.of("opt"): "opt",
                                          Digest.of("real"): "real", Digest.of("#!/bin/sh\n"): "#!/bin/sh\n"]
        for f in c.files {
            let full = dir + "/" + f.path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(contents[f.digest]!.utf8).write(to: URL(fileURLWithPath: full))
            try FileManager.default.setAttributes([.posixPermissions: Int(f.mode.rawValue)], ofItemAtPath: full)
        }
        try Data(c.provenance).write(to: URL(fileURLWithPath: dir + "/FOUNDATION_PROVENANCE.json"))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", """
            find . -type f ! -path ./FOUNDATION_PROVENANCE.json -printf '%P\\n' | LC_ALL=C sort |
              while IFS= read -r f; do m=100644; [ -x "$f" ] && m=100755
                printf '%s %s  %s\\n' "$m" "$(sha256sum < "$f" | cut -d' ' -f1)" "$f"; done |
              sha256sum | cut -d' ' -f1
            """]
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let shell = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        p.waitUntilExit()
        XCTAssertEqual(c.nativeInputDigest.hex, shell)
    }

    func testRejections() {
        XCTAssertThrowsError(try compose([])) {
            XCTAssertEqual($0 as? CompositionError, .missingSeam(platform: .ios, path: "Generated/A.swift", seam: .iosApplicationDefinition))
        }
        XCTAssertThrowsError(try compose([out("Generated/A.swift", .iosApplicationDefinition), out("Generated/B.swift", .iosApplicationDefinition)])) {
            XCTAssertEqual($0 as? CompositionError, .undeclaredOutput(platform: .ios, path: "Generated/B.swift", seam: .iosApplicationDefinition))
        }
        XCTAssertThrowsError(try compose([out("Generated/A.swift", .iosAppIcon)])) {
            XCTAssertEqual($0 as? CompositionError, .wrongSeam(platform: .ios, path: "Generated/A.swift", expected: .iosApplicationDefinition, actual: .iosAppIcon))
        }
        XCTAssertThrowsError(try compose([out("Generated/A.swift", .iosApplicationDefinition), out("bin/tool", .iosNavigationDefinition, mode: .regular)])) {
            XCTAssertEqual($0 as? CompositionError, .wrongMode(platform: .ios, path: "bin/tool", expected: .executable, actual: .regular))
        }
        XCTAssertThrowsError(try compose([out("Generated/A.swift", .iosApplicationDefinition),
                                          SeamOutput(path: "elsewhere/f", digest: Digest.of("v"), mode: .regular, seam: .iosApplicationDefinition,
                                                     taskKey: Digest.of("k"))])) {
            XCTAssertEqual($0 as? CompositionError, .outsideMount(platform: .ios, path: "elsewhere/f", mount: "ios"))
        }
        XCTAssertThrowsError(try compose([out("Generated/A.swift", .iosApplicationDefinition), out("res/ic_a/b.xml", .iosAccentColor)]),
                             "a pattern segment never spans /")
    }

    func testPatternMatching() {
        let s = CoreSeam(.railsEntityMigration, path: "db/migrate/{timestamp}_create_{plural}.rb", origin: .adds)
        XCTAssertTrue(s.matches("db/migrate/20260101000000_create_movies.rb"))
        XCTAssertFalse(s.matches("db/migrate/x/y_create_movies.rb"))
        XCTAssertFalse(s.matches("db/migrate/_create_movies.rb"))
        XCTAssertFalse(s.matches("db/migrate/1_create_movies.rbx"))
    }

    /// The prefilter (a literal prefix and suffix) never rejects what the full match accepts: every
    /// pinned seam and a set of odd patterns (adjacent placeholders, `{name*}`, an unclosed `{`, a
    /// stray `}`) against candidates built from them, compared with the plain recursive glob.
    func testPatternPrefilterAgreesWithThePlainMatch() {
        func plain(_ p: ArraySlice<UInt8>, _ t: ArraySlice<UInt8>) -> Bool {
            guard let first = p.first else { return t.isEmpty }
            if first == UInt8(ascii: "{") {
                guard let close = p.firstIndex(of: UInt8(ascii: "}")) else { return false }
                let rest = p[(close + 1)...], segments = p[p.index(before: close)] == UInt8(ascii: "*")
                var i = t.startIndex
                while i < t.endIndex && (segments || t[i] != UInt8(ascii: "/")) {
                    i += 1
                    if plain(rest, t[i...]) { return true }
                }
                return false
            }
            guard let c = t.first, c == first else { return false }
            return plain(p.dropFirst(), t.dropFirst())
        }
        let odd = ["{a}", "{a}{b}.rb", "x/{a*}.swift", "a/{b", "a}b/{c}.rb", "a/{b}}", "{a}_x_{b}", "db/{t}_create_{p}.rb", "a}{b"]
        let patterns = CorePins.all.flatMap(\.seams).map(\.path).filter { $0.contains("{") } + odd
        var candidates: Set<String> = ["", "a", "}", "a/b", "x/y/z.swift", "x/.swift", "db/1_create_.rb", "db/1_create_x.rb", "a}b/c.rb", "a/b}}", "a/x}"]
        for p in patterns {
            for fill in ["x", "xy", "a/b", "", "}", "{"] {
                var c = ""
                var inside = false
                for ch in p {
                    if ch == "{" { inside = true; c += fill } else if ch == "}" && inside { inside = false } else if !inside { c.append(ch) }
                }
                candidates.insert(c)
                candidates.insert(c + "x")
                candidates.insert("x" + c)
            }
        }
        var agreed = 0, matched = 0
        for p in patterns {
            let seam = CoreSeam(.railsEntityModel, path: p, origin: .adds)
            for c in candidates {
                let expected = plain(Array(p.utf8)[...], Array(c.utf8)[...])
                XCTAssertEqual(seam.matches(c), expected, "\(p) against \(c)")
                XCTAssertEqual(seam.matches(utf8: Array(c.utf8)), expected, "\(p) against \(c)")
                agreed += 1
                if expected { matched += 1 }
            }
        }
        XCTAssertGreaterThan(matched, patterns.count, "the candidates include real matches")
        XCTAssertGreaterThan(agreed, 1000)
    }

    func testTheMostSpecificSeamWinsInAnyDeclarationOrder() throws {
        let seams = [
            CoreSeam(.railsEntityModel, path: "app/models/{entity}.rb", origin: .adds),
            CoreSeam(.railsEntityMigration, path: "db/migrate/{timestamp}_create_{plural}.rb", origin: .adds),
            CoreSeam(.railsAccountModel, path: "app/models/account.rb", origin: .adds),
            CoreSeam(.railsAccountMigration, path: "db/migrate/{timestamp}_create_rodauth.rb", origin: .adds),
        ]
        for order in [seams, seams.reversed()] {
            let pin = CorePin(platform: .rails, digest: Digest.of("c"), revision: "m-1", seams: order)
            let outputs: [SeamOutput] = [("app/models/account.rb", SeamID.railsAccountModel), ("app/models/movie.rb", .railsEntityModel),
                                         ("db/migrate/1_create_rodauth.rb", .railsAccountMigration),
                                         ("db/migrate/2_create_movies.rb", .railsEntityMigration)].map {
                SeamOutput(path: $0.0, digest: Digest.of($0.0), mode: .regular, seam: $0.1, taskKey: Digest.of($0.1.rawValue))
            }
            let c = try Composer.compose(.init(pin: pin, planDigest: Digest.of("p"), projectionDigest: nil, release: "r"),
                                         core: [], outputs: outputs)
            XCTAssertEqual(c.files.map(\.owner), [.seam(.railsAccountModel), .seam(.railsEntityModel), .seam(.railsAccountMigration),
                                                  .seam(.railsEntityMigration)])
        }
    }
}
