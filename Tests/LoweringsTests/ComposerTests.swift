import Cache
import Foundation
import XCTest
@testable import Lowerings

final class ComposerTests: XCTestCase {
    private let seams = [
        CoreSeam(path: "Generated/A.swift", owner: "x.a", origin: .replaces),
        CoreSeam(path: "bin/tool", owner: "x.tool", mode: 0o755, origin: .adds),
        CoreSeam(path: "res/ic_{token}.xml", owner: "x.icons", origin: .adds),
        CoreSeam(path: "config/opt.rb", owner: "x.opt", origin: .replaces, optional: true),
    ]
    private var pin: CorePin { CorePin(name: "x", digest: Digest.of("core").hex, revision: "x-1", mount: "x", seams: seams) }
    private let core = [
        CoreFile(path: "Generated/A.swift", digest: Digest.of("placeholder"), mode: 0o644),
        CoreFile(path: "App/Main.swift", digest: Digest.of("main"), mode: 0o644),
        CoreFile(path: "config/opt.rb", digest: Digest.of("opt"), mode: 0o644),
    ]

    private func out(_ path: String, _ owner: String, _ text: String = "v", mode: UInt16 = 0o644) -> SeamOutput {
        SeamOutput(path: "x/" + path, digest: Digest.of(text), mode: mode, owner: owner, taskKey: Digest.of("key " + path), renderedIn: Digest.of("plan"))
    }

    private func compose(_ outputs: [SeamOutput]) throws -> Composition {
        try Composer.compose(.init(platform: "x", pin: pin, planDigest: Digest.of("plan"), projectionDigest: Digest.of("proj"), release: "x-rel"),
                             core: core, outputs: outputs)
    }

    func testComposesAndRecordsOrigins() throws {
        let c = try compose([out("Generated/A.swift", "x.a", "real"), out("bin/tool", "x.tool", mode: 0o755), out("res/ic_film.xml", "x.icons")])
        let byPath = Dictionary(uniqueKeysWithValues: c.files.map { ($0.path, $0) })
        XCTAssertEqual(byPath["Generated/A.swift"]?.origin, .replaced)
        XCTAssertEqual(byPath["Generated/A.swift"]?.digest, Digest.of("real"))
        XCTAssertEqual(byPath["App/Main.swift"]?.origin, .core)
        XCTAssertEqual(byPath["config/opt.rb"]?.origin, .core, "an optional seam keeps the Core file")
        XCTAssertEqual(byPath["res/ic_film.xml"]?.origin, .added)
        XCTAssertEqual(c.files.count, 5)
        let doc = try ProvenanceDocument.decode(c.provenance)
        XCTAssertEqual(doc.nativeInputDigest, c.nativeInputDigest)
        XCTAssertEqual(doc.files.first { $0.path == "bin/tool" }?.mode, "100755")
        XCTAssertEqual(doc.core.mountedPath, "x")
        XCTAssertEqual(c.provenancePath, "x/FOUNDATION_PROVENANCE.json")
        let json = try JSONSerialization.jsonObject(with: Data(c.provenance)) as! [String: Any]
        XCTAssertEqual(Set(json.keys), ["schema", "platform", "native_input_digest", "plan_digest", "projection_digest", "lowering_release", "core", "files"])
        let file = (json["files"] as! [[String: Any]]).first { $0["path"] as? String == "App/Main.swift" }!
        XCTAssertEqual(Set(file.keys), ["path", "sha256", "mode", "origin", "owner", "task_key", "rendered_in"])
    }

