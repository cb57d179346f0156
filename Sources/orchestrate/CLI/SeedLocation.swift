import Foundation

/// Finds the repository's seed store `cas/` without a flag: `$ORCHESTRATE_SEED` when set, else a
/// `cas/` beside the executable or in one of the six directories above it (the release tarball
/// puts `cas/` beside `orchestrate`; a `swift build` binary sits in `.build/<triple>/<config>/`
/// of the source tree), else the `cas/` of the source tree this binary was built from.
public enum SeedLocation {
    public static func find(environment: [String: String]) -> String? {
        find(environment: environment, executable: executablePath())
    }

    static func find(environment: [String: String], executable: String) -> String? {
        if let explicit = environment["ORCHESTRATE_SEED"], !explicit.isEmpty { return explicit }
        var candidates: [String] = []
        var dir = URL(fileURLWithPath: executable).deletingLastPathComponent()
        for _ in 0..<7 {
            candidates.append(dir.appendingPathComponent("cas").path)
            dir = dir.deletingLastPathComponent()
        }
        // Sources/orchestrate/CLI/SeedLocation.swift → repository root.
        let source = URL(fileURLWithPath: #filePath)
        let repo = source.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(repo.appendingPathComponent("cas").path)
        var isDir: ObjCBool = false
        return candidates.first { FileManager.default.fileExists(atPath: $0, isDirectory: &isDir) && isDir.boolValue }
    }

    /// The running executable, links resolved: `/proc/self/exe` (right however it was started,
    /// through `PATH` too), else `argv[0]` against the current directory.
    static func executablePath() -> String {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().path
    }
}
