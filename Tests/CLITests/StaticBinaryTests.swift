import Foundation
import Pipeline
import XCTest

/// The release tarball `scripts/build-static.sh` makes, extracted into an unrelated directory and
/// run as a CI runner would: no Swift toolchain on PATH, an empty environment. scripts/test.sh
/// builds it once (release, Swift runtime linked statically; incremental after the first time)
/// and names it in `ORCHESTRATE_TEST_STATIC_TARBALL`; without it these tests are skipped.
final class StaticBinaryTests: XCTestCase {
    /// The shared libraries a stock ubuntu-latest runner has (libc6, libstdc++6, libgcc-s1,
    /// zlib1g, libsqlite3-0, libssl3), as `ldd` names them.
    static let runnerLibraries: Set<String> = [
        "linux-vdso.so.1", "/lib64/ld-linux-x86-64.so.2", "libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "librt.so.1",
        "libutil.so.1", "libstdc++.so.6", "libgcc_s.so.1", "libz.so.1", "libsqlite3.so.0", "libcrypto.so.3", "libssl.so.3",
    ]

    private var root = ""

    override func setUpWithError() throws {
        guard let tarball = ProcessInfo.processInfo.environment["ORCHESTRATE_TEST_STATIC_TARBALL"], !tarball.isEmpty else {
            throw XCTSkip("ORCHESTRATE_TEST_STATIC_TARBALL is not set; scripts/test.sh builds the tarball and sets it")
        }
        root = FileManager.default.temporaryDirectory.appendingPathComponent("static-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: root + "/unpacked", withIntermediateDirectories: true)
        let r = try ExternalTool.find("tar").run(["-xzf", tarball, "-C", root + "/unpacked", "--strip-components=1"])
        XCTAssertEqual(r.status, 0, r.err)
        try FileManager.default.createDirectory(atPath: root + "/unrelated", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: PlanCompileTests.examples.appendingPathComponent("studio-ops.plan.json").path,
                                         toPath: root + "/unrelated/app.plan.json")
    }

    override func tearDown() { if !root.isEmpty { try? FileManager.default.removeItem(atPath: root) } }

    /// `env -i` with only the system directories on PATH: no swift, no LD_LIBRARY_PATH, no HOME
    /// beyond a fresh one.
    private func run(_ executable: String, _ arguments: [String], path: String = "/usr/bin:/bin") throws -> (status: Int32, out: String, err: String) {
        try ExternalTool(path: "/usr/bin/env").run(["-i", "PATH=\(path)", "HOME=\(root)/home", executable] + arguments, in: root + "/unrelated")
    }

    func testTheTarballHoldsTheBinaryTheObjectsAndTheirChecksums() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: root + "/unpacked").sorted()
        XCTAssertEqual(names, ["SHA256SUMS", "cas", "orchestrate"])
        let check = try ExternalTool.find("sha256sum").run(["--check", "--strict", "SHA256SUMS"], in: root + "/unpacked")
        XCTAssertEqual(check.status, 0, check.out + check.err)
        let listed = try String(contentsOfFile: root + "/unpacked/SHA256SUMS", encoding: .utf8).split(separator: "\n").map { String($0.dropFirst(66)) }
        let committed = try FileManager.default.subpathsOfDirectory(atPath: PlanCompileTests.examples.deletingLastPathComponent().appendingPathComponent("cas").path)
            .filter { $0.count > 3 }.map { "cas/" + $0 }
        XCTAssertEqual(Set(listed), Set(committed + ["orchestrate"]))
    }

    func testTheBinaryNeedsOnlyLibrariesAStockRunnerHas() throws {
        let r = try ExternalTool.find("ldd").run([root + "/unpacked/orchestrate"])
        XCTAssertEqual(r.status, 0, r.err)
        let libraries = Set(r.out.split(separator: "\n").compactMap { $0.split(separator: " ").first.map { String($0).trimmingCharacters(in: .whitespaces) } })
        XCTAssertEqual(libraries.subtracting(Self.runnerLibraries), [], r.out)
        XCTAssertFalse(r.out.contains("swift"), "the Swift runtime is linked in:\n\(r.out)")
        XCTAssertFalse(r.out.contains("not found"), r.out)
    }

    /// From an unrelated directory, with no toolchain and an empty environment, it compiles a Plan:
    /// the Cores come from the `cas/` beside the binary.
    func testItCompilesAPlanFromAnUnrelatedDirectoryWithNoToolchain() throws {
        XCTAssertFalse(FileManager.default.isExecutableFile(atPath: "/usr/bin/swift") || FileManager.default.isExecutableFile(atPath: "/bin/swift"),
                       "a swift on /usr/bin would make this test prove less")
        let version = try run(root + "/unpacked/orchestrate", ["--version"])
        XCTAssertEqual(version.status, 0, version.err)
        XCTAssertTrue(version.out.hasPrefix("orchestrate "), version.out)
        let r = try run(root + "/unpacked/orchestrate", ["compile", "app.plan.json", "--out", "out", "--store", "store", "--summary", "s.json"])
        XCTAssertEqual(r.status, 0, r.err)
        let summary = try CompileSummary.decode(Array(try Data(contentsOf: URL(fileURLWithPath: root + "/unrelated/s.json"))), path: "s.json")
        XCTAssertGreaterThan(summary.totals.rendered, 0)
        XCTAssertEqual(summary.totals.failed, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/unrelated/out/ios/project.yml"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/unrelated/out/android/settings.gradle.kts"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/unrelated/out/Gemfile"))
        // Found through PATH (argv[0] is a bare name): the same cas/ beside it.
        let viaPath = try run("orchestrate", ["compile", "app.plan.json", "--out", "out2", "--store", "store2"], path: root + "/unpacked:/usr/bin:/bin")
        XCTAssertEqual(viaPath.status, 0, viaPath.err)
    }

    /// The `cas/` beside the binary is looked at first: with an empty one there, the Cores are
    /// missing (exit 66), though this machine's source tree has them.
    func testItReadsTheCasBesideItselfFirst() throws {
        try FileManager.default.createDirectory(atPath: root + "/lonely/cas", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: root + "/unpacked/orchestrate", toPath: root + "/lonely/orchestrate")
        let r = try run(root + "/lonely/orchestrate", ["compile", "app.plan.json", "--out", "out", "--store", "store"])
        XCTAssertEqual(r.status, 66, r.out + r.err)
    }
}