    func testTheDigestOfAComposedTreeEqualsTheShellPipeline() throws {
        let c = try compose([out("Generated/A.swift", "x.a", "real"), out("bin/tool", "x.tool", "#!/bin/sh\n", mode: 0o755)])
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("comp-" + UUID().uuidString).path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let contents: [Digest: String] = [Digest.of("placeholder"): "placeholder", Digest.of("main"): "main", Digest.of("opt"): "opt",
                                          Digest.of("real"): "real", Digest.of("#!/bin/sh\n"): "#!/bin/sh\n"]
        for f in c.files {
            let full = dir + "/" + f.path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(contents[f.digest]!.utf8).write(to: URL(fileURLWithPath: full))
            try FileManager.default.setAttributes([.posixPermissions: Int(f.mode)], ofItemAtPath: full)
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
            XCTAssertEqual($0 as? CompositionError, .missingSeam(platform: "x", path: "Generated/A.swift", owner: "x.a"))
        }
        XCTAssertThrowsError(try compose([out("Generated/A.swift", "x.a"), out("Generated/B.swift", "x.a")])) {
            XCTAssertEqual($0 as? CompositionError, .undeclaredOutput(platform: "x", path: "Generated/B.swift", owner: "x.a"))
        }
        XCTAssertThrowsError(try compose([out("Generated/A.swift", "x.intruder")])) {
            XCTAssertEqual($0 as? CompositionError, .wrongOwner(platform: "x", path: "Generated/A.swift", expected: "x.a", actual: "x.intruder"))
        }
        XCTAssertThrowsError(try compose([out("Generated/A.swift", "x.a"), out("bin/tool", "x.tool", mode: 0o644)])) {
            XCTAssertEqual($0 as? CompositionError, .wrongMode(platform: "x", path: "bin/tool", expected: 0o755, actual: 0o644))
        }
        XCTAssertThrowsError(try compose([out("Generated/A.swift", "x.a"),
                                          SeamOutput(path: "elsewhere/f", digest: Digest.of("v"), mode: 0o644, owner: "x.a", taskKey: Digest.of("k"), renderedIn: nil)])) {
            XCTAssertEqual($0 as? CompositionError, .outsideMount(platform: "x", path: "elsewhere/f", mount: "x"))
        }
        XCTAssertThrowsError(try compose([out("Generated/A.swift", "x.a"), out("res/ic_a/b.xml", "x.icons")]), "a pattern segment never spans /")
    }

    func testPatternMatching() {
        let s = CoreSeam(path: "db/migrate/{timestamp}_create_{plural}.rb", owner: "m", origin: .adds)
        XCTAssertTrue(s.matches("db/migrate/20260101000000_create_movies.rb"))
        XCTAssertFalse(s.matches("db/migrate/x/y_create_movies.rb"))
        XCTAssertFalse(s.matches("db/migrate/_create_movies.rb"))
        XCTAssertFalse(s.matches("db/migrate/1_create_movies.rbx"))
    }

    func testTheMostSpecificSeamWinsInAnyDeclarationOrder() throws {
        let seams = [
            CoreSeam(path: "app/models/{entity}.rb", owner: "m.entity", origin: .adds),
            CoreSeam(path: "db/migrate/{timestamp}_create_{plural}.rb", owner: "m.migration", origin: .adds),
            CoreSeam(path: "app/models/account.rb", owner: "m.account", origin: .adds),
            CoreSeam(path: "db/migrate/{timestamp}_create_rodauth.rb", owner: "m.rodauth", origin: .adds),
        ]
        for order in [seams, seams.reversed()] {
            let pin = CorePin(name: "m", digest: Digest.of("c").hex, revision: "m-1", mount: "m", seams: order)
            let outputs = [("app/models/account.rb", "m.account"), ("app/models/movie.rb", "m.entity"),
                           ("db/migrate/1_create_rodauth.rb", "m.rodauth"), ("db/migrate/2_create_movies.rb", "m.migration")].map {
                SeamOutput(path: "m/" + $0.0, digest: Digest.of($0.0), mode: 0o644, owner: $0.1, taskKey: Digest.of($0.1), renderedIn: nil)
            }
            let c = try Composer.compose(.init(platform: "m", pin: pin, planDigest: Digest.of("p"), projectionDigest: nil, release: "r"),
                                         core: [], outputs: outputs)
            XCTAssertEqual(c.files.map(\.owner), ["m.account", "m.entity", "m.rodauth", "m.migration"])
        }
    }
}
